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
