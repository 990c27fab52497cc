package screen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/session"
	"gygy/app/signal"
	"gygy/app/ui/lang"
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
		return lang.T("screen.player.n", "n", int(p))
	}
	if p == here {
		return lang.T("screen.player.you")
	}
	if setup.Seat(p).Kind == session.Computer {
		return lang.T("screen.player.computer")
	}
	return lang.T("screen.player.opponent")
}

// LastBy names who made the last move shown in the status.
func LastBy(setup session.Setup) string {
	if setup.HasComputer() {
		return lang.T("screen.player.computer")
	}
	return lang.T("screen.player.opponent")
}

// ColourName names a GYRE side: Gyre and Spoke are the sides' names in
// every language.
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
		return []app.UI{app.Strong().ID("result").Text(lang.T("screen.result.aborted") + " "), app.Text(lang.T("screen.result.aborted_note"))}
	}
	// "You" takes its own verbs: the sentences are whole for each.
	you := lang.T("screen.player.you")
	who, loser := name(r.Winner), name(r.Loser())
	won := lang.T("screen.result.wins", "who", who)
	if who == you {
		won = lang.T("screen.result.you_win")
	}
	switch r.Method {
	case game.Resignation:
		how = lang.T("screen.result.resigned", "who", loser)
		if loser == you {
			how = lang.T("screen.result.you_resigned")
		}
	case game.Timeout:
		how = lang.T("screen.result.timeout", "who", loser)
		if loser == you {
			how = lang.T("screen.result.you_timeout")
		}
	case game.Abandonment:
		how = lang.T("screen.result.abandoned", "who", loser)
		if loser == you {
			how = lang.T("screen.result.you_abandoned")
		}
	}
	return []app.UI{app.Strong().ID("result").Text(won + " "), app.Text(how)}
}

// ChangeNotice is what the person is told of a change.
func ChangeNotice(c session.Change) string {
	switch c.Event {
	case session.Resigned, session.Ended:
		// The result says it, where the game's status is (Result): a
		// notice as well would cover the buttons at the foot of a phone.
		return ""
	case session.Undone:
		return lang.T("screen.notice.undone")
	case session.UndoRefused:
		return lang.T("screen.notice.undo_refused")
	case session.RematchStarted:
		return lang.T("screen.notice.rematch")
	case session.RematchRefused:
		return lang.T("screen.notice.rematch_refused")
	case session.Resynced:
		return lang.T("screen.notice.resynced")
	case session.Resyncing:
		return lang.T("screen.notice.resyncing")
	case session.Refused:
		return lang.T("screen.notice.refused", "reason", RefusalText(c.Err))
	case session.PeerRefused:
		return PeerRefusal(c.Err)
	case session.Failed:
		return RefusalText(c.Err)
	}
	return ""
}

// PeerRefusal words the refusal the opponent's app sent of one of our
// messages. The refusal crosses the wire as a code and the peer's reason
// in its own words (match.PeerError, which unwraps to the error its code
// names): the code is worded here, in this device's language,
// and the peer's reason is never shown, since it is in the peer's words.
// A code this app does not know gets a general sentence.
func PeerRefusal(err error) string {
	switch {
	case errors.Is(err, match.ErrVersion):
		return lang.T("screen.peer.version")
	case errors.Is(err, match.ErrRejected):
		return lang.T("screen.peer.rejected")
	case errors.Is(err, match.ErrFlood):
		return lang.T("screen.peer.flood")
	case errors.Is(err, match.ErrDiverged):
		return lang.T("screen.peer.diverged")
	case errors.Is(err, match.ErrProtocol):
		return lang.T("screen.peer.protocol")
	}
	return lang.T("screen.peer.other")
}

// Thinking says the computer is choosing, with a bar that fills over its
// budget once the worker has said what that is. what is "setting up"
// while the computer sets up its Gygès pieces, anything else for thinking.
func Thinking(v session.View, what string) []app.UI {
	text := lang.T("screen.thinking")
	if what == "setting up" {
		text = lang.T("screen.thinking_setup")
	}
	out := []app.UI{app.Span().Class("spinner").Aria("hidden", true), app.Text(" " + text)}
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
			return lang.T("screen.describe.gyges_beginner")
		}
		return "Gygès"
	}
	rings, cols := s.Size.Rings, s.Size.Cols
	switch {
	case s.Gyre == gyre.NoSwap:
		return lang.T("screen.describe.gyre_noswap", "rings", rings, "cols", cols)
	case s.Gyre == gyre.GyreFirst:
		return lang.T("screen.describe.gyre_first", "rings", rings, "cols", cols)
	case s.Gyre.K() > 0:
		return lang.T("screen.describe.gyre_opening", "rings", rings, "cols", cols, "k", s.Gyre.K())
	}
	return lang.T("screen.describe.gyre", "rings", rings, "cols", cols)
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
	// As many decimals as the minutes need: "5", "2.5" ("2,5" in French).
	digits := 0
	if _, frac, ok := strings.Cut(strconv.FormatFloat(c.Base.Minutes(), 'f', -1, 64), "."); ok {
		digits = len(frac)
	}
	base := lang.Dec(c.Base.Minutes(), digits)
	if c.Increment > 0 {
		return lang.T("screen.control.increment", "min", base, "s", int(c.Increment.Seconds()))
	}
	return lang.T("screen.control.base", "min", base)
}

