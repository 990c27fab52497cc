package play

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/engine/game"
)

// Review: in every mode, during and after a game, the person may step
// through the moves without changing the game. The board then shows the
// position after the chosen number of actions, with its last move, and
// nobody can play on it; any move made returns to the live position.

// review is the game screen's review: how far back the board shows, and
// the live game, which keeps the positions asked of it (game.Game.At), so
// that a step back shows a position kept rather than a game replayed.
type review struct {
	back int       // how many actions back from the live position the board shows
	live game.Game // the live game when last drawn (a copy the screen owns); nil before
}

// see takes the live game (a copy the screen owns), following it with
// the game seen before where it can, so that the positions that game
// keeps are kept.
func (r *review) see(live game.Game) {
	r.live = follow(r.live, live)
	if r.back < 0 || r.back > live.Len() {
		r.back = 0
	}
}

// follow returns the game to review live by: kept while the history is
// the same; kept with the actions live added played on it (and how live
// ended) while live goes on from it; else live itself (an undo, a resync,
// a rematch).
func follow(kept, live game.Game) game.Game {
	if kept == nil || kept.Spec() != live.Spec() {
		return live
	}
	if historyOf(kept) == historyOf(live) {
		return kept
	}
	acts, n := live.Actions(), kept.Len()
	if n > len(acts) || kept.Result().Over() || !slices.Equal(acts[:n], kept.Actions()) {
		return live
	}
	for _, a := range acts[n:] {
		if kept.Play(a) != nil {
			return live
		}
	}
	if r := live.Result(); r.Over() && !kept.Result().Over() && kept.End(r) != nil {
		return live
	}
	if historyOf(kept) != historyOf(live) {
		return live
	}
	return kept
}

// len is the number of actions of the live game.
func (r *review) len() int {
	if r.live == nil {
		return 0
	}
	return r.live.Len()
}

// position returns the game after k actions of the live one.
func (r *review) position(k int) (game.Game, error) {
	if r.live == nil {
		return nil, fmt.Errorf("play: no game to review")
	}
	return r.live.At(k)
}

// history identifies a game's history: its key and its number of
// actions. The screen compares it to tell whether what it holds of a game
// (a hint, an analysis, what My games keeps) is of the game on screen;
// the zero history is no game's.
type history struct {
	key uint64
	n   int
	set bool
}

// historyOf is g's history.
func historyOf(g game.Game) history { return history{key: g.Key(), n: g.Len(), set: true} }

// reviewing returns the view to draw: the live one, or the game as it was
// r.back actions ago. live is false while reviewing.
func (r *review) reviewing(v session.View) (shown session.View, live bool) {
	n := v.Game.Len()
	if r.back <= 0 || r.back > n {
		r.back = 0
		return v, true
	}
	g, err := r.position(n - r.back)
	if err != nil {
		return v, true
	}
	v.Game = g
	v.Clock.Running = 0
	return v, false
}

// step moves the review to the position after k of the n actions (n is
// live).
func (r *review) step(k, n int) { r.back = n - min(max(k, 0), n) }

// The review's moves, as its buttons and keys name them.
const (
	toFirst = iota
	toBack
	toForward
	toLast
)

// to moves the review as a button or a key says, in a game of n actions.
func (r *review) to(to, n int) {
	at := n - r.back
	switch to {
	case toFirst:
		r.step(0, n)
	case toBack:
		r.step(at-1, n)
	case toForward:
		r.step(at+1, n)
	case toLast:
		r.step(n, n)
	}
}

// status replaces the status line while the moves are reviewed: a game in
// progress goes on from its last move; a finished one only looks back.
func (r *review) status(v session.View) []app.UI {
	n := v.Game.Len()
	text := lang.T("play.review.status_on", "at", n-r.back, "n", n)
	if v.Game.Result().Over() {
		text = lang.T("play.review.status_over", "at", n-r.back, "n", n)
	}
	return []app.UI{app.Text(text)}
}
