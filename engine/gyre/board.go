package gyre

// Color is the colour of a stone, or Empty.
type Color int8

// The colours. Spoke places the first stone.
const (
	Empty Color = iota
	Spoke
	Gyre
)

// String returns "spoke", "gyre" or "empty".
func (c Color) String() string {
	switch c {
	case Spoke:
		return "spoke"
	case Gyre:
		return "gyre"
	case Empty:
		return "empty"
	}
	return "invalid"
}

// Other returns the opposing colour (Empty for Empty).
func (c Color) Other() Color {
	switch c {
	case Spoke:
		return Gyre
	case Gyre:
		return Spoke
	}
	return Empty
}

// Group flags, kept on the root of each group.
const (
	touchesInner uint8 = 1 << iota // a stone on ring 0
	touchesOuter                   // a stone on ring R-1
	winds                          // the group holds a cycle around the hole
)

// Board is a GYRE position: the stones and, for every group of one colour,
// a union-find node recording the rims the group touches and whether it
// winds around the hole. It is a plain value: assigning a Board copies it.
//
// The union-find also keeps, for each stone, the column offset to its
// parent measured along the lattice without wrapping (its "lift"). Within a
// tree the lifts are consistent; an edge between two stones of one group
// whose lifts disagree (by a multiple of Cols) closes a path around the
// hole: that is a loop, by the rulebook's definition (Winning).
type Board struct {
	geo    *Geometry
	stones [MaxCells]Color
	parent [MaxCells]int16
	off    [MaxCells]int16 // lift(cell) - lift(parent)
	rank   [MaxCells]uint8
	flags  [MaxCells]uint8 // meaningful on roots only
	count  [3]int16        // stones of each colour, indexed by Color
	bridge bool            // some Spoke group touches both rims
	loop   bool            // some Gyre group winds around the hole
}

// NewBoard returns an empty board of the given geometry.
func NewBoard(g *Geometry) Board {
	return Board{geo: g}
}

// Geometry returns the board's geometry.
func (b *Board) Geometry() *Geometry { return b.geo }

// Size returns the board size.
func (b *Board) Size() Size { return b.geo.size }

// At returns the colour on a cell.
func (b *Board) At(c Cell) Color { return b.stones[c] }

// Stones returns the number of stones of a colour (Empty: empty cells).
func (b *Board) Stones(col Color) int {
	if col == Empty {
		return b.geo.Cells() - int(b.count[Spoke]) - int(b.count[Gyre])
	}
	return int(b.count[col])
}

// Full reports whether every cell holds a stone.
func (b *Board) Full() bool { return b.Stones(Empty) == 0 }

// Bridge reports whether Spoke has a group touching both rims.
func (b *Board) Bridge() bool { return b.bridge }

// Loop reports whether Gyre has a group that goes around the hole.
func (b *Board) Loop() bool { return b.loop }

// Winner returns the colour whose winning condition holds, or Empty. The
// rulebook's no-draw theorem says at most one can hold, and exactly one on
// a full board; the tests check it.
func (b *Board) Winner() Color {
	switch {
	case b.bridge:
		return Spoke
	case b.loop:
		return Gyre
	}
	return Empty
}

// find returns the root of x's group and lift(x) - lift(root), halving the
// path on the way.
func (b *Board) find(x int16) (int16, int16) {
	var acc int16
	for {
		p := b.parent[x]
		if p == x {
			return x, acc
		}
		gp := b.parent[p]
		if gp == p {
			return p, acc + b.off[x]
		}
		b.off[x] += b.off[p]
		b.parent[x] = gp
		acc += b.off[x]
		x = gp
	}
}

// Place puts a stone of colour col on the empty cell c and updates the
// groups. It trusts its caller: c must be an empty cell of this board and
// col Spoke or Gyre (Game.Play checks both). The cost is a few union-find
// steps for each of at most six neighbours.
func (b *Board) Place(c Cell, col Color) {
	g := b.geo
	i := int16(c)
	b.stones[c] = col
	b.count[col]++
	b.parent[i] = i
	b.off[i] = 0
	b.rank[i] = 0
	flags := g.rim[c]
	root, rootOff := i, int16(0) // lift(c) - lift(root)
	for _, n := range g.nbr[6*int(c) : 6*int(c)+int(g.deg[c])] {
		if b.stones[n.Cell] != col {
			continue
		}
		nroot, nOff := b.find(int16(n.Cell))
		// Along this edge lift(n) = lift(c) + DCol, so the lifts of the
		// two roots differ by d.
		d := rootOff + int16(n.DCol) - nOff // lift(nroot) - lift(root)
		if nroot == root {
			if d != 0 {
				flags |= winds
			}
			continue
		}
		flags |= b.flags[nroot]
		if b.rank[root] < b.rank[nroot] {
			b.parent[root] = nroot
			b.off[root] = -d
			root, rootOff = nroot, rootOff-d
			continue
		}
		b.parent[nroot] = root
		b.off[nroot] = d
		if b.rank[root] == b.rank[nroot] {
			b.rank[root]++
		}
	}
	b.flags[root] = flags
	if col == Spoke && flags&(touchesInner|touchesOuter) == touchesInner|touchesOuter {
		b.bridge = true
	}
	if col == Gyre && flags&winds != 0 {
		b.loop = true
	}
}

// Group returns the cells of the group holding c, appended to dst; none if
// c is empty. It is meant for showing a winning chain, not for hot loops.
func (b *Board) Group(dst []Cell, c Cell) []Cell {
	if b.stones[c] == Empty {
		return dst
	}
	root, _ := b.find(int16(c))
	for x := 0; x < b.geo.Cells(); x++ {
		if b.stones[x] == b.stones[c] {
			if r, _ := b.find(int16(x)); r == root {
				dst = append(dst, Cell(x))
			}
		}
	}
	return dst
}

// WinningGroup returns the cells of the group that makes the winner's
// condition true, appended to dst, or dst unchanged when nobody has won.
func (b *Board) WinningGroup(dst []Cell) []Cell {
	w := b.Winner()
	if w == Empty {
		return dst
	}
	for x := 0; x < b.geo.Cells(); x++ {
		if b.stones[x] != w {
			continue
		}
		r, _ := b.find(int16(x))
		f := b.flags[r]
		if (w == Spoke && f&(touchesInner|touchesOuter) == touchesInner|touchesOuter) ||
			(w == Gyre && f&winds != 0) {
			return b.Group(dst, Cell(x))
		}
	}
	return dst
}
