package bot

import (
	"math"
	"testing"

	"gygy/engine/gyre"
)

// At every level the bot, as player 1, places every stone of an opening
// K with the colour the rules call for, and as player 2 answers the
// opening with the swap or a legal stone.
func TestGyreBuildsOpeningsLegally(t *testing.T) {
	for _, tc := range []struct {
		size gyre.Size
		k    int
	}{{gyre.Small, 2}, {gyre.Small, 3}, {gyre.Standard, 3}, {gyre.Size{Rings: 3, Cols: 6}, 5}} {
		for _, level := range Levels {
			g := gyreGame(t, tc.size, gyre.Opening(tc.k))
			for n := 0; n <= tc.k; n++ {
				want := gyre.Gyre
				if n == tc.k {
					want = gyre.Spoke
				}
				if g.Turn() != gyre.One || g.ToMove() != want {
					t.Fatalf("%v opening%d stone %d: %v to place %v", tc.size, tc.k, n+1, g.Turn(), g.ToMove())
				}
				b := NewGyre(level, uint64(10*n+1))
				b.Tuning.Work = 400
				m := think(t, b, g)
				if _, ok := m.Cell(); !ok || b.Info().Reason != ReasonOpening {
					t.Fatalf("%v at %v opening%d stone %d: %s (%s), want an opening stone", b, tc.size, tc.k, n+1, g.Geometry().MoveName(m), b.Info().Reason)
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if !g.SwapAvailable() || g.Over() {
				t.Fatalf("%v opening%d built by %v: swap offered %v, over %v", tc.size, tc.k, level, g.SwapAvailable(), g.Over())
			}
			b := NewGyre(level, 99)
			b.Tuning.Work = 400
			think(t, b, g)
		}
	}
}

// The swap decision after an opening: take Spoke when the opening favours
// Spoke, keep Gyre when it favours Gyre.
func TestGyreSwapAfterAnOpening(t *testing.T) {
	for _, tc := range []struct {
		name  string
		size  gyre.Size
		moves []string
		swap  bool
	}{
		// Two Gyre stones side by side on the inner rim do little against
		// a Spoke stone in the middle of a 5 × 10 board.
		{"weak gyre stones", gyre.Small, []string{"a1", "a2", "c5"}, true},
		// Eight Gyre stones in a row on the middle ring: two more close
		// the loop, and there are many ways round the last gap.
		{"strong gyre stones", gyre.Small, []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "a1"}, false},
		// On a deep, narrow board Gyre's loop is short and Spoke's bridge
		// long, even with the opening's Spoke stone on the middle ring.
		{"deep board", gyre.Size{Rings: 15, Cols: 6}, []string{"a1", "o4", "h3"}, false},
	} {
		k := len(tc.moves) - 1
		g := gyreGame(t, tc.size, gyre.Opening(k), tc.moves...)
		b := NewGyre(Medium, 1)
		b.Tuning.Work = 3000
		m := think(t, b, g)
		if (m == gyre.Swap) != tc.swap {
			t.Errorf("%s: after %v the bot plays %s (%s, value %.2f), want swap=%v", tc.name, tc.moves, g.Geometry().MoveName(m), b.Info().Reason, b.Info().Value, tc.swap)
		}
	}
}

// With enough Gyre stones to play with, the opening the bot builds is
// near even by its own judgement (with the plain swap rule on 5 × 10 the
// best first stone is worth about 0.94 to Spoke).
func TestGyreOpeningIsNearEven(t *testing.T) {
	g := gyreGame(t, gyre.Small, gyre.Opening(6))
	b := NewGyre(Medium, 3)
	b.Tuning.Work = 4000
	think(t, b, g)
	if v := b.Info().Value; math.Abs(v-0.5) > 0.2 {
		t.Errorf("opening6 on 5x10: the chosen completion's value for Spoke is %.2f, want within 0.2 of even", v)
	}
}

// The plans are completions of the opening: the Gyre stones still to
// place, then the Spoke stone, on distinct empty cells.
func TestGyreOpeningPlans(t *testing.T) {
	g := gyreGame(t, gyre.Standard, gyre.Opening(5), "d1", "d4")
	board := g.Board()
	b := NewGyre(Hard, 7)
	plans := b.openingPlans(&board, 3, 30)
	if len(plans) != 30 {
		t.Fatalf("%d plans, want 30", len(plans))
	}
	rings := map[int]bool{}
	for i, p := range plans {
		if len(p) != 4 {
			t.Fatalf("plan %d has %d stones, want 3 Gyre and 1 Spoke", i, len(p))
		}
		seen := map[gyre.Cell]bool{}
		for _, c := range p {
			if board.At(c) != gyre.Empty || seen[c] {
				t.Fatalf("plan %d: %s is taken", i, board.Geometry().CellName(c))
			}
			seen[c] = true
		}
		rings[board.Geometry().Ring(p[3])] = true
	}
	if len(rings) != gyre.Standard.Rings {
		t.Errorf("the Spoke stones of 30 plans cover %d rings, want all %d", len(rings), gyre.Standard.Rings)
	}
}
