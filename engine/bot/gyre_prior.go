package bot

import (
	"gygy/engine/gyre"
	"gygy/engine/search"
)

// The tree's first judgement of a move (search.MCTSPrior), from the two
// shortest-path distances of Hex programs, one for each goal: Spoke's
// bridge distance and Gyre's loop distance (gyre.Distances). A move is
// worth more the closer it lies to one of the mover's shortest ways to win
// (Own) and the closer to one of the opponent's, which it cuts (Cut).
const (
	priorWeight = 20 // simulations' worth of judgement a new child starts with
	priorDepth  = 2  // judged: the root's moves and the replies to them
	priorBase   = 0.3
)

// PriorTerms weighs the two parts of the distances' judgement of a move
// for the side to move: a cell on one of its own shortest ways to win is
// judged priorBase + Own, one on the opponent's priorBase + Cut, one on
// both the sum.
type PriorTerms struct{ Own, Cut float64 }

// defaultPriors are the terms by side (0 Spoke, 1 Gyre).
var defaultPriors = [2]PriorTerms{{Own: 0.2, Cut: 0.2}, {Own: 0.2, Cut: 0.2}}

// Prior judges moves from p by the distances (see above); cells on no way
// at all get priorBase.
func (p *gyrePos) Prior(moves []search.Move, out []float64) {
	d := p.dist
	d.Measure(&p.board)
	if p.learned {
		p.learnedPrior(moves, out)
		return
	}
	me, opp := p.toMove, p.toMove.Other()
	terms := p.priors[side(me)]
	for i, m := range moves {
		c := gyre.Cell(m)
		out[i] = priorBase + terms.Own*closeness(d.Via(me, c), d.Of(me)) + terms.Cut*closeness(d.Via(opp, c), d.Of(opp))
	}
}

// closeness is 1 for a cell on a shortest way (via = best), less the more
// stones a way through it needs beyond the best, and 0 with no way.
func closeness(via, best int) float64 {
	if via >= gyre.Far || best >= gyre.Far {
		return 0
	}
	return 1 / float64(1+via-best)
}
