package bot

import (
	"context"
	"testing"

	"gygy/engine/gyges"
)

// TestJudgeGygesMarksGoalsGivenAndWinsKept judges positions of the
// tactics table: a move that lets the opponent into the goal where
// another prevents it is judged lost, far below the best move, and a move
// that leaves the opponent no defence is judged as good as the best.
func TestJudgeGygesMarksGoalsGivenAndWinsKept(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ name, pos string }{
		{"defend 1", "...123/....../..32../1.3.2./.3.1.2/.....1 S"},
		{"defend 4", "....../....../.3..21/222.13/3.3.11/...... S"},
		{"win in two 1", "...123/....../..3.../1...2./.2.1.2/.3..13 N"},
		{"win in two 2", "....../....../....21/222.13/33..11/3..... S"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := gygesPosition(t, tc.pos)
			best, value, err := JudgeGyges(ctx, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !safe(p, best) {
				t.Errorf("JudgeGyges(%s) = %v, which lets the opponent into the goal", tc.pos, best)
			}
			given, kept := 0, 0
			for _, m := range p.Moves(nil) {
				got, err := JudgeGygesMove(ctx, p, m, nil)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case !safe(p, m):
					given++
					if got > 0.01 || value-got < 0.25 {
						t.Errorf("%v lets the opponent into the goal: judged %.2f against the best's %.2f", m, got, value)
					}
				case winsInTwoGyges(p, m):
					kept++
					if got < value-1e-9 {
						t.Errorf("%v wins in two: judged %.2f, under the best's %.2f", m, got, value)
					}
				}
			}
			if given+kept == 0 {
				t.Errorf("no move of %s lets the opponent in or wins in two: the case tests nothing", tc.pos)
			}
			t.Logf("%s: best %v %.2f; %d moves give the goal, %d win in two", tc.name, best, value, given, kept)
		})
	}
}

func TestJudgeGygesMoveRefusesAnIllegalMove(t *testing.T) {
	p := gygesPosition(t, "....../....../....../....../..2.../3....3 S")
	if _, err := JudgeGygesMove(context.Background(), p, gyges.Move{From: 0, To: 35, Drop: gyges.NoSquare}, nil); err == nil {
		t.Error("JudgeGygesMove took a move from an empty square")
	}
	m, v, err := JudgeGyges(context.Background(), p, nil)
	if err != nil || !m.IsGoal() || v != 1 {
		t.Errorf("JudgeGyges with a goal move at hand = %v, %v, %v; want the goal move, 1", m, v, err)
	}
}
