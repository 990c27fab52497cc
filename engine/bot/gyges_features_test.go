package bot

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gygy/engine/gyges"
)

// TestFeaturesReadTheRows checks the row features against positions
// read as the rulebook reads them (Which pieces may move: the active row).
func TestFeaturesReadTheRows(t *testing.T) {
	tests := []struct {
		name string
		pos  string
		want map[GygesFeature]int
	}{
		{
			name: "at the start each side's active row is its home row, with two pieces of each size, and its fallback the other home row",
			pos:  "321123/....../....../....../....../321123 S",
			want: map[GygesFeature]int{
				OurActive1: 2, OurActive2: 2, OurActive3: 2, TheirActive1: 2, TheirActive2: 2, TheirActive3: 2,
				OurFallback1: 2, OurFallback2: 2, OurFallback3: 2, TheirFallback3: 2,
				OurHalf: 6, TheirHalf: 6, OurAdvance: 0, TheirAdvance: 0, Gap: 4,
				Tempo: 1, WeAreSouth: 1,
			},
		},
		{
			name: "North to move sees the board from row 6: North's row is ours",
			pos:  "321123/....../....../....../....../33..11 N",
			want: map[GygesFeature]int{OurActive1: 2, OurActive2: 0, OurActive3: 2, TheirActive2: 2, OurHalf: 4, TheirHalf: 6, WeAreSouth: -1, Tempo: 1},
		},
		{
			name: "an empty home row hands the active row to the next non-empty row; the one after is the fallback",
			pos:  "....../.3.1../....../2...2./....../321123 S",
			want: map[GygesFeature]int{
				OurActive1: 1, OurActive3: 1, OurAdvance: 1, OurFallback2: 2,
				TheirActive1: 2, TheirAdvance: 0, TheirFallback2: 2,
				OurHalf: 2, TheirHalf: 6 + 2, Gap: 3,
			},
		},
		{
			name: "when both sides' active row is the same row there is no gap",
			pos:  "....../....../..12../....../....../...... N",
			want: map[GygesFeature]int{OurActive1: 1, OurActive2: 1, TheirActive1: 1, TheirActive2: 1, OurAdvance: 3, TheirAdvance: 2, Gap: 0},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, ok := FeaturesOf(gygesPosition(t, tc.pos))
			if !ok {
				t.Fatalf("FeaturesOf(%s) = no features, want some", tc.pos)
			}
			for feat, want := range tc.want {
				if f[feat] != want {
					t.Errorf("FeaturesOf(%s)[%s] = %d, want %d", tc.pos, feat, f[feat], want)
				}
			}
		})
	}
}

// TestFeaturesReadTheThreats checks the reach and threat features: a
// piece of theirs that stands on our home row with one step left enters
// our goal (rulebook, Goals and winning).
func TestFeaturesReadTheThreats(t *testing.T) {
	tests := []struct {
		name            string
		pos             string
		threats, double int
	}{
		{"a lone 1 on our home row is their threat; the 2 beside it, two steps from the goal through b1, another", "1.2.../....../....../....../....../...... S", 2, 1},
		{"a 1 one row short of our home row is no threat: their active row is its row, and one step only reaches row 1", "..2.../1...../....../....../....../...... S", 0, 0},
		{"at the start no piece threatens", "321123/....../....../....../....../321123 S", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := gygesPosition(t, tc.pos)
			f, ok := FeaturesOf(p)
			if !ok {
				t.Fatalf("FeaturesOf(%s) = no features, want some", tc.pos)
			}
			if f[Threats] != tc.threats || f[DoubleThreat] != tc.double {
				t.Errorf("FeaturesOf(%s) threats, double = %d, %d, want %d, %d", tc.pos, f[Threats], f[DoubleThreat], tc.threats, tc.double)
			}
			_, landings := p.WithSide(p.Side().Opponent()).Reach(false)
			if f[TheirReach] != landings {
				t.Errorf("FeaturesOf(%s)[their_reach] = %d, want Reach's %d", tc.pos, f[TheirReach], landings)
			}
		})
	}
}

// TestFeaturesNoneWhenWon: a side that can enter the goal has won; the
// features say nothing then.
func TestFeaturesNoneWhenWon(t *testing.T) {
	p := gygesPosition(t, "1.2.../....../....../....../....../...... N")
	if _, ok := FeaturesOf(p); ok {
		t.Errorf("FeaturesOf(%s) gave features; North enters the goal from a1", p)
	}
}

// TestLearnedEvaluationIsWeightsTimesFeatures plays random games and
// checks, at every position the evaluation is asked about, that the
// search's learned evaluation is the weights times FeaturesOf, and that
// the hand evaluation is the weights 4, -4 and -1500 on the reach and the
// threats: the features are on the hand evaluation's scale.
func TestLearnedEvaluationIsWeightsTimesFeatures(t *testing.T) {
	hand := HandGygesWeights
	learned := ShippedGygesWeights()
	rng := rand.New(rand.NewPCG(51, 1))
	checked := 0
	for game := 0; game < 6; game++ {
		p := gyges.StartPosition(allLayouts[rng.IntN(len(allLayouts))], allLayouts[rng.IntN(len(allLayouts))], gyges.Standard)
		for ply := 0; ply < 40; ply++ {
			if _, over := p.Winner(); over {
				break
			}
			if f, ok := FeaturesOf(p); ok {
				g := newGygesPos(p)
				if got, want := g.Evaluate(), hand.Score(&f); got != want {
					t.Fatalf("%s: hand Evaluate = %d, hand weights on the features = %d", p, got, want)
				}
				g.memo.weights = &learned
				if got, want := g.Evaluate(), learned.Score(&f); got != want {
					t.Fatalf("%s: learned Evaluate = %d, shipped weights on the features = %d", p, got, want)
				}
				// The laboratory's evaluation (GygesBot.Eval) sees the same
				// features, and comes before the weights.
				g.memo.eval = func(e *GygesFeatures) int { return 7 * hand.Score(e) }
				if got, want := g.Evaluate(), min(max(7*hand.Score(&f), -goalNext+1), goalNext-1); got != want {
					t.Fatalf("%s: Evaluate with the laboratory's evaluation = %d, want %d", p, got, want)
				}
				checked++
			}
			moves := p.Moves(nil)
			p.Apply(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 100 {
		t.Errorf("checked %d positions, want at least 100", checked)
	}
}

func TestParseGygesWeights(t *testing.T) {
	w := ShippedGygesWeights()
	back, err := ParseGygesWeights("# a comment\n" + w.String())
	if err != nil || back != w {
		t.Fatalf("ParseGygesWeights(String()) = %v, %v; want the weights back", back, err)
	}
	for _, bad := range []string{"", "our_active_2 1\n", w.String() + "extra 1\n", "our_active_1 x\n"} {
		if _, err := ParseGygesWeights(bad); !errors.Is(err, ErrWeights) {
			t.Errorf("ParseGygesWeights(%q) error = %v, want ErrWeights", bad, err)
		}
	}
}
