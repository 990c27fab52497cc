package bot

import (
	"context"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// GygesSearch is the search a Gygès bot runs for a move in play, for the
// laboratory to run depth by depth and count its nodes.
type GygesSearch struct {
	ab *search.AlphaBeta[gygesPos, *gygesPos]
}

// NewGygesSearch returns the search a Gygès bot of level l (Medium or
// Hard) runs from p, among the moves that allow no win in one; tune, if
// not nil, changes its configuration, and stop, if not nil, ends it.
func NewGygesSearch(p gyges.Position, l Level, tune func(*search.ABConfig), stop func() bool) *GygesSearch {
	root := newGygesPos(p)
	root.memo.weights = gygesEvalWeights(l, nil)
	cfg := gygesABConfig(l, nil, stop, safeMoves(root, root.Moves(nil)))
	if tune != nil {
		tune(&cfg)
	}
	return &GygesSearch{search.NewAlphaBeta[gygesPos](root, cfg)}
}

// Search deepens the search as search.AlphaBeta.Search does.
func (s *GygesSearch) Search(ctx context.Context, lim search.Limits) (search.ABResult, error) {
	return s.ab.Search(ctx, lim)
}

// Decided reports whether a score of the search says that the game is
// won or lost.
func (s *GygesSearch) Decided(score int) bool { return score >= goalNext || score <= -goalNext }
