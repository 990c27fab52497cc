package play

import (
	"context"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/analysis"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// The analysis of a finished game: the worker judges every position in
// turn (Judge), the screen shows the progress and may cancel, and then
// draws the chance over the game (chart.go) and marks each move; in
// review the status names the mark and the computer's better move.

// Judge asks the computer to judge the position game g stands in
// (worker.Worker.Judge): Medium's move there and the mover's chance, or a
// proof; with the action played there (an analysis; nil for a hint), the
// mover's chance after it, judged in the same way where the game allows
// (Gygès). g is the Judge's to read, not to change. It gives up when ctx
// is done.
type Judge func(ctx context.Context, g game.Game, played game.Action) (analysis.Judgement, error)

// analysing is the state of the game screen's analysis.
type analysing struct {
	of     history       // the game analysed (or being analysed)
	played []game.Action // its actions
	cancel context.CancelFunc
	js     []analysis.Judgement // the positions judged so far, in order
	total  int                  // the positions to judge
	moves  []analysis.Move      // the marks, once every position is judged
	err    error                // why the analysis stopped
	judged bool                 // err came from judging a position
}

func (a *analysing) running() bool { return a.cancel != nil }

// stop cancels an analysis under way.
func (a *analysing) stop() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
}

// startAnalysis judges every position of the game on screen, one after
// another in the worker; each answer is taken on the UI goroutine through
// the screen's own context (a button's would be dropped once it leaves
// the page).
func (s *Game) startAnalysis() {
	if s.Judge == nil || s.mctx.Src() == nil {
		return
	}
	g := s.shown.Game.Clone() // the analysis's own: it asks for positions on another goroutine
	s.an.stop()
	ctx, cancel := context.WithCancel(context.Background())
	acts, of := g.Actions(), historyOf(g)
	s.an = analysing{of: of, played: acts, cancel: cancel, total: len(acts) + 1}
	judge, mctx := s.Judge, s.mctx
	mctx.Async(func() {
		for k := 0; k <= len(acts); k++ {
			var played game.Action
			if k < len(acts) {
				played = acts[k]
			}
			pos, err := g.At(k)
			var j analysis.Judgement
			if err == nil {
				j, err = judgeAt(ctx, judge, pos, played)
			}
			if ctx.Err() != nil {
				return
			}
			mctx.Dispatch(func(app.Context) { s.judged(of, j, err) })
			if err != nil {
				return
			}
		}
	})
}

// judgeAt judges one position and the move played there: over, it is won
// by its winner; else the computer's judgement for the seat to move.
func judgeAt(ctx context.Context, judge Judge, pos game.Game, played game.Action) (analysis.Judgement, error) {
	if pos.Result().Over() {
		return analysis.Ended(seatIndex(pos.Winner())), nil
	}
	j, err := judge(ctx, pos, played)
	j.Mover = seatIndex(pos.Turn())
	return j, err
}

// seatIndex is 0 for seat one, 1 for seat two, -1 for nobody.
func seatIndex(p game.Seat) int {
	switch p {
	case game.One:
		return 0
	case game.Two:
		return 1
	}
	return -1
}

// judged takes one position's judgement of the analysis of the game of
// history of.
func (s *Game) judged(of history, j analysis.Judgement, err error) {
	a := &s.an
	if a.of != of || !a.running() {
		return
	}
	if err != nil {
		a.stop()
		a.err, a.judged = err, true
		return
	}
	a.js = append(a.js, j)
	if len(a.js) < a.total {
		return
	}
	a.stop()
	ms, err := analysis.Moves(a.js, a.played)
	if err != nil {
		a.err = err
		return
	}
	a.moves = ms
}

