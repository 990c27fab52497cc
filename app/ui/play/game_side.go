package play

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// The game screen's side: the buttons, the moves, and in an online game
// the opponent's absence and questions.

// renderControls draws the game's buttons from what the table can do
// (its abilities) and what its view allows now: undo (or a request to
// undo), redo, resign with confirmation or abort, a rematch at the end,
// leaving, and copying the record.
func (s *Game) renderControls(v session.View) app.UI {
	over := v.Game.Result().Over()
	abort := v.Abort && can[session.Aborter](s.Table)
	undo := lang.T("play.undo")
	if v.Undo.ByConsent {
		undo = lang.T("play.undo_ask")
	}
	return app.Div().Class("controls").Body(
		app.Button().ID("undo").Text(undo).Disabled(!v.Undo.Can).
			OnClick(func(ctx app.Context, e app.Event) { s.undo() }),
		app.If(can[session.Redoer](s.Table), func() app.UI {
			return app.Button().ID("redo").Text(lang.T("play.redo")).Disabled(!v.Redo).
				OnClick(func(ctx app.Context, e app.Event) {
					if t, ok := s.Table.(session.Redoer); ok && t.Redo() == nil {
						s.acted()
					}
				})
		}),
		app.If(abort && !s.confirm, func() app.UI {
			return app.Button().ID("abort").Text(lang.T("play.abort")).Title(lang.T("play.abort_title")).
				OnClick(func(ctx app.Context, e app.Event) { s.confirm = true })
		}).ElseIf(abort, func() app.UI {
			return app.Button().ID("abort-yes").Class("danger").Text(lang.T("play.abort_yes")).Title(lang.T("play.abort_yes_title")).
				OnClick(func(ctx app.Context, e app.Event) { do(s, session.Aborter.Abort) })
		}).ElseIf(!over && !s.confirm, func() app.UI {
			return app.Button().ID("resign").Text(lang.T("play.resign")).
				OnClick(func(ctx app.Context, e app.Event) { s.confirm = true })
		}).ElseIf(!over, func() app.UI {
			return app.Button().ID("resign-yes").Class("danger").Text(lang.T("play.resign_yes")).
				OnClick(func(ctx app.Context, e app.Event) { do(s, session.Table.Resign) })
		}),
		app.If(v.Rematch && can[session.Rematcher](s.Table), func() app.UI { return s.rematchButton(v) }),
		app.If(v.Leaves && s.leaving && !over, func() app.UI {
			return app.Div().ID("leave-question").Role("group").Aria("label", lang.T("play.leave_label")).Body(
				app.P().Text(lang.T("play.leave_question")),
				app.Button().ID("leave-yes").Class("danger").Text(lang.T("play.leave")).
					OnClick(func(ctx app.Context, e app.Event) { s.leaving = false; ctx.NewAction(screen.ActionLeave) }),
				app.Button().ID("leave-no").Text(lang.T("play.stay")).
					OnClick(func(ctx app.Context, e app.Event) { s.leaving = false }),
			)
		}).ElseIf(v.Leaves, func() app.UI {
			return app.Button().ID("leave").Text(lang.T("play.leave")).
				OnClick(func(ctx app.Context, e app.Event) {
					if s.Table != nil && !s.Table.View().Game.Result().Over() {
						s.leaving = true
						return
					}
					ctx.NewAction(screen.ActionLeave)
				})
		}).Else(func() app.UI {
			return app.Button().ID("new-game").Text(lang.T("play.new_game")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(screen.ActionHome) })
		}),
		app.Button().ID("copy").Text(lang.T("play.copy")).
			OnClick(func(ctx app.Context, e app.Event) { s.copyRecord(ctx) }),
		app.If(s.copied, func() app.UI {
			return app.Span().ID("copied").Role("status").Text(lang.T("play.copied"))
		}),
	)
}

// rematchPending is what an online table says of this side's rematch
// offer: it awaits the opponent's answer.
type rematchPending interface{ RematchPending() bool }

// rematchButton plays again at the end: at one device the new game starts
// at once; online it is offered to the opponent, who may refuse, and the
// button says so, disabled, until the answer comes (no notice: an offer
// made is no error). After an abort the new game is offered as such.
func (s *Game) rematchButton(v session.View) app.UI {
	label := lang.T("play.rematch.again")
	pending := false
	if v.Conn != session.NoConn {
		label = lang.T("play.rematch.online")
		if v.Game.Result().Method == game.Aborted {
			label = lang.T("play.rematch.new")
		}
		if p, ok := s.Table.(rematchPending); ok && p.RematchPending() {
			label, pending = lang.T("play.rematch.pending"), true
		}
	}
	return app.Button().ID("rematch").Class("primary").Text(label).Disabled(pending).
		OnClick(func(ctx app.Context, e app.Event) {
			if t, ok := s.Table.(session.Rematcher); ok {
				if err := t.Rematch(); err != nil {
					s.say(screen.RefusalText(err))
					return
				}
				s.acted()
			}
		})
}

// gameHeading is the game screen's level-one heading, the game's name:
// read by screen readers, hidden from sight (the board says it).
func gameHeading(v session.View) app.UI {
	return app.H1().Class("visually-hidden").Text(screen.Describe(v.Game.Spec()))
}

