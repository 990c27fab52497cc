package solve

import "math/bits"

// maxGroups bounds the groups spokeVC looks at; a position with more
// Spoke groups gets no verdict (false), which is always safe.
const maxGroups = 24

// spokeVC looks for a virtual bridge: a chain from rim to rim of Spoke
// groups joined by two-cell bridges (two empty cells that both touch both
// groups, or a group and a rim) whose cells are all different. Whatever
// Gyre plays, Spoke keeps the chain by taking the other cell of the
// bridge Gyre entered, and a Gyre loop would need both cells of one
// bridge, so such a chain wins for Spoke unless Gyre wins first, and Gyre
// can only win inside it. It returns the chain's empty cells (the
// carrier) and whether one was found. A chain of touching groups alone
// would be a bridge already, which the caller has ruled out.
func (g *bitGeo) spokeVC(s, y uint64) (carrier uint64, ok bool) {
	empty := g.all &^ (s | y)
	// Nodes: 0 the inner rim, 1 the outer rim, then the groups. The
	// "neighbourhood" of a rim is its ring of cells, so a stone on the
	// next ring touching two empty rim cells is bridged to it.
	var near [maxGroups + 2]uint64
	var onRim [maxGroups + 2]uint8 // 1: touches the inner rim, 2: the outer
	near[0], near[1] = g.inner, g.outer
	n := 2
	for rest := s; rest != 0; n++ {
		if n == len(near) {
			return 0, false
		}
		grp := g.flood(rest&-rest, s)
		rest &^= grp
		near[n] = g.neighbours(grp)
		if grp&g.inner != 0 {
			onRim[n] |= 1
		}
		if grp&g.outer != 0 {
			onRim[n] |= 2
		}
	}
	// Breadth-first search from the inner rim; an edge is a direct touch
	// (a group on the rim) or a bridge with two common empty cells.
	var prev [maxGroups + 2]int8
	var via [maxGroups + 2]uint64 // the bridge's cells into each node
	for i := range prev[:n] {
		prev[i] = -1
	}
	prev[0] = 0
	queue := [maxGroups + 2]int8{0}
	head, tail := 0, 1
	for head < tail {
		a := queue[head]
		head++
		for b := 1; b < n; b++ {
			if prev[b] >= 0 {
				continue
			}
			var cells uint64
			switch {
			case a == 0 && onRim[b]&1 != 0, b == 1 && onRim[a]&2 != 0:
				// a group on the rim touches it
			case a == 0 && b == 1:
				continue
			default:
				common := near[a] & near[b] & empty
				if bits.OnesCount64(common) < 2 {
					continue
				}
				cells = common
			}
			prev[b], via[b] = a, cells
			queue[tail] = int8(b)
			tail++
		}
		if prev[1] >= 0 {
			break
		}
	}
	if prev[1] < 0 {
		return 0, false
	}
	// Two cells of each bridge on the chain, all different.
	for b := int8(1); b != 0; b = prev[b] {
		cells := via[b] &^ carrier
		if via[b] == 0 {
			continue
		}
		if bits.OnesCount64(cells) < 2 {
			return 0, false
		}
		first := cells & -cells
		cells &^= first
		carrier |= first | cells&-cells
	}
	return carrier, true
}

// vcEdge is a two-cell bridge between two Gyre groups: the cells, and the
// change of lifted column from the first group's frame to the second's.
type vcEdge struct {
	a, b  int8
	cells uint64
	off   int16
}

