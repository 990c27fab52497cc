package play

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// Game is the game screen: it draws a table of either game and any kind
// (at this device, by link or online) from its View, hands the person's
// intents to it without asking which kind of table it is, only which
// abilities it has (session.Redoer…), and owns what the screen shows
// besides the table: the notices, the review, the swap and resign
// questions, the sounds. An online table is drawn under its
// connection's state, the opponent's absence and questions.
type Game struct {
	app.Compo

	Table     session.Table // the table on screen
	PairAgain bool          // a nearby game whose connection is lost: offer a new pairing
	Judge     Judge         // the computer's judge, for hints and analysis; nil offers neither
	Keep      Keeping       // where the game and the screen's settings are kept

	table      session.Table // the table the state below belongs to
	shown      session.View  // the live view drawn last: what the person acts on
	drawn      bool          // shown is drawn, and no action of the person's changed the table since
	review     review
	notice     string      // an error or a piece of news for the player
	noticeN    int         // how many notices were said: each is drawn afresh (renderNotice)
	lastTheirs game.Action // the last action of the computer or the online opponent, for the status; nil for none
	copied     bool        // the record was just put on the clipboard
	keep       bool        // player two chose to keep sides (hides the swap offer)
	keepUntil  bool        // an action of the person's ends keep, unless it left one action on the board
	confirm    bool        // the resign button asks for confirmation
	leaving    bool        // Leave asks first, in an online game not over
	fixed      bool        // hot seat: keep the Gygès board turned South's way
	animate    bool        // the last move was just made: animate it
	wasOver    bool        // the game on screen was over when last drawn (for the sound of the end)
	pick       string      // what the person holds on the Gygès board, for the status (board.ActionPicked)
	mctx       app.Context // the screen's own context, for the worker's answers (analysis.go, hint.go)
	an         analysing
	hint       hinting
	kept       kept // what My games holds of this game (kept.go)
}

// OnMount takes the boards' actions, the clocks' ticks and the table's
// changes.
func (s *Game) OnMount(ctx app.Context) {
	s.mctx = ctx
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	ctx.Handle(board.ActionPlay, func(ctx app.Context, a app.Action) {
		if p, ok := a.Value.(board.Played); ok {
			s.play(p)
		}
	})
	ctx.Handle(board.ActionPicked, func(ctx app.Context, a app.Action) {
		if text, ok := a.Value.(string); ok {
			s.pick = text
		}
	})
	ctx.Handle(ActionTick, func(ctx app.Context, a app.Action) {
		if t, ok := s.Table.(session.Ticker); ok {
			t.Tick()
		}
	})
	ctx.Handle(screen.ActionTable, func(ctx app.Context, a app.Action) {
		for _, c := range screen.News(a, s.Table) {
			s.onChange(c)
		}
	})
}

// reset starts the screen's state afresh for a new table; the person's
// choice to keep the board fixed stays.
func (s *Game) reset() {
	s.an.stop()
	*s = Game{Compo: s.Compo, Table: s.Table, PairAgain: s.PairAgain, Judge: s.Judge, table: s.Table, fixed: s.fixed, mctx: s.mctx}
}

// play takes a person's action; the engine's refusal becomes the notice.
// It acts on what the screen shows (a person may act on the live view
// drawn last) and asks the table for no new view.
func (s *Game) play(p board.Played) {
	t := s.Table
	if t == nil || !s.drawn || !s.shown.CanAct() || s.review.back > 0 {
		return
	}
	if err := t.Play(p.Action); err != nil {
		s.say(screen.RefusalText(err))
		return
	}
	s.acted()
	s.animate = true
	s.moved(p.Action)
}

// moved sounds a move; a Gygès replace has its own sound.
func (s *Game) moved(a game.Action) {
	if game.IsReplace(a) {
		screen.PlaySound(screen.SoundReplace)
	} else {
		screen.PlaySound(screen.SoundMove)
	}
}

// say shows a notice, "" none. Each one said is drawn as a new element,
// so that a phone's bar at the foot of the screen, which fades after a
// while, shows it again even when the words are the same.
func (s *Game) say(text string) {
	s.notice = text
	if text != "" {
		s.noticeN++
	}
}

// renderNotice draws the notice. Upright on a phone the style sheet puts
// it in a bar over the foot of the screen that taps go through and that
// fades after a few seconds, because above the board it would move the
// board under a finger on its way down; beside the board it stays where
// it is drawn. Notices said in turn are drawn as elements of two kinds (a
// paragraph, then a division), which go-app cannot update one into the
// other: each new notice is a new element, whose fading starts again.
func (s *Game) renderNotice() app.UI {
	if s.notice == "" {
		return nil
	}
	if s.noticeN%2 == 0 {
		return app.P().ID("notice").Class("error", "notice").Role("alert").Text(s.notice)
	}
	return app.Div().ID("notice").Class("error", "notice").Role("alert").Text(s.notice)
}

