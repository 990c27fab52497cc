package gyre

// Far is the distance of a goal that no stones can reach any more: the
// other colour's stones block every way to it.
const Far = 1 << 20

// laps is how many copies of the board the loop search unrolls: laps
// -2 to 2 around the hole (see Distances.measureLoop).
const laps = 5

// Distances measures how far each colour is from its win (rulebook,
// Winning): the fewest stones Spoke must add to join the two rims, and the
// fewest Gyre must add to close a loop around the hole, each counting its
// own stones as free, empty cells as one and the other colour's stones as
// walls. For every cell it also keeps the cheapest such bridge or loop
// that uses the cell, which tells a player which empty cells lie on the
// short ways to a win. These are Hex's shortest-path distances, not proofs:
// a bridge of distance two can still be cut. A Distances holds its scratch
// space, so measuring allocates nothing after the first time; it is not
// safe for concurrent use.
type Distances struct {
	geo      *Geometry
	bridge   int
	loop     int
	bridgeAt []int32 // cheapest bridge through each cell
	loopAt   []int32 // cheapest loop through each cell
	fwd, bwd []int32 // scratch: 0-1 shortest paths
	cur, nxt []int32 // scratch: the two buckets of a 0-1 search
	w        []int8  // scratch: cost of each cell to the colour searching
	seam     []int8  // per neighbour slot of the geometry: laps crossed
}

// Measure computes both colours' distances on b.
func (d *Distances) Measure(b *Board) {
	if d.geo != b.geo {
		n := b.geo.Cells()
		d.geo = b.geo
		d.bridgeAt = make([]int32, n)
		d.loopAt = make([]int32, n)
		d.fwd = make([]int32, laps*n)
		d.bwd = make([]int32, n)
		d.w = make([]int8, n)
		d.seam = make([]int8, len(b.geo.nbr))
		for c := 0; c < n; c++ {
			for i, nb := range b.geo.Neighbours(Cell(c)) {
				// The step crosses the seam when the column jumps.
				d.seam[6*c+i] = int8((b.geo.Col(Cell(c)) + int(nb.DCol) - b.geo.Col(nb.Cell)) / b.geo.size.Cols)
			}
		}
	}
	d.measureBridge(b)
	d.measureLoop(b)
}

// Bridge returns the fewest Spoke stones that would join the rims (0 when
// they are joined), or Far.
func (d *Distances) Bridge() int { return d.bridge }

// Loop returns the fewest Gyre stones that would close a loop around the
// hole (0 when there is one), or Far.
func (d *Distances) Loop() int { return d.loop }

// BridgeVia returns the fewest Spoke stones of a bridge that uses cell c,
// c itself included if it is empty, or Far (always Far on a Gyre stone).
func (d *Distances) BridgeVia(c Cell) int { return int(d.bridgeAt[c]) }

// LoopVia returns the fewest Gyre stones of a loop that uses cell c, c
// itself included if it is empty, or Far (always Far on a Spoke stone).
func (d *Distances) LoopVia(c Cell) int { return int(d.loopAt[c]) }

// Via returns BridgeVia for Spoke and LoopVia for Gyre.
func (d *Distances) Via(col Color, c Cell) int {
	if col == Spoke {
		return d.BridgeVia(c)
	}
	return d.LoopVia(c)
}

// Of returns Bridge for Spoke and Loop for Gyre.
func (d *Distances) Of(col Color) int {
	if col == Spoke {
		return d.bridge
	}
	return d.loop
}

// BridgeDistance returns the fewest Spoke stones that would join the rims
// of b, or Far. See Distances to measure often without allocating.
func (b *Board) BridgeDistance() int {
	var d Distances
	d.Measure(b)
	return d.Bridge()
}

// LoopDistance returns the fewest Gyre stones that would close a loop
// around the hole of b, or Far. See Distances to measure often without
// allocating.
func (b *Board) LoopDistance() int {
	var d Distances
	d.Measure(b)
	return d.Loop()
}

// cost is what a cell costs col on a path: nothing for its own stone, one
// for an empty cell, and -1 for a wall.
func cost(b *Board, c Cell, col Color) int32 {
	switch b.stones[c] {
	case col:
		return 0
	case Empty:
		return 1
	}
	return -1
}

// measureBridge finds Spoke's shortest paths from the inner rim (fwd) and
// from the outer rim (bwd); a bridge through c costs fwd + bwd − cost(c).
func (d *Distances) measureBridge(b *Board) {
	g := b.geo
	n := g.Cells()
	cols := g.size.Cols
	outer := n - cols
	d.search(b, Spoke, d.fwd[:n], 1, func(put func(s int, w int32)) {
		for c := 0; c < cols; c++ {
			put(c, cost(b, Cell(c), Spoke))
		}
	})
	d.search(b, Spoke, d.bwd, 1, func(put func(s int, w int32)) {
		for c := outer; c < n; c++ {
			put(c, cost(b, Cell(c), Spoke))
		}
	})
	d.bridge = Far
	for c := 0; c < n; c++ {
		d.bridgeAt[c] = Far
		if w := cost(b, Cell(c), Spoke); w >= 0 && d.fwd[c] < Far && d.bwd[c] < Far {
			d.bridgeAt[c] = d.fwd[c] + d.bwd[c] - w
		}
		if c >= outer {
			d.bridge = min(d.bridge, int(d.fwd[c]))
		}
	}
}

