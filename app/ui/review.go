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

// reviewBar draws the review's buttons under the board: first, back,
// forward, last, with the arrow keys, Home and End on the bar.
func (s *Shell) reviewBar(live session.View) app.UI {
	n := live.Game.Len()
	at := n - s.back
	label := fmt.Sprintf("Move %d of %d", at, n)
	if at == n {
		label = "Live"
	}
	btn := func(id, text, aria string, k int, disabled bool) app.UI {
		return app.Button().ID(id).Class("review-btn").Text(text).Aria("label", aria).Disabled(disabled).
			OnClick(func(ctx app.Context, e app.Event) { s.step(k, n) })
	}
	return app.Div().ID("review").Class("review").Role("group").Aria("label", "Review the moves (arrow keys)").
		TabIndex(0).
		OnKeyDown(func(ctx app.Context, e app.Event) {
			switch e.Get("key").String() {
			case "ArrowLeft":
				s.step(at-1, n)
			case "ArrowRight":
				s.step(at+1, n)
			case "Home":
				s.step(0, n)
			case "End":
				s.step(n, n)
			default:
				ctx.PreventUpdate()
			}
		}).
		Body(
			btn("review-first", "⏮", "First position", 0, at == 0),
			btn("review-back", "◀", "Back one move", at-1, at == 0),
			app.Span().ID("review-at").Class("review-at").Aria("live", "polite").Text(label),
			btn("review-forward", "▶", "Forward one move", at+1, at == n),
			btn("review-last", "⏭", "Back to the game", n, at == n),
		)
}
