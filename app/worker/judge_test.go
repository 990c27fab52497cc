package worker

import (
	"testing"

	"gygy/app/worker/message"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func parse(t *testing.T, record string) game.Game {
	t.Helper()
	g, err := game.Parse(record)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The worker's answer is read at the edge, in the position it is for: a
// GYRE stone, a Gygès layout during a setup, a Gygès move after it.
func TestReadIn(t *testing.T) {
	if m, ok := readIn(parse(t, "GYRE 3x6\na1"), "b2").(gyre.Move); !ok || m == gyre.Swap {
		t.Errorf("GYRE stone = %#v", readIn(parse(t, "GYRE 3x6\na1"), "b2"))
	}
	if a := readIn(parse(t, "GYGES\n321123"), "123321"); a != (gyges.Layout{1, 2, 3, 3, 2, 1}) {
		t.Errorf("Gygès layout = %#v", a)
	}
	if a := readIn(parse(t, "GYGES\n321123 123321"), "c1-d4:a3"); !game.IsReplace(a) {
		t.Errorf("Gygès replace = %#v", a)
	}
	for _, tt := range [][2]string{{"GYRE 3x6", ""}, {"GYRE 3x6", "zz"}, {"GYGES\n321123 123321", "321123"}} {
		if a := readIn(parse(t, tt[0]), tt[1]); a != nil {
			t.Errorf("readIn(%q, %q) = %#v, want nil", tt[0], tt[1], a)
		}
	}
}

// A judgement's moves come typed: the best move and the winning ones, a
// winning move that does not read left out; the figures as the worker
// sent them.
func TestJudgement(t *testing.T) {
	g := parse(t, "GYRE 3x6\na1")
	j := judgement(g, message.Reply{
		Judged: true, Move: "b2", Value: 1, Known: true, Proved: true,
		Winning: []string{"b2", "zz", "c3"}, Played: 0.25, HasPlayed: true,
	})
	name := func(a game.Action) string { return g.Notation(a) }
	if name(j.Best) != "b2" || len(j.Winning) != 2 || name(j.Winning[0]) != "b2" || name(j.Winning[1]) != "c3" {
		t.Errorf("moves: best %v, winning %v", j.Best, j.Winning)
	}
	if j.Chance != 1 || !j.Known || !j.Proved || j.Played != 0.25 || !j.HasPlayed {
		t.Errorf("figures: %+v", j)
	}
	if j := judgement(g, message.Reply{Judged: true}); j.Best != nil || j.Winning != nil {
		t.Errorf("no move: %+v", j)
	}
}
