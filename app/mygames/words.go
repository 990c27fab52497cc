package mygames

import (
	"fmt"
	"strings"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/level"
)

// The list keeps a game's mode, opponent and result in English words that
// serve as codes: the same whatever the page's language (saves stay as
// they were written), written here (Describe) and read back here
// (ReadOpponent, ReadResult) for the games screen to
// word in the page's language.

// The opponents the list keeps besides the computer.
const (
	OpponentOnline = "Online opponent"
	OpponentHere   = "Two players here"
)

// The winners a result names besides "Player 1" and "Player 2" (a game
// of GYRE at one device).
const (
	WinnerYou      = "You"
	WinnerComputer = "The computer"
	WinnerOpponent = "Your opponent"
	WinnerSouth    = "South" // a game of Gygès at one device
	WinnerNorth    = "North"
)

// Player is the winner's code of player n of a game of GYRE at one
// device: "Player 1".
func Player(n int) string { return fmt.Sprintf("Player %d", n) }

// Describe is what the list keeps of a game set up as setup (online if
// played with another device) that stands at r: its mode, its opponent,
// and its result once over ("" before).
func Describe(setup session.Setup, online bool, r game.Result) (mode, opponent, result string) {
	mode, opponent = ModeHere, OpponentHere
	if online || setup.Online() {
		mode, opponent = ModeOnline, OpponentOnline
	}
	for _, st := range setup.Seats {
		if st.Kind == session.Computer {
			mode, opponent = ModeComputer, "Computer ("+levelName(st.Level)+")"
			break
		}
	}
	if r.Over() {
		result = r.Method.String()
		if r.Winner != game.NoSeat {
			result = fmt.Sprintf("%s won (%s)", winner(setup, r.Winner), r.Method)
		}
	}
	return mode, opponent, result
}

// winner names seat p as the list keeps it: "You", "The computer",
// "Your opponent"; at one device "Player 1", or in Gygès the side.
func winner(setup session.Setup, p game.Seat) string {
	here := setup.Here()
	switch {
	case here == game.NoSeat && setup.Spec.Kind == game.Gyges:
		if game.SideOf(p) == gyges.North {
			return WinnerNorth
		}
		return WinnerSouth
	case here == game.NoSeat:
		return Player(int(p))
	case p == here:
		return WinnerYou
	case setup.Seat(p).Kind == session.Computer:
		return WinnerComputer
	}
	return WinnerOpponent
}

// levelName names a computer's level as the list keeps it: "Medium".
func levelName(l level.Level) string {
	name := l.String()
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// ReadOpponent reads a computer opponent as the list keeps it, "Computer
// (Medium)" (or "Computer (medium)", as lists kept it before): its level,
// and false for any other opponent.
func ReadOpponent(opponent string) (level.Level, bool) {
	name, ok := strings.CutPrefix(opponent, "Computer (")
	name, closed := strings.CutSuffix(name, ")")
	if !ok || !closed {
		return 0, false
	}
	l, err := level.Parse(strings.ToLower(name))
	return l, err == nil
}

// Outcome is a result as the list keeps it, read: the winner's code
// ("You", "Player 2"…; "" when the game ended without one) and how it
// ended, as engine/game names its methods ("goal", "aborted"…).
type Outcome struct {
	Winner string
	Method string
}

// ReadResult reads a result as the list keeps it: "South won (goal)", or
// a method alone ("aborted"). It reports false for anything else (the
// result of a game left unfinished, LeftResult, included).
func ReadResult(result string) (Outcome, bool) {
	if result == "" || result == LeftResult {
		return Outcome{}, false
	}
	who, rest, ok := strings.Cut(result, " won (")
	if !ok {
		return Outcome{Method: result}, !strings.ContainsAny(result, " ()")
	}
	method, closed := strings.CutSuffix(rest, ")")
	if !closed || who == "" || method == "" {
		return Outcome{}, false
	}
	return Outcome{Winner: who, Method: method}, true
}
