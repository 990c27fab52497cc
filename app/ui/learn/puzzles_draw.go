package learn

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/puzzles"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Render draws the puzzle on screen, or why there is none.
func (s *Puzzles) Render() app.UI {
	body := []app.UI{
		app.H1().Text("Puzzles"),
		tabs("puzzles", s.gyges, s.onTab),
		app.P().ID("puzzle-streak").Class("streak").Text("Streak: " + strconv.Itoa(s.progress.Streak) +
			" · best " + strconv.Itoa(s.progress.Best) + " · solved " + strconv.Itoa(s.progress.Solved)),
	}
	p, i, ok := s.current()
	switch {
	case ok:
		body = append(body, s.puzzle(p, i))
	case s.loadErr != "":
		body = append(body, app.P().ID("puzzle-error").Class("error").Role("alert").Text(s.loadErr))
	default:
		body = append(body, app.P().ID("puzzle-loading").Role("status").Text("Loading the puzzles…"))
	}
	body = append(body, app.P().Body(app.A().ID("puzzles-lessons").Href("?view=learn").Text("Lessons"), app.Text(" · "),
		app.A().ID("puzzles-home").Href("./").Text("Back to the game menu")))
	return app.Main().Class("learn", "puzzles").Body(body...)
}

// puzzle draws puzzle p (the i-th of its set).
func (s *Puzzles) puzzle(p puzzles.Puzzle, i int) app.UI {
	n := len(s.sets[s.game()].Puzzles)
	head := "Puzzle " + strconv.Itoa(i+1) + " of " + strconv.Itoa(n) + " · level " + strconv.Itoa(p.Grade) + " of 5"
	var task string
	var boardUI app.UI
	live := s.state.result == 0
	if s.gyges {
		pos, err := p.Gyges()
		if err != nil {
			return app.P().Class("error").Text(err.Error())
		}
		side := "South"
		if pos.Side() == gyges.North {
			side = "North"
		}
		task = side + " to move: win in " + strconv.Itoa(p.N) + "."
		if p.N == 1 {
			task = side + " to move: win now."
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
		task = colourName(g.ToMove()) + " to move: win from here. Every defence is covered: the solver proved it."
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
			app.P().ID("puzzle-message").Class(msgClass).Role("status").Aria("live", "polite").Text(s.state.message),
			app.Div().Class("controls").Body(
				app.If(s.state.result == -1, func() app.UI {
					return app.Button().ID("puzzle-again").Class("primary").Text("Try again").OnClick(s.onAgain)
				}),
				app.If(s.state.result <= 0, func() app.UI {
					return app.Button().ID("puzzle-solution").Text("Show the solution").OnClick(s.onSolution)
				}),
				app.If(s.state.result > 0, func() app.UI {
					return app.Button().ID("puzzle-next").Class("primary").Text("Next puzzle").OnClick(s.onNext)
				}),
			),
		),
	)
}
