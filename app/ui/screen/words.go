package screen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/signal"
	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/level"
)

// The words every screen uses for the games, the players and what went
// wrong. They hold no state, so that the screens share them without
// leaning on one another.

// PlayerName names a player for the people at the device: "Player 1" in a
// two-player game, "You" or "The computer" against the computer, "You" or
// "Your opponent" online.
func PlayerName(setup session.Setup, p game.Seat) string {
	here := setup.Here()
	if here == game.NoSeat {
		return "Player " + strconv.Itoa(int(p))
	}
	if p == here {
		return "You"
	}
	if setup.Seat(p).Kind == session.Computer {
		return "The computer"
	}
	return "Your opponent"
}

// LastBy names who made the last move shown in the status.
func LastBy(setup session.Setup) string {
	if setup.HasComputer() {
		return "The computer"
	}
	return "Your opponent"
}

func ColourName(c gyre.Color) string {
	if c == gyre.Gyre {
		return "Gyre"
	}
	return "Spoke"
}

// Result announces the end of a game: who won and how, as the game
// itself says (Result).
func Result(setup session.Setup, r game.Result, name func(game.Seat) string, how string) []app.UI {
	if r.Method == game.Aborted {
		return []app.UI{app.Strong().ID("result").Text("Game aborted. "), app.Text("It counts for nobody.")}
	}
	who := name(r.Winner)
	verb := "wins"
	if who == "You" {
		verb = "win"
	}
	switch r.Method {
	case game.Resignation:
		how = name(r.Loser()) + " resigned."
	case game.Timeout:
		how = name(r.Loser()) + " ran out of time."
	case game.Abandonment:
		how = name(r.Loser()) + " left the game, and the win was claimed."
	}
	return []app.UI{app.Strong().ID("result").Text(fmt.Sprintf("%s %s! ", who, verb)), app.Text(how)}
}

// ChangeNotice is what the person is told of a change.
func ChangeNotice(c session.Change) string {
	switch c.Event {
	case session.Resigned, session.Ended:
		// The result says it, where the game's status is (Result): a
		// notice as well would cover the buttons at the foot of a phone.
		return ""
	case session.Undone:
		return "The last move was taken back."
	case session.UndoRefused:
		return "Your opponent declined to take the move back."
	case session.RematchStarted:
		return "A new game, with the sides swapped."
	case session.RematchRefused:
		return "Your opponent declined the rematch."
	case session.Resynced:
		return "The game was brought back in step with your opponent's."
	case session.Resyncing:
		return "Checking the game with your opponent's…"
	case session.Refused:
		return "A message from your opponent was refused: " + RefusalText(c.Err)
	case session.PeerRefused:
		return "Your opponent's app refused our last message: " + c.Err.Error()
	case session.Failed:
		return RefusalText(c.Err)
	}
	return ""
}

// Thinking says the computer is choosing, with a bar that fills over its
// budget once the worker has said what that is.
func Thinking(v session.View, what string) []app.UI {
	out := []app.UI{app.Span().Class("spinner").Aria("hidden", true), app.Text(" The computer is " + what + "…")}
	if v.ThinkBudget > 0 {
		out = append(out, app.Span().ID("think-bar").Class("think-bar").Aria("hidden", true).Body(
			app.Span().Class("think-fill").Style("animation-duration", fmt.Sprintf("%dms", v.ThinkBudget.Milliseconds())),
		))
	}
	return out
}

// Describe says what game a spec is, for the guest and the waiting screen.
func Describe(s game.Spec) string {
	if s.Kind == game.Gyges {
		if s.Gyges == gyges.NoDisplace {
			return "Gygès, beginner rule (no replacing)"
		}
		return "Gygès"
	}
	text := fmt.Sprintf("GYRE %d × %d", s.Size.Rings, s.Size.Cols)
	switch s.Gyre {
	case gyre.NoSwap:
		text += ", without the swap rule"
	case gyre.GyreFirst:
		text += ", Gyre first, without the swap rule"
	}
	if k := s.Gyre.K(); k > 0 {
		text += fmt.Sprintf(", with opening %d", k)
	}
	return text
}

// ClockNote describes a time control after a game's name: ", 5 min + 3 s
// a move", or nothing for an untimed game.
func ClockNote(c clock.Control) string {
	if !c.On() {
		return ""
	}
	return ", " + ControlName(c)
}

