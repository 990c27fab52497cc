package learn

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/learn"
	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Lessons is the lessons screen: the list of both games' lessons with the
// ones done ticked, and the lesson open, with its board, its task and what
// the engine made of the last attempt.
type Lessons struct {
	app.Compo
	// Store keeps the lessons done; nil keeps them for this page only.
	Store session.Storage
	// Game is the game whose lessons show first ("gyre" or "gyges").
	Game string

	gyges   bool          // showing Gygès's lessons
	done    []string      // the ids of the lessons done
	open    *learn.Lesson // the lesson open, or nil for the list
	pos     learn.Board   // its position now
	before  learn.Board   // the position before the last action (Gygès: for the route)
	last    gyges.Move    // the last Gygès move, or Pass
	verdict learn.Verdict
	played  bool          // an attempt was made since the start
	message func() string // the engine's refusal, or why the lesson would not start, worded when drawn

	loading string      // the language whose lessons' words are being fetched, or ""
	loadErr error       // why the last fetch failed, shown with a retry
	ctx     app.Context // the screen's own context, from OnMount: a fetch answers through it
}

// OnInit reads the progress before the first render, so that the lessons
// done are ticked at once (go-app calls OnMount only after the screen is
// drawn).
func (s *Lessons) OnInit() {
	s.done = lessonsDone(s.Store)
	s.gyges = s.Game == learn.GameGyges
	s.last = gyges.Pass
}

// OnMount fetches the lessons' words in the page's language, takes the
// boards' actions, and in a new language fetches the words in it and
// redraws the screen.
func (s *Lessons) OnMount(ctx app.Context) {
	s.ctx = ctx
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) {
		s.loadTexts(ctx)
		ctx.Update()
	})
	s.loadTexts(ctx)
	ctx.Handle(board.ActionPlay, func(ctx app.Context, a app.Action) {
		if p, ok := a.Value.(board.Played); ok {
			s.play(p)
		}
	})
}

// start opens lesson l at its start.
func (s *Lessons) start(l learn.Lesson) {
	b, err := l.Start()
	s.open, s.pos, s.before, s.last, s.played, s.verdict = &l, b, b, gyges.Pass, false, learn.More
	s.message = nil
	if err != nil {
		s.message = func() string { return lang.T("learn.lesson.broken", "error", err.Error()) }
	}
}

// play judges a person's action on the open lesson.
func (s *Lessons) play(p board.Played) {
	if s.open == nil || (s.played && s.verdict != learn.More) {
		return
	}
	next, v, err := s.open.Play(s.pos, p.Action)
	if err != nil {
		s.message = func() string { return screen.RefusalText(err) }
		return
	}
	s.before, s.pos, s.verdict, s.played = s.pos, next, v, true
	s.last = gyges.Pass
	if m, ok := p.Action.(gyges.Move); ok && s.open.Game == learn.GameGyges {
		s.last = m
	}
	s.message = nil // the lesson's word is drawn from the verdict (said)
	if v == learn.Done {
		s.done = markDone(s.Store, s.done, s.open.ID)
	}
}

// said is the message under the board: the engine's refusal, or what the
// lesson says of the verdict, in the page's language.
func (s *Lessons) said() string {
	if s.message != nil {
		return s.message()
	}
	if s.open == nil || !s.played {
		return ""
	}
	switch s.verdict {
	case learn.Done:
		return words(*s.open).Success
	case learn.Again:
		return words(*s.open).Wrong
	}
	return ""
}

func (s *Lessons) onTab(ctx app.Context, e app.Event) {
	s.gyges = ctx.JSSrc().Get("value").String() == learn.GameGyges
	s.open = nil
}

func (s *Lessons) onOpen(ctx app.Context, e app.Event) {
	if l, err := learn.ByID(ctx.JSSrc().Get("value").String()); err == nil {
		s.start(l)
	}
}

func (s *Lessons) onAgain(ctx app.Context, e app.Event) {
	if s.open != nil {
		s.start(*s.open)
	}
}

func (s *Lessons) onNext(ctx app.Context, e app.Event) {
	if s.open == nil {
		return
	}
	if n, ok := learn.Next(*s.open); ok {
		s.start(n)
		return
	}
	s.open = nil
}

func (s *Lessons) onList(ctx app.Context, e app.Event) { s.open = nil }

func (s *Lessons) onSwap(ctx app.Context, e app.Event) {
	if s.open != nil && s.pos.Gyre != nil {
		s.play(board.Played{Action: gyre.Swap})
	}
}

