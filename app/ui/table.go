package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// The shell and the table on screen: the person's intents go to the table
// (play, and the buttons in game.go), its changes come back (onChange),
// and the table's View is drawn (renderTable) whichever way the game is
// played.

// onCell plays the cell a person chose on the GYRE board.
func (s *Shell) onCell(ctx app.Context, a app.Action) {
	cell, ok := a.Value.(int)
	t := s.table()
	if !ok || t == nil {
		return
	}
	g := game.AsGyre(t.View().Game)
	if g == nil {
		return
	}
	s.play(ctx, g.Geometry().MoveName(gyre.Place(gyre.Cell(cell))))
}

// onGyges plays the setup or move a person made on the Gygès board.
func (s *Shell) onGyges(ctx app.Context, a app.Action) {
	action, ok := a.Value.(string)
	if t := s.table(); ok && t != nil && t.View().Game.Kind() == game.Gyges {
		s.play(ctx, action)
	}
}

// play takes a person's action; the engine's refusal becomes the notice.
func (s *Shell) play(ctx app.Context, action string) {
	t := s.table()
	if t == nil || !t.View().CanAct() {
		return
	}
	if err := t.Play(action); err != nil {
		s.notice = refusalText(err)
		return
	}
	s.acted()
	s.animate = true
	s.moved(action)
}

// moved sounds a move (a Gygès replace has its own sound) and, if it ended
// the game, the end.
func (s *Shell) moved(action string) {
	if strings.Contains(action, ":") {
		playSound(soundReplace)
	} else {
		playSound(soundMove)
	}
	s.ended()
}

// ended sounds the end of the game on screen, once.
func (s *Shell) ended() {
	t := s.table()
	if t == nil {
		return
	}
	over := t.View().Game.Result().Over()
	if over && !s.wasOver {
		playSound(soundEnd)
	}
	s.wasOver = over
}

// acted follows an action of the person's: clear the notices, and show a
// save error.
func (s *Shell) acted() {
	s.notice, s.confirm, s.lastTheirs, s.copied, s.animate, s.back = "", false, "", false, false, 0
	if t := s.table(); t != nil && t.View().Game.Len() != 1 {
		s.keep = false
	}
	if s.view == viewPlay && s.local != nil {
		if err := s.local.Session().SaveError(); err != nil {
			s.notice = "This game is not being saved: " + err.Error()
		}
	}
}

// onChange follows a change the table made by itself: the computer's or
// the opponent's move, the opponent's answers, the connection. It runs on
// the UI goroutine (the tables hand their changes through Dispatch).
func (s *Shell) onChange(c session.Change) {
	s.notice = changeNotice(c)
	s.lastTheirs, s.animate = "", false
	if c.Event == session.Played {
		s.lastTheirs, s.animate, s.keep, s.confirm, s.back = c.Action, true, false, false, 0
		s.moved(c.Action)
	}
	s.ended()
}

// changeNotice is what the person is told of a change.
func changeNotice(c session.Change) string {
	switch c.Event {
	case session.Resigned:
		return "Your opponent resigned."
	case session.Ended:
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
		return "A message from your opponent was refused: " + refusalText(c.Err)
	case session.PeerRefused:
		return "Your opponent's app refused our last message: " + c.Err.Error()
	case session.Failed:
		return refusalText(c.Err)
	}
	return ""
}

// renderTable draws a game of either kind: live, or as it was at the
// move under review.
func (s *Shell) renderTable(v session.View) app.UI {
	shown, live := s.reviewing(v)
	if v.Game.Kind() == game.Gyges {
		return s.renderGyges(v, shown, live)
	}
	return s.renderGame(v, shown, live)
}

// reviewStatus replaces the status line while the moves are reviewed.
func (s *Shell) reviewStatus(v session.View) []app.UI {
	n := v.Game.Len()
	return []app.UI{app.Text(fmt.Sprintf("Reviewing: the position after move %d of %d. The game goes on when you return to it.", n-s.back, n))}
}

// thinking says the computer is choosing, with a bar that fills over its
// budget once the worker has said what that is.
func thinking(v session.View, what string) []app.UI {
	out := []app.UI{app.Span().Class("spinner").Aria("hidden", true), app.Text(" The computer is " + what + "…")}
	if v.ThinkBudget > 0 {
		out = append(out, app.Span().ID("think-bar").Class("think-bar").Aria("hidden", true).Body(
			app.Span().Class("think-fill").Style("animation-duration", fmt.Sprintf("%dms", v.ThinkBudget.Milliseconds())),
		))
	}
	return out
}