// acted follows an action of the person's: clear the notices, and show a
// save error. The view drawn last is out of date until the next drawing.
func (s *Game) acted() {
	s.notice, s.confirm, s.lastTheirs, s.copied, s.animate, s.review.back = "", false, nil, false, false, 0
	s.drawn, s.keepUntil = false, true
	if saved, ok := s.Table.(interface{ Session() *session.Session }); ok {
		if err := saved.Session().SaveError(); err != nil {
			s.say(lang.T("play.not_saved", "error", err.Error()))
		}
	}
}

// onChange follows a change the table made by itself: the computer's or
// the opponent's move, the opponent's answers, the connection.
func (s *Game) onChange(c session.Change) {
	s.say(screen.ChangeNotice(c))
	s.lastTheirs, s.animate = nil, false
	if c.Event == session.Played {
		s.lastTheirs, s.animate, s.keep, s.confirm, s.review.back = c.Action, true, false, false, 0
		s.moved(c.Action)
	}
}

// see takes the live view about to be drawn: the review keeps its
// position, the end of the game sounds once, and the swap offer comes
// back after an action of the person's.
func (s *Game) see(v session.View) {
	over := v.Game.Result().Over()
	if over && !s.wasOver && s.table == s.Table && s.drawnOnce() {
		screen.PlaySound(screen.SoundEnd)
	}
	s.wasOver = over
	if s.keepUntil && v.Game.Len() != 1 {
		s.keep = false
	}
	s.keepUntil = false
	s.review.see(v.Game)
	s.shown, s.drawn = v, true
	s.keepGame(v)
}

// drawnOnce reports whether this table was drawn before (the end of a
// game already over when it came on screen does not sound).
func (s *Game) drawnOnce() bool { return s.review.live != nil }

// Render draws the table on screen: live, or as it was at the move under
// review.
func (s *Game) Render() app.UI {
	if s.Table == nil {
		return app.Main().Class("game").Body(app.P().Text(lang.T("play.no_game")))
	}
	if s.table != s.Table {
		s.reset()
	}
	v := s.Table.View() // the one copy of the game a drawing takes
	s.see(v)
	shown, live := s.review.reviewing(v)
	var online app.UI
	if v.Conn != session.NoConn {
		online = s.onlineNews(v)
	}
	var body app.UI
	if v.Game.Kind() == game.Gyges {
		body = s.renderGyges(v, shown, live, online)
	} else {
		body = s.renderGyre(v, shown, live, online)
	}
	if v.Conn == session.NoConn {
		return body
	}
	// Only the connection's banner, always there, sits above the board:
	// anything that comes and goes above it would move the board under a
	// finger on its way down (see onlineNews).
	return app.Div().Class("online-game").Body(
		screen.GameConnBanner(v.Conn, v.ConnErr, delivery(s.Table)),
		body,
	)
}

// onlineNews is what an online game shows besides the board that comes
// and goes: the opponent's absence, their questions, a new pairing. It
// goes at the head of the side, beside the board in landscape and under
// it upright, never above it: an opponent's return that took a banner
// away from above the board moved the board up by the banner's height
// while a click was on its way, and the click landed on the cell below
// the one aimed at (the sleep test's "c1 is occupied" after a click on
// d1).
func (s *Game) onlineNews(v session.View) app.UI {
	return app.Div().ID("online-news").Class("online-news").Body(
		s.awayBanner(v),
		s.requests(v),
		app.If(s.PairAgain, screen.PairAgain),
	)
}

// undo takes back the last action, or asks the opponent to.
func (s *Game) undo() {
	t := s.Table
	if t == nil {
		return
	}
	if err := t.Undo(); err != nil {
		s.say(screen.RefusalText(err))
		return
	}
	s.acted()
	if s.shown.Undo.ByConsent {
		s.say(lang.T("play.undo_asked"))
	}
}

// can reports whether table t has the ability A (session.Redoer,
// session.Aborter…): the screen shows no button for what t cannot do.
func can[A any](t session.Table) bool {
	_, ok := t.(A)
	return ok
}

// do runs one of the table's other actions (resign, or an ability such as
// abort or claim) for the person, if the table on screen has it when the
// person acts; a refusal becomes the notice.
func do[A any](s *Game, act func(A) error) {
	s.confirm = false
	if t, ok := s.Table.(A); ok {
		if err := act(t); err != nil {
			s.say(screen.RefusalText(err))
			return
		}
		s.acted()
	}
}

// answer answers the opponent's question.
func (s *Game) answer(yes bool) {
	if t, ok := s.Table.(session.Answerer); ok {
		if err := t.Answer(yes); err != nil {
			s.say(screen.RefusalText(err))
		}
	}
}

// copyRecord puts the record on screen on the clipboard.
func (s *Game) copyRecord(ctx app.Context) {
	s.lastTheirs, s.copied = nil, false
	screen.CopyText(ctx, s.shown.Game.Record(), func(ok bool) {
		s.copied = ok
		if !ok {
			s.say(screen.CopyRefusedText())
		}
	})
}

// delivery is what the table says of this side's acts, if it is online.
func delivery(t session.Table) screen.Delivery {
	d, _ := t.(screen.Delivery)
	return d
}
