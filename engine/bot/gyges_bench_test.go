//go:build linux

package bot

import (
	"context"
	"testing"

	"gygy/engine/search"
)

// startPositions are two starts, South to move: the rulebook's and the
// perft table's other setups.
var startPositions = []string{
	"321123/....../....../....../....../321123 S",
	"131223/....../....../....../....../213321 S",
}

// BenchmarkGygesHardDepth5 searches the two start positions to depth 5
// with Hard's configuration and evaluation: a fixed tree, so that two
// versions of the search compare by time alone (their node counts are
// reported too).
func BenchmarkGygesHardDepth5(b *testing.B) {
	for b.Loop() {
		nodes := 0
		for _, text := range startPositions {
			p := gygesPosition(b, text)
			root := newGygesPos(p)
			root.memo.weights = gygesEvalWeights(Hard, nil)
			cfg := gygesABConfig(Hard, nil, nil, safeMoves(root, root.Moves(nil)))
			res, err := search.NewAlphaBeta[gygesPos](root, cfg).Search(context.Background(), search.Limits{Depth: 5})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
		b.ReportMetric(float64(nodes), "nodes/op")
	}
}
