package gyges

import (
	"slices"
	"testing"
)

// One Scratch asked about position after position, in both variants and
// for both sides, answers as the Position methods do.
func TestScratchAnswersAsPosition(t *testing.T) {
	var sc Scratch
	for _, v := range []Variant{Standard, NoDisplace} {
		randomPositions(28, v, 400, 60, func(p Position) {
			for _, q := range []Position{p, p.WithSide(p.Side().Opponent())} {
				for _, first := range []bool{false, true} {
					g, l := q.Reach(first)
					if sg, sl := sc.Reach(q, first); sg != g || sl != l {
						t.Errorf("Scratch.Reach(%s, %v) = %d, %d, want %d, %d", q, first, sg, sl, g, l)
					}
				}
				if got, want := sc.MoveSets(q, nil), q.MoveSets(nil); !slices.Equal(got, want) {
					t.Errorf("Scratch.MoveSets(%s) = %v, want %v", q, got, want)
				}
				got, goal := sc.GoalOrMoveSets(q, nil)
				want, wantGoal := q.GoalOrMoveSets(nil)
				if goal != wantGoal || !slices.Equal(got, want) {
					t.Errorf("Scratch.GoalOrMoveSets(%s) = %v, %v, want %v, %v", q, got, goal, want, wantGoal)
				}
			}
		})
	}
}
