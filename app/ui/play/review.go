package play

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/game"
)

// Review: in every mode, during and after a game, the person may step
// through the moves without changing the game. The board then shows the
// position after the chosen number of actions, with its last move, and
// nobody can play on it; any move made returns to the live position.

// review is the game screen's review: how far back the board shows, and
// the positions after each action, kept as the game is drawn, so that a
// step back shows a position kept rather than a game replayed.
type review struct {
	back    int           // how many actions back from the live position the board shows
	spec    game.Spec     // the live game's
	actions []game.Action // the live game's actions when last drawn
	at      []game.Game   // at[k]: the game after k actions, nil where none is kept yet
}

// see keeps the live game (a copy the screen owns) as the position after
// its actions, and forgets the positions of actions taken back or
// replaced (an undo, a resync, a rematch).
func (r *review) see(live game.Game) {
	acts := live.Actions()
	same := 0
	for same < len(acts) && same < len(r.actions) && acts[same] == r.actions[same] {
		same++
	}
	if live.Spec() != r.spec {
		r.spec, same, r.at = live.Spec(), 0, r.at[:0]
	}
	r.at = r.at[:min(len(r.at), same+1)]
	for len(r.at) <= len(acts) {
		r.at = append(r.at, nil)
	}
	r.at[len(acts)] = live
	r.actions = acts
	if r.back < 0 || r.back > len(acts) {
		r.back = 0
	}
}

// position returns the game after k actions: a kept one, or one made from
// the nearest kept before it (kept in turn, each once).
func (r *review) position(k int) (game.Game, error) {
	if r.at[k] != nil {
		return r.at[k], nil
	}
	j := k
	for j > 0 && r.at[j] == nil {
		j--
	}
	if r.at[j] == nil {
		start, err := r.spec.New()
		if err != nil {
			return nil, err
		}
		r.at[j] = start
	}
	g := r.at[j].Clone()
	for i := j; i < k; i++ {
		if err := g.Play(r.actions[i]); err != nil {
			return nil, err // cannot happen: the actions were legal
		}
		r.at[i+1] = g
		if i+1 < k {
			g = g.Clone()
		}
	}
	return g, nil
}

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
	text := fmt.Sprintf("Reviewing: the position after move %d of %d.", n-r.back, n)
	if v.Game.Result().Over() {
		text += " The game is over; the last move shows how it ended."
	} else {
		text += " The game goes on when you return to the last move."
	}
	return []app.UI{app.Text(text)}
}