// renderMoves lists the actions in notation, numbered, each a button that
// shows the position after it (review), and shows the record to copy by
// hand.
func (s *Game) renderMoves(g game.Game) app.UI {
	back := s.review.back
	names := game.Notations(g)
	n := len(names)
	items := make([]app.UI, 0, n)
	for i, name := range names {
		k := i + 1
		class := "move"
		if k == n-back && back > 0 {
			class = "move shown"
		}
		items = append(items, app.Li().Class(class).Body(
			app.Span().Class("n").Text(strconv.Itoa(k)+"."),
			app.Button().Class("move-btn").Text(name).Aria("label", lang.T("play.move_show", "k", k, "move", name)).
				OnClick(func(ctx app.Context, e app.Event) {
					s.review.step(k, s.review.len())
				}, app.EventScope(k)), // k is the handler's scope; the length moves on
		))
	}
	return app.Div().Class("moves-box").Body(
		app.H2().Text(lang.T("play.moves")),
		app.Ol().ID("moves").Class("moves").Aria("label", lang.T("play.moves")).Body(items...),
		app.If(s.hintsUsed(), func() app.UI {
			return app.P().ID("hints-used").Class("hints-used").Text(lang.T("play.hints_used"))
		}),
		app.Textarea().ID("record-out").ReadOnly(true).Rows(2).Aria("label", lang.T("play.record")).Attr("data-notation", "record").Text(g.Record()),
	)
}

// awayBanner tells of an opponent gone from an online game: how long, the
// grace period, and the claim once it may be made (by a table that
// claims).
func (s *Game) awayBanner(v session.View) app.UI {
	a := v.Away
	if !a.Gone || v.Game.Result().Over() {
		return app.Div().ID("no-away")
	}
	if !a.Claimable || !can[session.Claimer](s.Table) {
		wait := (a.Grace - a.For).Round(time.Second)
		return app.Div().ID("away").Class("banner", "reconnecting").Role("status").Body(
			&Countdown{Left: wait, AsOf: time.Now()},
		)
	}
	return app.Div().ID("away").Class("banner", "offer").Role("group").Aria("label", lang.T("play.claim")).Body(
		app.Text(lang.T("play.away.gone", "time", lang.Clock(a.For.Round(time.Second)))+" "),
		app.Button().ID("claim").Class("primary").Text(lang.T("play.claim")).
			OnClick(func(ctx app.Context, e app.Event) { do(s, session.Claimer.Claim) }),
		app.Span().Text(" "+lang.T("play.away.or_wait")),
	)
}

// requests shows the opponent's question to answer, to a table that
// answers: an undo, a rematch.
func (s *Game) requests(v session.View) app.UI {
	answer := s.answer
	if !can[session.Answerer](s.Table) {
		return app.Div().ID("no-request")
	}
	switch v.Question {
	case session.UndoAsked:
		return app.Div().ID("undo-request").Class("banner", "offer").Body(
			app.Text(lang.T("play.undo_request")+" "),
			app.Button().ID("undo-allow").Text(lang.T("play.allow")).OnClick(func(ctx app.Context, e app.Event) { answer(true) }),
			app.Button().ID("undo-refuse").Text(lang.T("play.refuse")).OnClick(func(ctx app.Context, e app.Event) { answer(false) }),
		)
	case session.RematchOffered:
		return app.Div().ID("rematch-request").Class("banner", "offer").Body(
			app.Text(lang.T("play.rematch_request")+" "),
			app.Button().ID("rematch-yes").Text(lang.T("play.play_again")).OnClick(func(ctx app.Context, e app.Event) { answer(true) }),
			app.Button().ID("rematch-no").Text(lang.T("play.no_thanks")).OnClick(func(ctx app.Context, e app.Event) { answer(false) }),
		)
	}
	return app.Div().ID("no-request")
}

// reviewBar draws the review's buttons under the board: first, back,
// forward, last, with the arrow keys, Home and End on the bar. The
// handlers read the game on screen when they run: go-app keeps a handler
// from the first render of its element, so a handler must not capture
// what it shows.
func (s *Game) reviewBar(live session.View) app.UI {
	n := live.Game.Len()
	at := n - s.review.back
	label := lang.T("play.review.at", "at", at, "n", n)
	if at == n {
		label = lang.T("play.review.live")
	}
	btn := func(id, text, aria string, to int, disabled bool) app.UI {
		return app.Button().ID(id).Class("review-btn").Text(text).Aria("label", aria).Disabled(disabled).
			OnClick(func(ctx app.Context, e app.Event) { s.reviewTo(to) }, app.EventScope(to))
	}
	return app.Div().ID("review").Class("review").Role("group").Aria("label", lang.T("play.review.label")).
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
			btn("review-first", "«", lang.T("play.review.first"), toFirst, at == 0),
			btn("review-back", "‹", lang.T("play.review.back"), toBack, at == 0),
			app.Span().ID("review-at").Class("review-at").Aria("live", "polite").Text(label),
			btn("review-forward", "›", lang.T("play.review.forward"), toForward, at == n),
			btn("review-last", "»", lang.T("play.review.last"), toLast, at == n),
		)
}

// reviewTo moves the review in the game on screen.
func (s *Game) reviewTo(to int) { s.review.to(to, s.review.len()) }
