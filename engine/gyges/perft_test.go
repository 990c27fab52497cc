package gyges

import (
	"slices"
	"testing"
)

// Frozen perft counts. The start figures come from the rulebook's
// independent generator; the others were produced by this engine after it
// agreed with the slow reference generator at depth 2 (TestPerftReference)
// and on thousands of random positions (TestReferenceAgrees).
var perftTests = []struct {
	name, pos string
	counts    []uint64 // perft(1), perft(2), …
	ref       int      // depth checked against the slow reference (0: too slow for a test)
}{
	{"start", startFEN, []uint64{224, 57_374, 16_825_500}, 2},
	{"start nodisplace", startFEN + " nodisplace", []uint64{24, 574, 17_006, 540_758}, 3},
	{"other setups", "131223/....../....../....../....../213321 S", []uint64{284, 97_192, 24_456_587}, 2},
	{"fallback row", "223322/111133/....../....../....../...... S", []uint64{85, 56_545, 7_278_784}, 2},
	{"most moves", "....../121132/..3.../..2.23/....../.3..1. S", []uint64{1_592, 368_292}, 0},
	{"most paths", "....../.113.1/..2.2./.2..13/2.33../...... N", []uint64{697, 511_093}, 0},
	{"bouncy nodisplace", ".2..12/..3.3./.2...1/...3../.3..../.11.2. S nodisplace", []uint64{72, 5_111, 257_271}, 2},
	{"North nodisplace", "....3./....../2.33../.2.1../111322/...... N nodisplace", []uint64{127, 2_875, 183_564}, 2},
	{"goal move is a leaf", "....../....../....../....../....../..1... S", []uint64{4, 11}, 2},
	{"empty board passes", "....../....../....../....../....../...... S", []uint64{1, 1, 1}, 3},
}

func TestPerft(t *testing.T) {
	for _, tt := range perftTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			for i, want := range tt.counts {
				if testing.Short() && want > 1_000_000 {
					t.Skipf("perft(%d) = %d skipped in short mode", i+1, want)
				}
				if got := Perft(p, i+1); got != want {
					t.Errorf("Perft(%s, %d) = %d, want %d", tt.pos, i+1, got, want)
				}
			}
		})
	}
}

// The fast generator and the slow reference agree two or three plies deep.
// (The two skipped positions take the reference seconds; they agreed to
// depth 2 when their counts were frozen.)
func TestPerftReference(t *testing.T) {
	for _, tt := range perftTests {
		if tt.ref == 0 {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			if got, want := Perft(p, tt.ref), refPerft(p, tt.ref); got != want {
				t.Errorf("Perft(%s, %d) = %d, reference says %d", tt.pos, tt.ref, got, want)
			}
		})
	}
}

// The fast generator and the slow reference give the same move lists on
// positions reached by random play from random setups.
func TestReferenceAgrees(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		t.Run(v.String(), func(t *testing.T) {
			n := 0
			randomPositions(uint64(v)+1, v, 1200, 60, func(p Position) {
				n++
				got, want := moveStrings(p.Moves(nil)), refMoves(p)
				if !slices.Equal(got, want) {
					t.Errorf("Moves(%s) = %d moves, reference has %d\nonly here: %v\nonly in reference: %v",
						p, len(got), len(want), minus(got, want), minus(want, got))
				}
			})
			if n < 1000 {
				t.Errorf("visited %d positions, want at least 1000", n)
			}
		})
	}
}

// minus returns the sorted elements of a that are not in b.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			out = append(out, s)
		}
	}
	return out
}

// Reach counts what AllTargets lists, for both variants and both sides;
// stopped at the first goal it says only that there is one.
func TestReachCountsAllTargets(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		randomPositions(uint64(v)+7, v, 1500, 60, func(p Position) {
			for _, q := range []Position{p, p.WithSide(p.Side().Opponent())} {
				goals, landings := 0, 0
				for _, pt := range q.AllTargets(nil) {
					if pt.Goal {
						goals++
					}
					landings += pt.Empty.Len() + pt.Replace.Len()
				}
				if g, l := q.Reach(false); g != goals || l != landings {
					t.Fatalf("%v: Reach(false) = %d goals, %d landings; AllTargets lists %d, %d", q, g, l, goals, landings)
				}
				if g, _ := q.Reach(true); g != min(goals, 1) {
					t.Fatalf("%v: Reach(true) = %d goals; AllTargets lists %d", q, g, goals)
				}
			}
		})
	}
}
