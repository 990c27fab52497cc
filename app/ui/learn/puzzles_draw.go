package learn

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/puzzles"
	"gygy/app/ui/lang"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Render draws the puzzle on screen, or why there is none.
func (s *Puzzles) Render() app.UI {
	body := []app.UI{
		app.H1().Text(lang.T("learn.puzzles.title")),
		tabs("puzzles", s.gyges, s.onTab),
		app.P().ID("puzzle-streak").Class("streak").Text(lang.T("learn.puzzles.streak",
			"streak", s.progress.Streak, "best", s.progress.Best, "solved", s.progress.Solved)),
	}
	p, i, ok := s.current()
	switch {
	case ok:
		body = append(body, s.puzzle(p, i))
	case s.loadErr != nil:
		body = append(body, app.P().ID("puzzle-error").Class("error").Role("alert").Text(loadErrText(s.loadErr)))
	default:
		body = append(body, app.P().ID("puzzle-loading").Role("status").Text(lang.T("learn.puzzles.loading")))
	}
	body = append(body, app.P().Body(app.A().ID("puzzles-lessons").Href("?view=learn").Text(lang.T("learn.link.lessons")), app.Text(" · "),
		app.A().ID("puzzles-home").Href("./").Text(lang.T("learn.link.home"))))
	return app.Main().Class("learn", "puzzles").Body(body...)
}

// puzzle draws puzzle p (the i-th of its set).
func (s *Puzzles) puzzle(p puzzles.Puzzle, i int) app.UI {
	n := len(s.sets[s.game()].Puzzles)
	head := lang.T("learn.puzzle.head", "n", i+1, "total", n, "grade", p.Grade)
	var task string
	var boardUI app.UI
	live := s.state.result == 0
	if s.gyges {
		pos, err := p.Gyges()
		if err != nil {
			return app.P().Class("error").Text(err.Error())
		}
		side := sideName(pos.Side())
		task = lang.N("learn.puzzle.win_in", p.N, "side", side)
		if p.N == 1 {
			task = lang.T("learn.puzzle.win_now", "side", side)
		}
		now, last := pos, gyges.Pass
		if m, ok := s.state.played.(gyges.Move); ok && pos.Legal(m) == nil {
			now.Apply(m)
			last = m
		}
		boardUI = gygesBoard(now, pos, last, live)
	} else {
		g, err := p.Gyre()
		if err != nil {
			return app.P().Class("error").Text(err.Error())
		}
		task = lang.T("learn.puzzle.win_gyre", "side", colourName(g.ToMove()))
		mark := gyre.NoCell
		if m, ok := s.state.played.(gyre.Move); ok && g.Play(m) == nil {
			mark, _ = m.Cell()
		}
		boardUI = gyreBoard(g, live, mark)
	}
	msgClass := "note"
	if s.state.result == -1 {
		msgClass = "error"
	}
	return app.Div().Class("learn-play", "puzzle").Body(
		app.Div().Class("learn-info").Body(
			app.H2().ID("puzzle-title").Text(head),
			app.P().ID("puzzle-task").Class("task").Body(app.Strong().Text(task)),
		),
		boardUI,
		app.Div().Class("learn-after").Body(
			app.P().ID("puzzle-message").Class(msgClass).Role("status").Aria("live", "polite").Text(s.message(p)),
			app.Div().Class("controls").Body(
				app.If(s.state.result == -1, func() app.UI {
					return app.Button().ID("puzzle-again").Class("primary").Text(lang.T("learn.again")).OnClick(s.onAgain)
				}),
				app.If(s.state.result <= 0, func() app.UI {
					return app.Button().ID("puzzle-solution").Text(lang.T("learn.puzzle.show_solution")).OnClick(s.onSolution)
				}),
				app.If(s.state.result > 0, func() app.UI {
					return app.Button().ID("puzzle-next").Class("primary").Text(lang.T("learn.puzzle.next")).OnClick(s.onNext)
				}),
			),
		),
	)
}
