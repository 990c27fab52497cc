package bot

import (
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"gygy/engine/gyges"
)

// GygesWeights are the learned evaluation's weights, one a feature, in
// the units of search scores: a position scores the sum of its features'
// counts times their weights. They are fitted (`gygy-lab gyges tune`) on
// the scale of the hand evaluation, so that the search's margins keep
// their meaning.
type GygesWeights [NumGygesFeatures]int

// Score is the evaluation of a position with features f.
func (w *GygesWeights) Score(f *GygesFeatures) int {
	s := 0
	for i, x := range f {
		s += w[i] * x
	}
	return s
}

// String writes the weights as ParseGygesWeights reads them: one line
// "name weight" a feature, in the features' order.
func (w GygesWeights) String() string {
	var b strings.Builder
	for i, x := range w {
		fmt.Fprintf(&b, "%s %d\n", GygesFeature(i), x)
	}
	return b.String()
}

// ErrWeights reports weights text that does not name every feature once,
// in order, with an integer weight.
var ErrWeights = errors.New("bot: bad Gygès weights")

// ParseGygesWeights reads weights as GygesWeights.String writes them,
// after comment lines that start with #.
func ParseGygesWeights(text string) (GygesWeights, error) {
	var w GygesWeights
	i := 0
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, val, _ := strings.Cut(line, " ")
		x, err := strconv.Atoi(strings.TrimSpace(val))
		switch {
		case i >= len(w):
			return w, fmt.Errorf("%w: line %d: more lines than the %d features", ErrWeights, n+1, len(w))
		case name != GygesFeature(i).String():
			return w, fmt.Errorf("%w: line %d: %q where %q was due", ErrWeights, n+1, name, GygesFeature(i))
		case err != nil:
			return w, fmt.Errorf("%w: line %d: weight %q is not an integer", ErrWeights, n+1, val)
		}
		w[i] = x
		i++
	}
	if i < len(w) {
		return w, fmt.Errorf("%w: %d features, want %d", ErrWeights, i, len(w))
	}
	return w, nil
}

//go:embed gyges_weights.txt
var gygesWeightsText string

// ShippedGygesWeights are the weights in gyges_weights.txt, compiled in.
var ShippedGygesWeights = sync.OnceValue(func() GygesWeights {
	w, err := ParseGygesWeights(gygesWeightsText)
	if err != nil {
		panic(fmt.Sprintf("bot: the shipped gyges_weights.txt: %v", err))
	}
	return w
})

// HandGygesWeights are the hand evaluation (gygesPos.Evaluate without
// weights) written as weights: the same scores, which a bot given them
// (GygesBot.Weights) computes the hand evaluation's faster way.
var HandGygesWeights = GygesWeights{OurReach: mobilityUnit, TheirReach: -mobilityUnit, Threats: -threatWeight}

// gygesEvalWeights are the weights of the evaluation a search at level
// l uses, w if not nil: nil for the hand evaluation. Hard learned its
// evaluation: with the shipped weights it scored 160.5 of 200 games (80%)
// against the same search with the hand evaluation at 1.125 s of CPU a
// move (gygy-lab gyges match, seeds 1001 and 1002). Medium and Easy keep
// the hand one, so that their levels stay where they were.
func gygesEvalWeights(l Level, w *GygesWeights) *GygesWeights {
	switch {
	case w != nil && *w == HandGygesWeights:
		return nil
	case w != nil:
		c := *w
		return &c
	case l >= Hard:
		c := ShippedGygesWeights()
		return &c
	}
	return nil
}

// learnedScore is the learned evaluation of p for the side to move, who
// cannot enter the goal now: mine and theirs are the sides' landing
// squares, threats their pieces that reach our goal.
func learnedScore(w *GygesWeights, p *gyges.Position, mine, theirs, threats int) int {
	var f GygesFeatures
	boardFeatures(p, &f)
	reachFeatures(&f, mine, theirs, threats)
	return min(max(w.Score(&f), -goalNext+1), goalNext-1)
}
