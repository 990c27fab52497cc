package bot

import (
	"context"
	"strings"
	"testing"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

// benchGyreRecord is the first 26 actions of a stateless Hard against
// Medium game on 7 × 14 `opening 12` (a gygy-lab tournament's): the
// opening, the swap and twelve stones of play after it.
const benchGyreRecord = "a4 c2 b5 b11 c6 b9 a7 b4 b14 b13 a6 e8 a5 swap b1 b12 d11 c12 d12 c13 d13 d10 c11 b10 c10 c9"

// BenchmarkGyreHard7x14: Hard's search of a middle game of the fair
// start at a fixed number of playouts (20,000: about a quarter of what
// the browser's 3 s gives it), with the distances' priors and with the
// learned ones: compare the two sub-benchmarks of one run for what the
// learned priors cost.
func BenchmarkGyreHard7x14(b *testing.B) {
	g := benchGyreGame(b)
	for _, tc := range []struct {
		name string
		know [2]Knowledge
	}{
		{"distances", [2]Knowledge{{Priors: true, Replies: true}, {Priors: true}}},
		{"learned", [2]Knowledge{{Learned: true, Replies: true}, {Learned: true}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bot := NewGyre(Hard, 1)
				bot.Tuning.Work, bot.Tuning.Knowledge = 20_000, &tc.know
				if _, err := bot.Think(context.Background(), g, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchGyreGame is the game of benchGyreRecord.
func benchGyreGame(b *testing.B) *gyre.Game {
	g, err := gyre.NewGame(gyre.Standard, gyre.Opening(12))
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range strings.Fields(benchGyreRecord) {
		m, err := g.Geometry().ParseMove(name)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
	}
	return g
}

// BenchmarkGyreHardTreeRoom: Hard's tree search of the same position
// (20,000 playouts) in a tree that grows as it goes, and in one that
// makes room at the start in the last search's memory, as Think's does;
// the ratio of the two sub-benchmarks of one run is what the room saves
// in time (natively, the growing tree's new memory costs page faults; as
// WebAssembly, whose memory is never given back, about nothing).
func BenchmarkGyreHardTreeRoom(b *testing.B) {
	g := benchGyreGame(b)
	const work = 20_000
	for _, tc := range []struct {
		name    string
		reserve int
	}{{"growing", 0}, {"reserved", nodesPerPlayout * work}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				bot := NewGyre(Hard, 1)
				pos := bot.searchPos(g)
				cfg := bot.rootConfig(&pos)
				cfg.Reserve = tc.reserve
				tree := search.NewMCTS[gyrePos](pos, cfg)
				tree.Search(b.Context(), search.Limits{Iterations: work})
				tree.Release()
			}
		})
	}
}
