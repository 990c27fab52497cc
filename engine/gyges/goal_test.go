package gyges

import (
	"slices"
	"testing"
)

// Each case is a rule of rules/GYGES.md (Goals and winning, Which pieces
// may move) on a hand-built board, the answer worked out by hand.
func TestCanEnterGoal(t *testing.T) {
	tests := []struct {
		name, pos string
		want      bool
	}{
		{"exact count from the far home row", "....../....../....../....../..2.../...... S", true},
		{"one short", "....../....../....../....../..1.../...... S", false},
		{"from the far home row along it", "....../....../....../....../....../..3... S", true},
		{"after a bounce", "....../....../....../..1.../..2.../...... S", true},
		{"North aims at South's goal", "..1.../....../....../....../....../...... N", true},
		{"own goal is never entered", "..1.../....../....../....../....../...... S", false},
		{"only the active row moves", "..1.../....../....../....../..2.../...... S", false},
		{"fallback row: row 1 cannot move, row 2 has no goal", "223322/111133/....../....../....../...... S", false},
		{"start position", startFEN, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			if got := p.CanEnterGoal(); got != tt.want {
				t.Errorf("CanEnterGoal(%s) = %v, want %v", tt.pos, got, tt.want)
			}
		})
	}
}

func TestCanEnterGoalAfterTheGame(t *testing.T) {
	p := mustPosition(t, "....../....../....../....../..2.../...... S")
	p.Apply(GoalMove(mustSquare(t, "c5")))
	if p.CanEnterGoal() {
		t.Errorf("CanEnterGoal after a goal move = true, want false: the game is over")
	}
}

// CanEnterGoal agrees with Moves: it is true exactly when a goal move is
// listed, in both variants.
func TestCanEnterGoalMatchesMoves(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		yes, no := 0, 0
		randomPositions(77, v, 3000, 60, func(p Position) {
			want := slices.ContainsFunc(p.Moves(nil), Move.IsGoal)
			if got := p.CanEnterGoal(); got != want {
				t.Fatalf("CanEnterGoal(%s) = %v, Moves has a goal move: %v", p, got, want)
			}
			if want {
				yes++
			} else {
				no++
			}
		})
		if yes == 0 || no == 0 {
			t.Fatalf("%s: %d positions with a goal move, %d without: the test needs both", v, yes, no)
		}
		t.Logf("%s: %d positions with a goal move, %d without", v, yes, no)
	}
}

// GoalOrMoveSets answers what Moves says: true exactly when a goal move
// is listed, and otherwise the same sets as MoveSets, piece for piece.
func TestGoalOrMoveSetsMatchesMoveSets(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		yes, no := 0, 0
		randomPositions(78, v, 3000, 60, func(p Position) {
			want := slices.ContainsFunc(p.Moves(nil), Move.IsGoal)
			sets, goal := p.GoalOrMoveSets(nil)
			if goal != want {
				t.Fatalf("GoalOrMoveSets(%s) says goal %v, Moves has a goal move: %v", p, goal, want)
			}
			if goal {
				yes++
				if len(sets) != 0 {
					t.Fatalf("GoalOrMoveSets(%s) with a goal appended %d sets", p, len(sets))
				}
				return
			}
			no++
			if ms := p.MoveSets(nil); !slices.Equal(sets, ms) {
				t.Fatalf("GoalOrMoveSets(%s) = %v, MoveSets = %v", p, sets, ms)
			}
		})
		if yes == 0 || no == 0 {
			t.Fatalf("%s: %d positions with a goal move, %d without: the test needs both", v, yes, no)
		}
	}
}