// ControlName names a time control for people: "5 min + 3 s a move".
func ControlName(c clock.Control) string {
	text := fmt.Sprintf("%s min", strconv.FormatFloat(c.Base.Minutes(), 'f', -1, 64))
	if c.Increment > 0 {
		text += fmt.Sprintf(" + %d s a move", int(c.Increment.Seconds()))
	}
	return text
}

// SeatName names a seat of a game: "player 1 (first)" or "South".
func SeatName(s game.Spec, p game.Seat) string {
	if s.Kind == game.Gyges {
		if p == game.Two {
			return "North"
		}
		return "South (sets up and moves first)"
	}
	if p == game.Two {
		return "player 2 (second, may swap)"
	}
	return "player 1 (first)"
}

// RefusalText turns an engine's or a session's error into words for the
// player: what happened and what to do, then the technical reason in
// brackets (see [Problem]). An error it has no words for is shown as the
// engine says it, without the package's name, starting with a capital.
func RefusalText(err error) string {
	plain, detail := Problem(err)
	if detail == "" {
		return plain
	}
	return plain + " (" + detail + ")"
}

// Problem splits an error into a sentence for the player, saying what
// happened and what to do, and the technical reason for small print (""
// when the sentence says it all).
func Problem(err error) (plain, detail string) {
	msg := err.Error()
	for _, prefix := range []string{"gyges: ", "gyre: ", "session: ", "game: ", "online: ", "p2p: ", "signal: "} {
		msg = strings.ReplaceAll(msg, prefix, "")
	}
	switch {
	case errors.Is(err, session.ErrOver):
		return "The game is over.", ""
	case errors.Is(err, gyre.ErrSize):
		return fmt.Sprintf("This board size cannot be played: a GYRE board has %d to %d rings and %d to %d columns. Change the size, then start again.",
			gyre.MinRings, gyre.MaxRings, gyre.MinCols, gyre.MaxCols), msg
	case strings.HasPrefix(msg, "move ") && (errors.Is(err, gyre.ErrIllegalMove) || errors.Is(err, gyges.ErrIllegalMove) ||
		errors.Is(err, gyre.ErrNotation) || errors.Is(err, gyges.ErrNotation) || errors.Is(err, gyges.ErrSetup)):
		n, _, _ := strings.Cut(strings.TrimPrefix(msg, "move "), " ")
		n = strings.TrimSuffix(n, ":")
		return fmt.Sprintf("This record cannot be loaded: move %s is not a legal move at that point of the game. Check that the record was copied whole, or load another one.", n), msg
	case errors.Is(err, gyre.ErrNotation) || errors.Is(err, gyges.ErrNotation) || strings.HasPrefix(msg, "a record starts with"):
		return "This text is not a game record this app can read. Paste a record copied from gygy (it starts with GYRE or GYGES), or load another one.", msg
	case errors.Is(err, signal.ErrRefused) && strings.Contains(msg, "room is full"):
		return "This game already has two players, so you cannot join it. Ask for a new link, or start a game of your own.", msg
	case errors.Is(err, signal.ErrRefused) && strings.Contains(msg, "no such room"):
		return "This game link is no longer open: it expired, or the game was never created. Ask for a new link.", msg
	case errors.Is(err, signal.ErrRefused):
		return "The server that connects the players said no. Wait a moment and try again, or start a game at this device.", msg
	}
	if msg == "" {
		return "That is not allowed.", ""
	}
	return strings.ToUpper(msg[:1]) + msg[1:], ""
}

// ResumeLabel describes the saved game for the home screen.
func ResumeLabel(g game.Game) string {
	plural := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	if g.Kind() == game.Gyges {
		if g.InSetup() {
			return "Gygès, setting up"
		}
		return "Gygès, " + plural(g.Len()-2, "move")
	}
	size := g.Spec().Size
	return fmt.Sprintf("GYRE %d×%d, %s", size.Rings, size.Cols, plural(g.Len(), "move"))
}

// GygesName names the player of a side for the people at the device:
// "South" and "North" at one device, "You" or "The computer" against it.
func GygesName(setup session.Setup, sd gyges.Side) string {
	if setup.Here() == game.NoSeat {
		return sd.String()
	}
	return PlayerName(setup, game.SeatOf(sd))
}

// LevelName is a computer's level as the home screen's buttons say it:
// "Medium".
func LevelName(l level.Level) string {
	name := l.String()
	return strings.ToUpper(name[:1]) + name[1:]
}
