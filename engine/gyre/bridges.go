package gyre

// Bridge is the two-cell pattern Hex players rely on: stones on A and B do
// not touch but share two empty neighbours, so if the opponent takes one,
// the owner takes the other and A and B stay connected. Seen from one of
// those shared cells, Other is the second one. B is NoCell for the rim's
// version: A on the ring next to a rim touches two rim cells, which join A
// to that rim the same way (it matters only to Spoke).
type Bridge struct {
	A, B, Other Cell
}

// Bridges returns the bridges in which c is one of the two shared cells.
// The slice belongs to the geometry: do not modify it.
func (g *Geometry) Bridges(c Cell) []Bridge { return g.bridges[c] }

// rimSlot is the index that stands for "the rim" in the compact bridge
// patterns: one past the largest board, always coloured Spoke in a fill.
const rimSlot = MaxCells

// bridgePat is a Bridge packed for the playout's inner loop.
type bridgePat struct{ a, b, other int16 }

// packBridges flattens the bridges into pats, those of cell c at
// pats[patAt[c]:patAt[c+1]].
func (g *Geometry) packBridges() {
	g.patAt = make([]int32, g.Cells()+1)
	for c := 0; c < g.Cells(); c++ {
		for _, br := range g.bridges[c] {
			b := int16(br.B)
			if br.B == NoCell {
				b = rimSlot
			}
			g.pats = append(g.pats, bridgePat{a: int16(br.A), b: b, other: int16(br.Other)})
		}
		g.patAt[c+1] = int32(len(g.pats))
	}
}

// findBridges lists, for every cell x, the pairs of its neighbours that
// share exactly one other neighbour besides x, and the rim patterns.
func (g *Geometry) findBridges() {
	g.bridges = make([][]Bridge, g.Cells())
	common := func(a, b Cell) []Cell {
		var out []Cell
		for _, n := range g.Neighbours(a) {
			if g.Adjacent(n.Cell, b) {
				out = append(out, n.Cell)
			}
		}
		return out
	}
	last := g.size.Rings - 1
	for x := Cell(0); int(x) < g.Cells(); x++ {
		ns := g.Neighbours(x)
		for i := range ns {
			for j := i + 1; j < len(ns); j++ {
				a, b := ns[i].Cell, ns[j].Cell
				if g.Adjacent(a, b) {
					continue
				}
				if cs := common(a, b); len(cs) == 2 {
					other := cs[0]
					if other == x {
						other = cs[1]
					}
					g.bridges[x] = append(g.bridges[x], Bridge{A: a, B: b, Other: other})
				}
			}
		}
		// Rim patterns: x on a rim, A on the next ring touching x and one
		// more cell of the same rim.
		r := g.Ring(x)
		if r != 0 && r != last {
			continue
		}
		for _, n := range ns {
			if g.Ring(n.Cell) == r {
				continue
			}
			for _, m := range g.Neighbours(n.Cell) {
				if g.Ring(m.Cell) == r && m.Cell != x {
					g.bridges[x] = append(g.bridges[x], Bridge{A: n.Cell, B: NoCell, Other: m.Cell})
				}
			}
		}
	}
}