// measureLoop finds Gyre's shortest loops. A loop around the hole crosses
// every column (a column is a chain of cells from rim to rim, and a loop
// parts the rims), so it is enough to look for the loops through the
// cells of one column, the one with the fewest cells open to Gyre. The
// board is unrolled into laps (copies of itself side by side, a step
// across the seam moving to the next copy): a loop through s is a path
// from s on lap 0 to s on lap 1. The unrolled board is the same seen from
// every lap, so the path from x on lap k on to s on lap 1 is as long as
// the one from s on lap 0 to x on lap k − 1, and one search from each s
// gives both halves of the loops through every cell. Paths that stray
// further than two laps either way are not followed; a shortest loop does
// not need to.
func (d *Distances) measureLoop(b *Board) {
	g := b.geo
	n := g.Cells()
	cols := g.size.Cols
	best, bestOpen := 0, n+1
	for c := 0; c < cols; c++ {
		open := 0
		for r := 0; r < g.size.Rings; r++ {
			if cost(b, g.At(r, c), Gyre) >= 0 {
				open++
			}
		}
		if open < bestOpen {
			best, bestOpen = c, open
		}
	}
	d.loop = Far
	for c := range d.loopAt {
		d.loopAt[c] = Far
	}
	lap := func(k int) []int32 { return d.fwd[(k+2)*n : (k+3)*n] }
	for r := 0; r < g.size.Rings; r++ {
		s := g.At(r, best)
		ws := cost(b, s, Gyre)
		if ws < 0 {
			continue
		}
		d.search(b, Gyre, d.fwd, laps, func(put func(s int, w int32)) {
			put(2*n+int(s), ws) // s on lap 0
		})
		if l := lap(1)[s]; l < Far {
			d.loop = min(d.loop, int(l-ws))
		}
		for k := -1; k <= 2; k++ {
			here, before := lap(k), lap(k-1)
			for c := 0; c < n; c++ {
				if here[c] >= Far || before[c] >= Far {
					continue
				}
				via := here[c] + before[c] - cost(b, Cell(c), Gyre) - ws
				d.loopAt[c] = min(d.loopAt[c], via)
			}
		}
	}
}

// search runs a 0-1 shortest-path search for col over nlaps copies of the
// board (state lap·cells + cell, laps numbered from −2 when nlaps is
// laps), from the sources that start puts with their cost, into dist.
// Entering a cell costs what cost says; walls are never entered. It is
// Dial's algorithm with two buckets: the cells at the current distance,
// which grows as free cells are reached, and those one further.
func (d *Distances) search(b *Board, col Color, dist []int32, nlaps int, start func(put func(s int, w int32))) {
	g := b.geo
	n := g.Cells()
	for c := 0; c < n; c++ {
		d.w[c] = int8(cost(b, Cell(c), col))
	}
	for i := range dist {
		dist[i] = Far
	}
	d.cur, d.nxt = d.cur[:0], d.nxt[:0]
	level := int32(Far)
	start(func(s int, w int32) {
		if w < 0 || w >= dist[s] {
			return
		}
		dist[s] = w
		level = min(level, w)
	})
	for s, v := range dist {
		switch {
		case v == level:
			d.cur = append(d.cur, int32(s))
		case v == level+1:
			d.nxt = append(d.nxt, int32(s))
		}
	}
	for len(d.cur) > 0 {
		for i := 0; i < len(d.cur); i++ { // d.cur grows as it is read
			st := int(d.cur[i])
			if dist[st] != level {
				continue // reached more cheaply since
			}
			k, c := st/n, st%n
			for j, nb := range g.nbr[6*c : 6*c+int(g.deg[c])] {
				w := d.w[nb.Cell]
				if w < 0 {
					continue
				}
				nk := k
				if nlaps > 1 {
					nk += int(d.seam[6*c+j])
					if nk < 0 || nk >= nlaps {
						continue
					}
				}
				ns := nk*n + int(nb.Cell)
				if nd := level + int32(w); nd < dist[ns] {
					dist[ns] = nd
					if w == 0 {
						d.cur = append(d.cur, int32(ns))
					} else {
						d.nxt = append(d.nxt, int32(ns))
					}
				}
			}
		}
		d.cur, d.nxt = d.nxt, d.cur[:0]
		level++
	}
}
