package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

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

// ParsePriorTerms reads the terms of both sides as the laboratory writes
// them: Spoke's own, Spoke's cut, Gyre's own, Gyre's cut, comma-separated,
// like "0.2,0.2,0.1,0.3".
func ParsePriorTerms(text string) ([2]PriorTerms, error) {
	var v [4]float64
	f := strings.Split(text, ",")
	if len(f) != 4 {
		return [2]PriorTerms{}, fmt.Errorf("prior terms %q: %d numbers, want 4 (Spoke's own and cut, Gyre's own and cut)", text, len(f))
	}
	for i, s := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return [2]PriorTerms{}, fmt.Errorf("prior terms %q: %q is not a number", text, s)
		}
		v[i] = x
	}
	return [2]PriorTerms{{Own: v[0], Cut: v[1]}, {Own: v[2], Cut: v[3]}}, nil
}

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