// gyreVC looks for a virtual loop: Gyre groups joined by two-cell
// bridges, all cells different, into a cycle that goes round the hole.
// As with spokeVC, Gyre keeps it by answering each intrusion in the other
// cell, and a Spoke bridge would need both cells of one bridge; so it
// wins for Gyre unless Spoke wins first, which Spoke can only do inside
// it. Winding is tracked as in the rules engine: every stone gets its
// column in the unrolled strip relative to its group, and a cycle of
// groups whose offsets do not add up to zero goes round the hole.
func (g *bitGeo) gyreVC(s, y uint64) (carrier uint64, ok bool) {
	empty := g.all &^ (s | y)
	var lift [MaxCells]int16
	var grpOf [MaxCells]int8
	var near [maxGroups]uint64
	n := 0
	for rest := y; rest != 0; n++ {
		if n == maxGroups {
			return 0, false
		}
		start := bits.TrailingZeros64(rest)
		grp := g.flood(rest&-rest, y)
		rest &^= grp
		near[n] = g.neighbours(grp)
		// Lifts within the group by a walk over its cells.
		var stack [MaxCells]uint8
		stack[0], lift[start], grpOf[start] = uint8(start), 0, int8(n)
		seen := uint64(1) << start
		for top := 1; top > 0; {
			top--
			c := stack[top]
			for _, nb := range g.nbr[c][:g.deg[c]] {
				if grp&(1<<nb.cell) == 0 || seen&(1<<nb.cell) != 0 {
					continue
				}
				seen |= 1 << nb.cell
				lift[nb.cell], grpOf[nb.cell] = lift[c]+int16(nb.dcol), int8(n)
				stack[top] = nb.cell
				top++
			}
		}
	}
	// Bridges: common empty neighbours of two groups, by lift offset.
	var edges []vcEdge
	var ebuf [64]vcEdge
	edges = ebuf[:0]
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			common := near[i] & near[j] & empty
			if bits.OnesCount64(common) < 2 {
				continue
			}
			var offs [MaxCells]int16
			var set uint64
			for x := common; x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				off, okOff := g.bridgeOffset(c, y, &lift, &grpOf, int8(i), int8(j))
				if okOff {
					offs[c] = off
					set |= 1 << c
				}
			}
			// Pair up cells with the same offset.
			for x := set; x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				for z := x &^ (1 << c); z != 0; z &= z - 1 {
					d := bits.TrailingZeros64(z)
					if offs[d] == offs[c] && len(edges) < cap(ebuf) {
						edges = append(edges, vcEdge{a: int8(i), b: int8(j), cells: 1<<c | 1<<d, off: offs[c]})
						set &^= 1 << d
						break
					}
				}
			}
		}
	}
	return g.windingCycle(n, edges)
}

// bridgeOffset is lift(b) - lift(a) for groups a and b that both touch
// the empty cell c, measured through c; false if c misses one of them.
func (g *bitGeo) bridgeOffset(c int, y uint64, lift *[MaxCells]int16, grpOf *[MaxCells]int8, a, b int8) (int16, bool) {
	la, lb := int16(0), int16(0)
	fa, fb := false, false
	for _, nb := range g.nbr[c][:g.deg[c]] {
		x := nb.cell
		// lift of c seen from x's group: lift(x) - dcol(c→x)
		if y&(1<<x) == 0 {
			continue
		}
		if !fa && grpOf[x] == a {
			la, fa = lift[x]-int16(nb.dcol), true
		}
		if !fb && grpOf[x] == b {
			lb, fb = lift[x]-int16(nb.dcol), true
		}
	}
	return la - lb, fa && fb
}

// windingCycle looks, in the graph of n groups joined by edges, for a
// cycle whose offsets do not add up to zero and whose edges use different
// cells, and returns the cells of its edges.
func (g *bitGeo) windingCycle(n int, edges []vcEdge) (uint64, bool) {
	var pot [maxGroups]int16
	var parent [maxGroups]int8 // index of the tree edge into a group, -1 for a root
	var depth [maxGroups]int8
	var placed [maxGroups]bool
	var tree [64]bool
	for root := 0; root < n; root++ {
		if placed[root] {
			continue
		}
		placed[root], parent[root] = true, -1
		// Grow the tree over the edges until nothing changes: a few
		// dozen groups and edges at most.
		for grew := true; grew; {
			grew = false
			for k, e := range edges {
				switch {
				case placed[e.a] && !placed[e.b]:
					pot[e.b], parent[e.b], depth[e.b], placed[e.b] = pot[e.a]+e.off, int8(k), depth[e.a]+1, true
				case placed[e.b] && !placed[e.a]:
					pot[e.a], parent[e.a], depth[e.a], placed[e.a] = pot[e.b]-e.off, int8(k), depth[e.b]+1, true
				default:
					continue
				}
				tree[k], grew = true, true
			}
		}
	}
	for k, e := range edges {
		if tree[k] || pot[e.a]+e.off == pot[e.b] {
			continue
		}
		// Walk both ends up to their common ancestor, gathering cells.
		cells, ok := e.cells, true
		add := func(c uint64) {
			if cells&c != 0 {
				ok = false
			}
			cells |= c
		}
		a, b := int(e.a), int(e.b)
		for a != b && ok {
			if depth[a] < depth[b] {
				a, b = b, a
			}
			pe := edges[parent[a]]
			add(pe.cells)
			if int(pe.a) == a {
				a = int(pe.b)
			} else {
				a = int(pe.a)
			}
		}
		if ok {
			return cells, true
		}
	}
	return 0, false
}
