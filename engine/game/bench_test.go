package game

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkWholeGame plays one game of each kind through the interface, as
// the session and the screen do after every action: the action, then the
// length, the last action and the turn.
func BenchmarkWholeGame(b *testing.B) {
	for _, spec := range []string{"GYRE 7x14", "GYGES"} {
		b.Run(spec, func(b *testing.B) {
			s, err := ParseSpec(spec)
			if err != nil {
				b.Fatal(err)
			}
			acts := benchGame(b, s)
			b.ResetTimer()
			for range b.N {
				g, _ := s.New()
				for _, a := range acts {
					if err := g.Play(a); err != nil {
						b.Fatal(err)
					}
					_, _, _ = g.Len(), g.Last(), g.Turn()
				}
			}
		})
	}
}

// benchGame is a game of spec's kind to its end, its actions chosen by a
// fixed seed.
func benchGame(b *testing.B, s Spec) []Action {
	g, err := s.New()
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 49))
	for g.Turn() != NoSeat && g.Len() < 200 {
		legal := g.Legal(nil)
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	return g.Actions()
}