// renderAnalysis draws the analysis part of the side: the button, the
// progress with Cancel, or the chart and the marks' totals.
func (s *Game) renderAnalysis() app.UI {
	g := s.shown.Game
	if s.Judge == nil || g == nil || !g.Result().Over() {
		return app.Div().ID("no-analysis")
	}
	a := &s.an
	fresh := a.of == historyOf(g)
	var body []app.UI
	switch {
	case fresh && a.running():
		body = append(body,
			app.Label().For("analysis-progress").Text(lang.T("play.analysis.judging", "i", len(a.js)+1, "n", a.total)),
			app.Progress().ID("analysis-progress").Max(a.total).Value(len(a.js)),
			app.Button().ID("analysis-cancel").Text(lang.T("play.analysis.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { s.an.stop(); s.an.of = history{} }))
	case fresh && a.moves != nil:
		body = append(body, s.chart(), s.markTotals())
	default:
		if fresh && a.err != nil {
			text := a.err.Error()
			if a.judged {
				text = lang.T("play.analysis.stopped", "error", text)
			}
			body = append(body, app.P().ID("analysis-error").Class("error").Role("alert").Text(text))
		}
		body = append(body, app.Button().ID("analyse").Text(lang.T("play.analysis.start")).
			OnClick(func(ctx app.Context, e app.Event) { s.startAnalysis() }))
	}
	return app.Section().ID("analysis").Class("analysis").Aria("label", lang.T("play.analysis")).Body(
		append([]app.UI{app.H2().Text(lang.T("play.analysis"))}, body...)...)
}

// markTotals counts each side's marks.
func (s *Game) markTotals() app.UI {
	row := func(seat int) app.UI {
		c := analysis.Count(s.an.js, s.an.moves, seat)
		p := game.One
		if seat == 1 {
			p = game.Two
		}
		return app.Li().Text(lang.T("play.analysis.totals", "who", s.seatLabel(p),
			"good", lang.N("play.analysis.good", c[analysis.Good]),
			"inaccuracies", lang.N("play.analysis.inaccuracies", c[analysis.Inaccuracy]),
			"mistakes", lang.N("play.analysis.mistakes", c[analysis.Mistake]),
			"blunders", lang.N("play.analysis.blunders", c[analysis.Blunder])))
	}
	return app.Ul().ID("analysis-totals").Class("analysis-totals").Body(row(0), row(1))
}

// markName names a mark in the language of the page, e.g. "blunder".
func markName(m analysis.Mark) string {
	switch m {
	case analysis.None:
		return lang.T("play.mark.none")
	case analysis.Good:
		return lang.T("play.mark.good")
	case analysis.Inaccuracy:
		return lang.T("play.mark.inaccuracy")
	case analysis.Mistake:
		return lang.T("play.mark.mistake")
	case analysis.Blunder:
		return lang.T("play.mark.blunder")
	}
	return m.String()
}

// reviewNote says, in review of an analysed game, what the analysis found
// of the move that led to the position shown (after k actions), or "".
func (s *Game) reviewNote(k int) string {
	a := &s.an
	g := s.shown.Game
	if a.moves == nil || a.of != historyOf(g) || k < 1 || k > len(a.moves) {
		return ""
	}
	m, before, after := a.moves[k-1], a.js[k-1], a.js[k]
	who := s.moverName(k - 1)
	if p := provedNote(g, before, who); p != "" && m.Mark == analysis.None {
		return p
	}
	if m.Mark == analysis.None {
		return lang.T("play.analysis.not_judged", "k", k)
	}
	text := lang.T("play.analysis.note", "k", k, "move", g.Notation(a.played[k-1]), "mark", markName(m.Mark),
		"before", lang.Percent(before.Chance), "after", lang.Percent(analysis.ChanceOf(after, before.Mover)))
	if m.Better != nil {
		text += " " + lang.T("play.analysis.preferred", "move", g.Notation(m.Better))
	}
	if p := provedNote(g, before, who); p != "" {
		text += " " + p
	}
	return text
}

// provedNote tells a proof of the position before a move, with the moves
// that keep the win, named as game g writes them; who names the side to
// move there.
func provedNote(g game.Game, j analysis.Judgement, who string) string {
	if !j.Proved || j.Mover < 0 {
		return ""
	}
	if j.Chance == 1 {
		names := make([]string, len(j.Winning))
		for i, a := range j.Winning {
			names[i] = g.Notation(a)
		}
		return lang.T("play.analysis.proved_win", "who", who, "moves", strings.Join(names, ", "))
	}
	return lang.T("play.analysis.proved_loss", "who", who)
}

// moverName names the side to move after k actions: GYRE's colour, or
// Gygès's side as the board names it.
func (s *Game) moverName(k int) string {
	pos, err := s.review.position(k)
	if err != nil {
		return lang.T("play.analysis.mover")
	}
	if g := game.AsGyre(pos); g != nil && g.ToMove() != gyre.Empty {
		return screen.ColourName(g.ToMove())
	}
	return s.seatLabel(pos.Turn())
}

// withNote adds to the review's status what the analysis found of the
// move shown.
func (s *Game) withNote(status []app.UI) []app.UI {
	if note := s.reviewNote(s.shown.Game.Len() - s.review.back); note != "" {
		status = append(status, app.Text(" "), app.Span().ID("analysis-note").Text(note))
	}
	return status
}
