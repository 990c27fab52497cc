package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
)

// Review: in every mode, during and after a game, the person may step
// through the moves without changing the game. The board then shows the
// position after the chosen number of actions, with its last move, and
// nobody can play on it; any move made returns to the live position.

// reviewing returns the view to draw: the live one, or the game as it was
// s.back actions ago. live is false while reviewing.
func (s *Shell) reviewing(v session.View) (shown session.View, live bool) {
	n := v.Game.Len()
	if s.back <= 0 || s.back > n {
		s.back = 0
		return v, true
	}
	g, err := v.Game.Spec().New()
	if err != nil {
		return v, true
	}
	for _, a := range v.Game.Actions()[:n-s.back] {
		if g.Play(a) != nil {
			return v, true // cannot happen: the actions were legal
		}
	}
	v.Game = g
	v.Clock.Running = 0
	return v, false
}

// step moves the review to the position after k of the n actions (n is
// live).
func (s *Shell) step(k, n int) { s.back = n - min(max(k, 0), n) }

// The review's moves, as its buttons and keys name them.
const (
	toFirst = iota
	toBack
	toForward
	toLast
)

// reviewTo moves the review as a button or a key says. It reads the game
// on screen when it is called: go-app keeps a handler from the first
// render of its element, so a handler must not capture what it shows.
func (s *Shell) reviewTo(to int) {
	t := s.table()
	if t == nil {
		return
	}
	n := t.View().Game.Len()
	at := n - s.back
	switch to {
	case toFirst:
		s.step(0, n)
	case toBack:
		s.step(at-1, n)
	case toForward:
		s.step(at+1, n)
	case toLast:
		s.step(n, n)
	}
}

// reviewBar draws the review's buttons under the board: first, back,
// forward, last, with the arrow keys, Home and End on the bar.
func (s *Shell) reviewBar(live session.View) app.UI {
	n := live.Game.Len()
	at := n - s.back
	label := fmt.Sprintf("Move %d of %d", at, n)
	if at == n {
		label = "Live"
	}
	btn := func(id, text, aria string, to int, disabled bool) app.UI {
		return app.Button().ID(id).Class("review-btn").Text(text).Aria("label", aria).Disabled(disabled).
			OnClick(func(ctx app.Context, e app.Event) { s.reviewTo(to) })
	}
	return app.Div().ID("review").Class("review").Role("group").Aria("label", "Review the moves (arrow keys)").
		TabIndex(0).
		OnKeyDown(func(ctx app.Context, e app.Event) {
			switch e.Get("key").String() {
			case "ArrowLeft":
				s.reviewTo(toBack)
			case "ArrowRight":
				s.reviewTo(toForward)
			case "Home":
				s.reviewTo(toFirst)
			case "End":
				s.reviewTo(toLast)
			default:
				ctx.PreventUpdate()
			}
		}).
		Body(
			btn("review-first", "«", "First position", toFirst, at == 0),
			btn("review-back", "‹", "Back one move", toBack, at == 0),
			app.Span().ID("review-at").Class("review-at").Aria("live", "polite").Text(label),
			btn("review-forward", "›", "Forward one move", toForward, at == n),
			btn("review-last", "»", "Back to the game", toLast, at == n),
		)
}