// Render draws the list or the open lesson.
func (s *Lessons) Render() app.UI {
	if !textsRead() {
		return app.Main().Class("learn").Body(app.H1().Text(lang.T("learn.lessons.title")), s.textsState())
	}
	if s.open != nil {
		return app.Main().Class("learn").Body(s.lesson())
	}
	game := learn.GameGyre
	if s.gyges {
		game = learn.GameGyges
	}
	ls := learn.Of(game)
	items := make([]app.UI, 0, len(ls))
	for i, l := range ls {
		done := slices.Contains(s.done, l.ID)
		label := strconv.Itoa(i+1) + ". " + words(l).Title
		mark := app.Span().Class("lesson-mark").Text("")
		if done {
			mark = app.Span().Class("lesson-mark", "done").Text(lang.T("learn.lesson.done"))
		}
		items = append(items, app.Li().Body(
			app.Button().ID("lesson-"+l.ID).Class("lesson-open").Value(l.ID).Text(label).OnClick(s.onOpen),
			mark,
		))
	}
	return app.Main().Class("learn").Body(
		app.H1().Text(lang.T("learn.lessons.title")),
		tabs("learn", s.gyges, s.onTab),
		app.P().Text(lang.N("learn.lessons.intro", countDone(ls, s.done), "total", len(ls))),
		app.Ol().Class("lesson-list").Body(items...),
		app.P().Body(app.A().ID("learn-puzzles").Href("?view=puzzles").Text(lang.T("learn.link.puzzles")), app.Text(" · "),
			app.A().ID("learn-rules").Href("?view=rules").Text(lang.T("learn.link.rules"))),
	)
}

func countDone(ls []learn.Lesson, done []string) int {
	n := 0
	for _, l := range ls {
		if slices.Contains(done, l.ID) {
			n++
		}
	}
	return n
}

// lesson draws the open lesson.
func (s *Lessons) lesson() app.UI {
	l := s.open
	w := words(*l)
	over := s.played && s.verdict != learn.More
	var boardUI app.UI = app.P().Class("error").Text(lang.T("learn.no_board"))
	turn := "" // whose turn
	if l.Game == learn.GameGyges {
		boardUI = gygesBoard(s.pos.Gyges, s.before.Gyges, s.last, !over)
		side := gyges.South
		if s.pos.Gyges.Side() == gyges.North {
			side = gyges.North
		}
		turn = lang.T("learn.turn.side", "side", sideName(side))
	} else if g := s.pos.Gyre; g != nil {
		boardUI = gyreBoard(g, !over, gyre.NoCell)
		turn = lang.T("learn.turn.side", "side", colourName(g.ToMove()))
		if g.SwapAvailable() {
			turn = lang.T("learn.turn.swap")
		}
	}
	msgClass := "note"
	if over && s.verdict == learn.Again {
		msgClass = "error"
	}
	_, hasNext := learn.Next(*l)
	if over || strings.HasPrefix(w.Task, strings.TrimSuffix(turn, ".")) {
		turn = "" // over, or the task says already who moves
	}
	return app.Div().Class("learn-play", "lesson").Body(
		app.Div().Class("learn-info").Body(
			app.H1().ID("lesson-title").Text(w.Title),
			app.P().Text(w.Text),
			app.P().ID("lesson-task").Class("task").Body(app.Strong().Text(w.Task), app.Text(" "+turn)),
		),
		boardUI,
		app.Div().Class("learn-after").Body(
			app.P().ID("lesson-message").Class(msgClass).Role("status").Aria("live", "polite").Text(s.said()),
			app.Div().Class("controls").Body(
				app.If(l.Game == learn.GameGyre && s.pos.Gyre != nil && s.pos.Gyre.SwapAvailable() && !over, func() app.UI {
					return app.Button().ID("lesson-swap").Text(lang.T("learn.lesson.swap")).OnClick(s.onSwap)
				}),
				app.If(s.played, func() app.UI {
					return app.Button().ID("lesson-again").Text(lang.T("learn.again")).OnClick(s.onAgain)
				}),
				app.If(over && s.verdict == learn.Done && hasNext, func() app.UI {
					return app.Button().ID("lesson-next").Class("primary").Text(lang.T("learn.lesson.next")).OnClick(s.onNext)
				}),
				app.Button().ID("lesson-list").Text(lang.T("learn.lesson.all")).OnClick(s.onList),
			),
		),
	)
}
