package mygames

import (
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/level"
)

// The list keeps a game's mode, opponent and result as codes, the same
// whatever the page's language, and reads back what it wrote.
func TestDescribeAndReadBack(t *testing.T) {
	computer := session.Setup{Spec: game.Spec{Kind: game.Gyges},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Computer, Level: level.Medium}}}
	here := session.Setup{Spec: game.Spec{Kind: game.Gyges},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}}
	hereGyre := session.Setup{Spec: game.Spec{Kind: game.GYRE},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}}
	cases := []struct {
		setup                  session.Setup
		online                 bool
		r                      game.Result
		mode, opponent, result string
		winner                 string
	}{
		{computer, false, game.Result{}, ModeComputer, "Computer (Medium)", "", ""},
		{computer, false, game.Result{Winner: game.Two, Method: game.Goal}, ModeComputer, "Computer (Medium)", "The computer won (goal)", WinnerComputer},
		{computer, false, game.Result{Winner: game.One, Method: game.Resignation}, ModeComputer, "Computer (Medium)", "You won (resignation)", WinnerYou},
		{here, false, game.Result{Winner: game.Two, Method: game.Goal}, ModeHere, OpponentHere, "North won (goal)", WinnerNorth},
		{hereGyre, false, game.Result{Winner: game.Two, Method: game.Loop}, ModeHere, OpponentHere, "Player 2 won (loop)", Player(2)},
		{here, true, game.Result{Winner: game.NoSeat, Method: game.Aborted}, ModeOnline, OpponentOnline, "aborted", ""},
	}
	for _, c := range cases {
		mode, opponent, result := Describe(c.setup, c.online, c.r)
		if mode != c.mode || opponent != c.opponent || result != c.result {
			t.Errorf("Describe(%v, %v) = %q, %q, %q; want %q, %q, %q", c.setup.Spec.Kind, c.r, mode, opponent, result, c.mode, c.opponent, c.result)
		}
		if result == "" {
			continue
		}
		o, ok := ReadResult(result)
		if !ok || o.Winner != c.winner || o.Method != c.r.Method.String() {
			t.Errorf("ReadResult(%q) = %+v, %v; want %q by %s", result, o, ok, c.winner, c.r.Method)
		}
	}
	if l, ok := ReadOpponent("Computer (Medium)"); !ok || l != level.Medium {
		t.Errorf("ReadOpponent(Computer (Medium)) = %v, %v", l, ok)
	}
	if l, ok := ReadOpponent("Computer (hard)"); !ok || l != level.Hard { // as lists kept it before
		t.Errorf("ReadOpponent(Computer (hard)) = %v, %v", l, ok)
	}
	for _, bad := range []string{"", OpponentOnline, "Computer (Grandmaster)", "Computer (Easy", "Computer Easy)"} {
		if _, ok := ReadOpponent(bad); ok {
			t.Errorf("ReadOpponent(%q) read a computer", bad)
		}
	}
	for _, bad := range []string{"", LeftResult, "You won (goal", " won (goal)", "You won ()", "left unfinished"} {
		if o, ok := ReadResult(bad); ok {
			t.Errorf("ReadResult(%q) = %+v", bad, o)
		}
	}
}