// SeatName names a seat of a game: "player 1 (first)" or "South".
func SeatName(s game.Spec, p game.Seat) string {
	if s.Kind == game.Gyges {
		if p == game.Two {
			return lang.T("screen.side.north")
		}
		return lang.T("screen.seat.south")
	}
	if p == game.Two {
		return lang.T("screen.seat.two")
	}
	return lang.T("screen.seat.one")
}

// RefusalText turns an engine's or a session's error into words for the
// player: what happened and what to do, then the technical reason in
// brackets (see [Problem]). An error it has no words for is shown as the
// engine says it, without the package's name, starting with a capital.
// The engines' reasons are in English: another language shows its
// sentence alone.
func RefusalText(err error) string {
	plain, detail := Problem(err)
	if detail == "" || lang.Current() != lang.EN {
		return plain
	}
	return lang.T("screen.problem.with_detail", "plain", plain, "detail", detail)
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
		return lang.T("screen.problem.over"), ""
	case errors.Is(err, gyre.ErrSize):
		return lang.T("screen.problem.size", "min_rings", gyre.MinRings, "max_rings", gyre.MaxRings,
			"min_cols", gyre.MinCols, "max_cols", gyre.MaxCols), msg
	case strings.HasPrefix(msg, "move ") && (errors.Is(err, gyre.ErrIllegalMove) || errors.Is(err, gyges.ErrIllegalMove) ||
		errors.Is(err, gyre.ErrNotation) || errors.Is(err, gyges.ErrNotation) || errors.Is(err, gyges.ErrSetup)):
		n, _, _ := strings.Cut(strings.TrimPrefix(msg, "move "), " ")
		n = strings.TrimSuffix(n, ":")
		return lang.T("screen.problem.record_move", "move", n), msg
	case errors.Is(err, gyre.ErrNotation) || errors.Is(err, gyges.ErrNotation) || strings.HasPrefix(msg, "a record starts with"):
		return lang.T("screen.problem.not_record"), msg
	case errors.Is(err, signal.ErrRefused) && strings.Contains(msg, "room is full"):
		return lang.T("screen.problem.room_full"), msg
	case errors.Is(err, signal.ErrRefused) && strings.Contains(msg, "no such room"):
		return lang.T("screen.problem.room_gone"), msg
	case errors.Is(err, signal.ErrRefused):
		return lang.T("screen.problem.server_refused"), msg
	}
	if msg == "" {
		return lang.T("screen.problem.not_allowed"), ""
	}
	// An error with no words of its own: English shows the engine's
	// sentence; another language says it in general, with the engine's
	// (English) sentence as the detail.
	if lang.Current() != lang.EN {
		return lang.T("screen.problem.other"), msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:], ""
}

// ResumeLabel describes the saved game for the home screen.
func ResumeLabel(g game.Game) string {
	if g.Kind() == game.Gyges {
		if g.InSetup() {
			return lang.T("screen.resume.gyges_setup")
		}
		return lang.N("screen.resume.gyges", g.Len()-2)
	}
	size := g.Spec().Size
	return lang.N("screen.resume.gyre", g.Len(), "rings", size.Rings, "cols", size.Cols)
}

// GygesName names the player of a side for the people at the device:
// "South" and "North" at one device, "You" or "The computer" against it.
func GygesName(setup session.Setup, sd gyges.Side) string {
	if setup.Here() == game.NoSeat {
		return SideName(sd)
	}
	return PlayerName(setup, game.SeatOf(sd))
}

// LevelName is a computer's level as the home screen's buttons say it:
// "Medium".
func LevelName(l level.Level) string {
	switch l {
	case level.Easy:
		return lang.T("screen.level.easy")
	case level.Medium:
		return lang.T("screen.level.medium")
	case level.Hard:
		return lang.T("screen.level.hard")
	}
	name := l.String()
	return strings.ToUpper(name[:1]) + name[1:]
}

// SideName names a Gygès side: "South", "North".
func SideName(sd gyges.Side) string {
	if sd == gyges.North {
		return lang.T("screen.side.north")
	}
	return lang.T("screen.side.south")
}
