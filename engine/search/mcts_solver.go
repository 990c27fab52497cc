package search

// propagate carries a proof up the current path (MCTSConfig.Solver): a
// node with a child won by the side to move there is lost for the side
// that moved into it; a node whose children are all lost for the side to
// move is won. The path ends at the newly proven node.
func (t *MCTS[P, PP]) propagate() {
	for d := len(t.path) - 2; d >= 0; d-- {
		nd := &t.nodes[t.path[d]]
		if nd.proven != 0 || !nd.expanded {
			return
		}
		all := true
		for i := nd.first; i < nd.first+nd.children; i++ {
			switch t.nodes[i].proven {
			case 1:
				nd.proven = -1
			case 0:
				all = false
			}
			if nd.proven != 0 {
				break
			}
		}
		if nd.proven == 0 && all {
			nd.proven = 1
		}
		if nd.proven == 0 {
			return
		}
	}
}

// Proven reports what the search has proven about the root: +1 the side
// to move wins, -1 it loses, 0 not known (always 0 without Solver).
func (t *MCTS[P, PP]) Proven() int { return -int(t.nodes[0].proven) }
