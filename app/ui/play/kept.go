package play

import (
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/mygames"
	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/level"
)

// Every game drawn on this screen is kept in My games (package mygames) as
// it goes: the game after each action, and its result at the end.

// Book keeps the games drawn on this screen in My games (a
// *mygames.Book): game g as entry e, whose record the book writes.
type Book interface {
	Keep(g game.Game, e mygames.Entry) (mygames.Entry, error)
}

// Keeping is where a game screen keeps things: this device's storage
// (the coordinates switch) and My games. The shell hands it to every
// screen that draws a game (its own, the online, nearby and by link
// ones); a nil field keeps nothing (the server's pre-rendering).
type Keeping struct {
	Store session.Storage
	Book  Book
}

// kept is what the screen last wrote to My games.
type kept struct {
	id      int64         // the game's entry, 0 before the first keep
	of      history       // the game kept; zero before the first keep
	actions []game.Action // its actions
	over    bool
	hints   bool
}

// keepGame writes the live game to My games when it changed.
func (s *Game) keepGame(v session.View) {
	if !app.IsClient || s.Keep.Book == nil {
		return
	}
	g := v.Game
	if s.kept.of.set && !continues(g.Actions(), s.kept.actions) {
		// Another game on the same table (a rematch): a new entry.
		s.kept, s.hint.used = kept{}, false
	}
	over, hints := g.Result().Over(), s.hintsUsed()
	if s.kept.of == historyOf(g) && s.kept.over == over && s.kept.hints == hints {
		return
	}
	setup := v.Setup()
	e := mygames.Entry{
		ID: s.kept.id, Date: time.Now().UnixMilli(), Over: over, Hints: hints, Seats: setup.Seats[:],
	}
	e.Mode, e.Opponent = modeOf(setup, v.Conn != session.NoConn)
	if over {
		e.Result = resultText(setup, g.Result())
	}
	got, err := s.Keep.Book.Keep(g, e)
	if err != nil {
		return // a refused storage keeps no list; the game itself is saved apart
	}
	s.kept = kept{id: got.ID, of: historyOf(g), actions: g.Actions(), over: over, hints: got.Hints}
}

// continues reports whether one list of actions begins with the other
// (one game: actions added or taken back).
func continues(a, b []game.Action) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// modeOf names a game's mode and the opponent of the person here.
func modeOf(setup session.Setup, online bool) (mode, opponent string) {
	for _, st := range setup.Seats {
		if st.Kind == session.Computer {
			return mygames.ModeComputer, "Computer (" + keptLevel(st.Level) + ")"
		}
	}
	if online || setup.Online() {
		return mygames.ModeOnline, "Online opponent"
	}
	return mygames.ModeHere, "Two players here"
}

// resultText says who won and how, in the words of the list.
func resultText(setup session.Setup, r game.Result) string {
	if r.Winner == game.NoSeat {
		return r.Method.String()
	}
	return fmt.Sprintf("%s won (%s)", keptName(setup, r.Winner), r.Method)
}

// My games keeps a game's opponent and result in English words that serve
// as codes: the same in every language, read back and worded in the page's
// language by the games screen (package games). keptName and keptLevel
// write them, whatever the page's language.

// keptName names seat p as the list keeps it: "You", "The computer",
// "Your opponent"; at one device "Player 1", or in Gygès the side.
func keptName(setup session.Setup, p game.Seat) string {
	here := setup.Here()
	switch {
	case here == game.NoSeat && setup.Spec.Kind == game.Gyges:
		if game.SideOf(p) == gyges.North {
			return "North"
		}
		return "South"
	case here == game.NoSeat:
		return fmt.Sprintf("Player %d", p)
	case p == here:
		return "You"
	case setup.Seat(p).Kind == session.Computer:
		return "The computer"
	}
	return "Your opponent"
}

// keptLevel names a computer's level as the list keeps it: "Medium".
func keptLevel(l level.Level) string {
	switch l {
	case level.Easy:
		return "Easy"
	case level.Medium:
		return "Medium"
	case level.Hard:
		return "Hard"
	}
	name := l.String()
	return strings.ToUpper(name[:1]) + name[1:]
}
