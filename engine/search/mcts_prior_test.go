package search

import (
	"context"
	"testing"
)

// judgedNim is nim with an opinion of its moves: it likes one take.
type judgedNim struct {
	nim
	likes Move
}

func (n *judgedNim) Prior(moves []Move, p []float64) {
	for i, m := range moves {
		p[i] = 0.1
		if m == n.likes {
			p[i] = 0.9
		}
	}
}

// TestMCTSPriors: a judgement steers a short search, and a long one
// overrules a wrong judgement; a PriorWeight of 0 ignores it. (The long
// case runs without RAVE: in nim, all-moves-as-first statistics say
// nothing, and a move no simulation has entered is judged by them alone,
// so a wrong prior there would stay unrefuted.)
func TestMCTSPriors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		likes  Move
		weight float64
		rave   float64
		iters  int
		want   Move
	}{
		{"short search follows the judgement", 0, 50, 300, 40, 0},
		{"short search, right judgement", 2, 50, 300, 40, 2},
		{"long search overrules it", 0, 50, 0, 20000, 2},
		{"weight 0 ignores it", 1, 0, 300, 20000, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := MCTSConfig{MoveSpace: 3, Exploration: 0.7, RAVE: tc.rave, PriorWeight: tc.weight, PriorDepth: 1}
			tree := NewMCTS[judgedNim](judgedNim{nim: newNim(7, 3), likes: tc.likes}, cfg)
			tree.Search(context.Background(), Limits{Iterations: tc.iters})
			if got := tree.Root()[0].Move; got != tc.want {
				t.Errorf("pile of 7, liking take %d, %d playouts: takes %d, want %d (root %+v)", tc.likes+1, tc.iters, got+1, tc.want+1, tree.Root())
			}
		})
	}
}
