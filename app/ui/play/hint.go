package play

import (
	"context"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Hints: against the computer and on one device, never online, the person
// to move may ask for the move the computer would play (Medium's, from the
// same worker and budget): it is named under the buttons and marked on
// the board, not played: GYRE's cell; Gygès's piece, path and drop square. A game in which hints were used says so under
// its moves, and in its entry of My games.

// hinting is the state of the game screen's hint.
type hinting struct {
	of     history     // the game the hint is for
	best   game.Action // the hint; nil while asked
	cancel context.CancelFunc
	err    error // the worker's error; with failed, none
	failed bool  // no hint came
	used   bool  // a hint was given in this game
}

// canHint reports whether a hint may be asked for now: a game at this
// device, the person to move, the computer able to answer.
func (s *Game) canHint(v session.View, live bool) bool {
	return s.Judge != nil && live && v.Conn == session.NoConn && v.CanAct() && !v.Game.Result().Over()
}

// askHint asks the worker for the move it would play in the live position.
func (s *Game) askHint() {
	if s.Judge == nil || s.mctx.Src() == nil {
		return
	}
	if s.hint.cancel != nil {
		s.hint.cancel()
	}
	g := s.shown.Game.Clone() // the worker's client reads it on another goroutine
	of := historyOf(g)
	ctx, cancel := context.WithCancel(context.Background())
	s.hint = hinting{of: of, cancel: cancel, used: s.hint.used}
	judge, mctx := s.Judge, s.mctx
	mctx.Async(func() {
		j, err := judge(ctx, g, nil)
		if ctx.Err() != nil {
			return
		}
		mctx.Dispatch(func(app.Context) {
			if s.hint.of != of {
				return
			}
			s.hint.cancel = nil
			if err != nil || j.Best == nil {
				s.hint.err, s.hint.failed = err, true
				return
			}
			s.hint.best, s.hint.used = j.Best, true
		})
	})
}

// hintsUsed reports whether hints were used in the game on screen: here,
// or before a reload (My games keeps it).
func (s *Game) hintsUsed() bool { return s.hint.used || s.kept.hints }

// renderHint draws the hint button and the hint given.
func (s *Game) renderHint(v session.View, live bool) app.UI {
	if !s.canHint(v, live) {
		return app.Div().ID("no-hint")
	}
	fresh := s.hint.of == historyOf(v.Game)
	text := ""
	switch {
	case fresh && s.hint.err != nil:
		text = lang.T("play.hint.error", "error", s.hint.err.Error())
	case fresh && s.hint.failed:
		text = lang.T("play.hint.none")
	case fresh && s.hint.best != nil:
		text = lang.T("play.hint.text", "move", v.Game.Notation(s.hint.best))
	case fresh:
		text = lang.T("play.hint.asking")
	}
	return app.Div().ID("hint-box").Class("hint-box").Body(
		app.Button().ID("hint").Text(lang.T("play.hint")).Title(lang.T("play.hint.title")).
			Disabled(fresh && s.hint.best == nil && !s.hint.failed).
			OnClick(func(ctx app.Context, e app.Event) { s.askHint() }),
		app.Span().ID("hint-text").Role("status").Text(text),
	)
}

// boardHints is the cells to mark on the GYRE board: the hint in the live
// position, or in review the computer's better move.
func (s *Game) boardHints(g *gyre.Game, live bool) []gyre.Cell {
	var a game.Action
	if live && s.hint.of == historyOf(s.shown.Game) {
		a = s.hint.best
	} else if !live {
		a = s.betterAt(s.shown.Game.Len() - s.review.back)
	}
	m, ok := a.(gyre.Move)
	if !ok {
		return nil
	}
	c, ok := m.Cell()
	if !ok || !g.Geometry().Contains(c) {
		return nil
	}
	return []gyre.Cell{c}
}

// gygesHint is the hint to mark on the Gygès board in the live position
// pos, with its path from the engine; a zero path for none.
func (s *Game) gygesHint(pos gyges.Position, live bool) (gyges.Move, gyges.Path) {
	if !live || s.hint.of != historyOf(s.shown.Game) {
		return gyges.Move{}, nil
	}
	m, ok := s.hint.best.(gyges.Move)
	if !ok {
		return gyges.Move{}, nil
	}
	path, err := pos.Path(m)
	if err != nil {
		return gyges.Move{}, nil
	}
	return m, path
}

// betterAt is the analysis's better move for the move that led to the
// position after k actions, typed: shown on the board before it, beside
// the one played; nil for none.
func (s *Game) betterAt(k int) game.Action {
	a := &s.an
	if a.moves == nil || a.of != historyOf(s.shown.Game) || k < 1 || k > len(a.moves) {
		return nil
	}
	return a.moves[k-1].Better
}
