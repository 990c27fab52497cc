package analysis

import (
	"math"
	"testing"

	"gygy/engine/game"
)

// The tests name actions by strings: Moves only compares actions, and a
// string stands for one as well as a gyre.Move would, readably.

func TestMarkOf(t *testing.T) {
	for _, c := range []struct {
		before, after float64
		want          Mark
	}{
		{0.5, 0.5, Good},
		{0.5, 0.9, Good},
		{0.5, 0.451, Good},
		{0.5, 0.45, Inaccuracy},
		{0.5, 0.381, Inaccuracy},
		{0.5, 0.38, Mistake},
		{0.5, 0.26, Mistake},
		{0.5, 0.25, Blunder},
		{1, 0, Blunder},
	} {
		if got := MarkOf(c.before, c.after); got != c.want {
			t.Errorf("MarkOf(%v, %v) = %v, want %v", c.before, c.after, got, c.want)
		}
	}
}

func TestMoves(t *testing.T) {
	// Seat 0 moves, then 1, then 0, then 1 wins.
	js := []Judgement{
		{Mover: 0, Known: true, Chance: 0.55, Best: "a1"},
		{Mover: 1, Known: true, Chance: 0.47, Best: "b2"}, // seat 0 now 0.53: good
		{Mover: 0, Known: true, Chance: 0.80, Best: "c3"}, // seat 1 fell 0.47 -> 0.20: blunder
		{Mover: 1, Known: true, Chance: 0.30, Best: "d4"}, // seat 0 fell 0.80 -> 0.70: inaccuracy
		Ended(1), // seat 1 won: rose
	}
	played := []game.Action{"a1", "e5", "f6", "d4"}
	ms, err := Moves(js, played)
	if err != nil {
		t.Fatal(err)
	}
	want := []Mark{Good, Blunder, Inaccuracy, Good}
	better := []game.Action{nil, "b2", "c3", nil}
	for k, m := range ms {
		if m.Mark != want[k] || m.Better != better[k] {
			t.Errorf("move %d: %v better %v, want %v better %v", k+1, m.Mark, m.Better, want[k], better[k])
		}
	}
	if math.Abs(ms[1].Drop-0.27) > 1e-9 {
		t.Errorf("drop of move 2 = %v, want 0.27", ms[1].Drop)
	}
	if c := Count(js, ms, 1); c[Blunder] != 1 || c[Good] != 1 {
		t.Errorf("seat two's marks: %v", c)
	}
}

func TestMovesProofAndUnknown(t *testing.T) {
	js := []Judgement{
		{Mover: 0, Known: false}, // an opening stone: not judged
		{Mover: 1, Known: true, Chance: 1, Proved: true, Best: "c1", Winning: []game.Action{"c1"}}, // proved win for seat 1
		{Mover: 0, Known: true, Chance: 1, Proved: true},                                           // seat 1 played b1: now seat 0 wins
	}
	ms, err := Moves(js, []game.Action{"a1", "b1"})
	if err != nil {
		t.Fatal(err)
	}
	if ms[0].Mark != None {
		t.Errorf("move from an unknown position marked %v", ms[0].Mark)
	}
	if ms[1].Mark != Blunder || !ms[1].LostProof || ms[1].Better != "c1" {
		t.Errorf("a thrown proved win: %+v", ms[1])
	}
	if _, err := Moves(js, []game.Action{"a1"}); err == nil {
		t.Error("Moves took judgements of the wrong length")
	}
}

func TestCurve(t *testing.T) {
	js := []Judgement{{Known: false}, {Mover: 1, Known: true, Chance: 0.3}, {Known: false}, Ended(0)}
	got := Curve(js)
	want := []float64{0.5, 0.7, 0.7, 1}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("curve[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	if Mark(9).String() != "mark(9)" || Blunder.String() != "blunder" {
		t.Error("mark names")
	}
}

// TestMovesJudgedWithThePlayedMove is issue 48's Gygès game: judged
// position by position, each search charging its own side to move, the
// mover's chance rose across every move (17% → 48%, 52% → 99%) and every
// move looked good. With the move played judged in the same search as
// the position's best, the move that let the opponent into the goal is a
// blunder, and the winner's moves are good.
func TestMovesJudgedWithThePlayedMove(t *testing.T) {
	js := []Judgement{
		{Mover: 0, Known: true, Chance: 0.17, Best: "a1-b1", Played: 0.15, HasPlayed: true},        // a quiet move
		{Mover: 1, Known: true, Chance: 0.83, Best: "f6-e6", Played: 0.83, HasPlayed: true},        // the best
		{Mover: 0, Known: true, Chance: 0.52, Best: "c1-c2", Played: 0, HasPlayed: true},           // lets North in
		{Mover: 1, Known: true, Chance: 1, Best: "a6-G", Played: 1, HasPlayed: true, Winning: nil}, // into the goal
		Ended(1),
	}
	played := []game.Action{"b1-c1", "f6-e6", "e1-e3:d4", "a6-G"}
	ms, err := Moves(js, played)
	if err != nil {
		t.Fatal(err)
	}
	want := []Mark{Good, Good, Blunder, Good}
	for k, m := range ms {
		if m.Mark != want[k] {
			t.Errorf("move %d (%s): %v, want %v", k+1, played[k], m.Mark, want[k])
		}
	}
	if ms[2].Better != "c1-c2" {
		t.Errorf("the blunder's better move = %v, want c1-c2", ms[2].Better)
	}
	// Judged across the move instead, the same game is all good.
	for k := range js {
		js[k].HasPlayed = false
	}
	js[3].Chance = 0.48 // North's search of the position after the blunder
	if ms, _ := Moves(js, played); ms[2].Mark == Blunder {
		t.Errorf("without the played move's judgement move 3 is still a blunder: the test proves nothing")
	}
}

// TestMovesProvedWinKeptOrThrown: a move that keeps a proved GYRE win is
// good whatever the next position's judgement says, and any other move
// from a proved win is a blunder that lost the proof.
func TestMovesProvedWinKeptOrThrown(t *testing.T) {
	won := Judgement{Mover: 0, Known: true, Chance: 1, Proved: true, Best: "c3", Winning: []game.Action{"c3", "d4"}}
	unsure := Judgement{Mover: 1, Known: true, Chance: 0.7} // a search that missed the proof
	for _, c := range []struct {
		played game.Action
		want   Mark
		lost   bool
	}{{"d4", Good, false}, {"c3", Good, false}, {"e5", Blunder, true}} {
		ms, err := Moves([]Judgement{won, unsure}, []game.Action{c.played})
		if err != nil {
			t.Fatal(err)
		}
		if ms[0].Mark != c.want || ms[0].LostProof != c.lost {
			t.Errorf("from a proved win, %s: %v (lost proof %v), want %v (%v)", c.played, ms[0].Mark, ms[0].LostProof, c.want, c.lost)
		}
	}
}
