package play

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/mygames"
	"gygy/app/session"
	"gygy/engine/game"
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
	e.Mode, e.Opponent, e.Result = mygames.Describe(setup, v.Conn != session.NoConn, g.Result())
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
