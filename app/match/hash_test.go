package match

import (
	"math/rand/v2"
	"testing"

	"gygy/engine/game"
)

// playRandom plays up to n random legal actions of g, taking one back now
// and then, and checks the incremental hash against Hash after each.
func playRandom(t *testing.T, rng *rand.Rand, g game.Game, h *stateHash, clocks string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		legal := g.Legal(nil)
		switch {
		case len(legal) == 0 || g.Len() > 0 && rng.IntN(6) == 0:
			if _, err := g.Undo(); err != nil {
				return
			}
		default:
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("Play: %v", err)
			}
		}
		checkHash(t, g, h, clocks)
	}
}

func checkHash(t *testing.T, g game.Game, h *stateHash, clocks string) {
	t.Helper()
	if got, want := h.sum(g, clocks), Hash(g.Record(), clocks); got != want {
		t.Fatalf("stateHash after %q with clocks %q = %s, want %s", g.Record(), clocks, got, want)
	}
	if !h.exact {
		t.Fatalf("stateHash hashes the whole record of %v: its form is not header and actions", g.Spec())
	}
}

// TestStateHash: the hash kept as the record grows is Hash of the record,
// over whole games of both kinds, with undos, records replaced by a sync
// (another game with a common beginning), a rematch, and a change of game.
func TestStateHash(t *testing.T) {
	specs := []struct{ kind, size, variant string }{
		{"gyre", "5x8", ""}, {"gyre", "7x14", "noswap"}, {"gyre", "6x12", "opening3"},
		{"gyges", "", "standard"}, {"gyges", "", "nodisplace"},
	}
	var h stateHash // one for all: a new game of another kind starts it over
	for i, sp := range specs {
		spec, err := game.SpecOf(sp.kind, sp.size, sp.variant)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(spec.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 49))
			for _, clocks := range []string{"", "5+3 300000 297000"} {
				g, _ := spec.New()
				checkHash(t, g, &h, clocks)
				playRandom(t, rng, g, &h, clocks, 400)
				// A sync: the peer's game shares the beginning of ours.
				theirs, err := game.Parse(g.Record())
				if err != nil {
					t.Fatal(err)
				}
				for k := rng.IntN(theirs.Len() + 1); k > 0; k-- {
					theirs.Undo()
				}
				playRandom(t, rng, theirs, &h, clocks, 60)
				checkHash(t, g, &h, clocks) // and back
				// A rematch: a new game of the same kind.
				g, _ = spec.New()
				checkHash(t, g, &h, clocks)
				playRandom(t, rng, g, &h, clocks, 100)
			}
		})
	}
}

func BenchmarkStateHash(b *testing.B) {
	spec, _ := game.SpecOf("gyre", "7x14", "")
	g, _ := spec.New()
	rng := rand.New(rand.NewPCG(1, 2))
	for g.Len() < 80 {
		legal := g.Legal(nil)
		if len(legal) == 0 {
			break
		}
		g.Play(legal[rng.IntN(len(legal))])
	}
	b.Run("incremental", func(b *testing.B) {
		var h stateHash
		b.ReportAllocs()
		for b.Loop() {
			h.sum(g, "5+3 300000 297000")
		}
	})
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Hash(g.Record(), "5+3 300000 297000")
		}
	})
}
