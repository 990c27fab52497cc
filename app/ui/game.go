package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// playerName names a player for the people at the device: "Player 1" in a
// two-player game, "You" or "The computer" against the computer, "You" or
// "Your opponent" online.
func playerName(setup session.Setup, p game.Seat) string {
	here := setup.Here()
	if here == game.NoSeat {
		return "Player " + strconv.Itoa(int(p))
	}
	if p == here {
		return "You"
	}
	if setup.Seat(p).Kind == session.Computer {
		return "The computer"
	}
	return "Your opponent"
}

// lastBy names who made the last move shown in the status.
func lastBy(setup session.Setup) string {
	if setup.HasComputer() {
		return "The computer"
	}
	return "Your opponent"
}

func colourName(c gyre.Color) string {
	if c == gyre.Gyre {
		return "Gyre"
	}
	return "Spoke"
}

// renderGame draws the GYRE game: status, swap offer, board, controls and
// move list.
func (s *Shell) renderGame(v, shown session.View, live bool) app.UI {
	g := game.AsGyre(shown.Game)
	setup := v.Setup()
	human := v.CanAct() && live
	status := s.statusLine(v, g)
	if !live {
		status = s.reviewStatus(v)
	}

	last := lastCell(g)
	var winning []int
	board := g.Board()
	for _, c := range board.WinningGroup(nil) {
		winning = append(winning, int(c))
	}
	toMove := g.ToMove()
	if shown.Game.Result().Over() || !live {
		toMove = gyre.Empty
	}

	return app.Main().Class("game").Body(
		app.Div().Class("status-area").Body(
			gameHeading(v),
			s.renderSeats(v, g),
			app.P().ID("status").Class("status").Aria("live", "polite").Body(status...),
			app.If(s.notice != "", func() app.UI {
				return app.P().ID("notice").Class("error").Role("alert").Text(s.notice)
			}),
			app.If(human && g.SwapAvailable() && !s.keep, func() app.UI { return s.renderSwap(setup, g) }),
		),
		app.Div().Class("board-area").Body(&Board{
			Size:     g.Size(),
			Position: g.Position(),
			Legal:    gyreLegal(g),
			Last:     last,
			Winning:  winning,
			ToMove:   toMove,
			Live:     human,
		}),
		app.Aside().Class("side").Body(
			s.renderControls(v),
			s.reviewBar(v),
			s.renderMoves(v.Game),
		),
	)
}

// renderSeats shows both players with their colours, the one to move
// highlighted.
func (s *Shell) renderSeats(v session.View, g *gyre.Game) app.UI {
	setup := v.Setup()
	seat := func(col gyre.Color) app.UI {
		p := game.Seat(g.Controller(col))
		class := "seat " + col.String()
		// In an opening, player 1 places the other side's stones too.
		if v.Game.Turn() == p && (g.ToMove() == col || g.InOpening()) {
			class += " to-move"
		}
		return app.Div().Class(class).Body(
			app.Span().Class("chip", col.String()).Aria("hidden", true),
			app.Span().Text(fmt.Sprintf("%s · %s", playerName(setup, p), colourName(col))),
			clockOf(v, p),
		)
	}
	return app.Div().Class("seats").Body(seat(gyre.Spoke), seat(gyre.Gyre))
}

// result announces the end of a game: who won and how, as the game
// itself says (Result).
func result(setup session.Setup, r game.Result, name func(game.Seat) string, how string) []app.UI {
	if r.Method == game.Aborted {
		return []app.UI{app.Strong().ID("result").Text("Game aborted. "), app.Text("It counts for nobody.")}
	}
	who := name(r.Winner)
	verb := "wins"
	if who == "You" {
		verb = "win"
	}
	switch r.Method {
	case game.Resignation:
		how = name(r.Loser()) + " resigned."
	case game.Timeout:
		how = name(r.Loser()) + " ran out of time."
	case game.Abandonment:
		how = name(r.Loser()) + " left the game, and the win was claimed."
	}
	return []app.UI{app.Strong().ID("result").Text(fmt.Sprintf("%s %s! ", who, verb)), app.Text(how)}
}

// statusLine says what happens now: whose turn, thinking, or the result.
func (s *Shell) statusLine(v session.View, g *gyre.Game) []app.UI {
	setup := v.Setup()
	if r := v.Game.Result(); r.Over() {
		how := "Gyre closed a loop around the hole."
		if r.Method == game.Bridge {
			how = "Spoke bridged the inner rim to the outer rim."
		}
		return result(setup, r, func(p game.Seat) string { return playerName(setup, p) }, how)
	}
	p := v.Game.Turn()
	if v.Thinking {
		return thinking(v, "thinking")
	}
	var out []app.UI
	switch s.lastTheirs {
	case "":
	case "swap":
		out = append(out, app.Text(lastBy(setup)+" swapped: it takes over Spoke. "))
	default:
		out = append(out, app.Text(fmt.Sprintf("%s played %s. ", lastBy(setup), s.lastTheirs)))
	}
	who, colour := playerName(setup, p), colourName(g.ToMove())
	text := fmt.Sprintf("%s to move: place a %s stone.", who, colour)
	if who == "You" {
		text = fmt.Sprintf("Your turn: place a %s stone.", colour)
	}
	if step := openingStep(g); step != "" {
		text = fmt.Sprintf("%s: %s", who, step)
		if who == "You" {
			text = "Your turn: " + step
		}
	}
	if g.SwapAvailable() {
		text = fmt.Sprintf("%s: keep sides and place a Gyre stone, or swap.", who)
		if who == "You" {
			text = "Your turn: keep sides and place a Gyre stone, or swap."
		}
	}
	return append(out, app.Text(text))
}

// lastCell is the cell of the game's last stone, or -1 before the first.
func lastCell(g *gyre.Game) int {
	last := -1
	for _, m := range g.Record() {
		if c, ok := m.Cell(); ok {
			last = int(c)
		}
	}
	return last
}

// openingStep says which stone of an `opening K` player 1 places now,
// e.g. "place Gyre stone 2 of 3, then one Spoke stone.", or "" outside
// such an opening.
func openingStep(g *gyre.Game) string {
	k := g.Variant().K()
	if k == 0 || !g.InOpening() {
		return ""
	}
	if g.ToMove() == gyre.Gyre {
		return fmt.Sprintf("place Gyre stone %d of %d, then one Spoke stone.", len(g.Record())+1, k)
	}
	return "place the opening's Spoke stone; then player 2 keeps Gyre or swaps."
}

// renderSwap offers player two the swap decision.
func (s *Shell) renderSwap(setup session.Setup, g *gyre.Game) app.UI {
	who := playerName(setup, game.Two)
	what := "take over the Spoke stone and play Spoke from now on"
	if k := g.Variant().K(); k > 0 {
		what = fmt.Sprintf("take over Spoke with the opening as it stands (%d Gyre stones and a Spoke stone) and play Spoke from now on", k)
	}
	return app.Div().ID("swap-offer").Class("offer").Role("group").Aria("label", "Swap decision").Body(
		app.P().Text(who+" may swap: "+what+", or keep Gyre and place the next stone."),
		app.Button().ID("swap").Class("primary").Text("Swap: take Spoke").
			OnClick(func(ctx app.Context, e app.Event) { s.play(ctx, "swap") }),
		app.Button().ID("keep").Text("Keep Gyre").
			OnClick(func(ctx app.Context, e app.Event) { s.keep = true }),
	)
}

// renderControls draws the game's buttons from what the table allows:
// undo (or a request to undo), redo, resign with confirmation, a rematch
// at the end, leaving, and copying the record.
func (s *Shell) renderControls(v session.View) app.UI {
	over := v.Game.Result().Over()
	undo := "Undo"
	if v.Undo.ByConsent {
		undo = "Ask to undo"
	}
	return app.Div().Class("controls").Body(
		app.Button().ID("undo").Text(undo).Disabled(!v.Undo.Can).
			OnClick(func(ctx app.Context, e app.Event) { s.undo() }),
		app.If(!v.Undo.ByConsent, func() app.UI {
			return app.Button().ID("redo").Text("Redo").Disabled(!v.Redo).
				OnClick(func(ctx app.Context, e app.Event) {
					if t := s.table(); t != nil && t.Redo() == nil {
						s.acted()
					}
				})
		}),
		app.If(v.Abort, func() app.UI {
			return app.Button().ID("abort").Text("Abort").Title("Call the game off: until both sides have moved, it counts for nobody").
				OnClick(func(ctx app.Context, e app.Event) { s.abort() })
		}).ElseIf(!over && !s.confirm, func() app.UI {
			return app.Button().ID("resign").Text("Resign").
				OnClick(func(ctx app.Context, e app.Event) { s.confirm = true })
		}).ElseIf(!over, func() app.UI {
			return app.Button().ID("resign-yes").Class("danger").Text("Really resign?").
				OnClick(func(ctx app.Context, e app.Event) { s.resign() })
		}),
		app.If(v.Rematch, func() app.UI {
			return app.Button().ID("rematch").Class("primary").Text("Rematch, sides swapped").
				OnClick(func(ctx app.Context, e app.Event) {
					if t := s.table(); t != nil {
						if err := t.Rematch(); err != nil {
							s.notice = refusalText(err)
							return
						}
						s.notice = "Rematch offered."
					}
				})
		}),
		app.If(v.Leaves, func() app.UI {
			return app.Button().ID("leave").Text("Leave").
				OnClick(func(ctx app.Context, e app.Event) { s.quitOnline(ctx) })
		}).Else(func() app.UI {
			return app.Button().ID("new-game").Text("New game").
				OnClick(func(ctx app.Context, e app.Event) { s.navigate(ctx, viewHome) })
		}),
		app.Button().ID("copy").Text("Copy record").
			OnClick(func(ctx app.Context, e app.Event) {
				if t := s.table(); t != nil {
					s.copyText(ctx, t.View().Game.Record())
				}
			}),
		app.If(s.copied, func() app.UI {
			return app.Span().ID("copied").Role("status").Text("Record copied.")
		}),
	)
}

// undo takes back the last action, or asks the opponent to.
func (s *Shell) undo() {
	t := s.table()
	if t == nil {
		return
	}
	if err := t.Undo(); err != nil {
		s.notice = refusalText(err)
		return
	}
	s.acted()
	if t.View().Undo.ByConsent {
		s.notice = "Asked your opponent to take back the last move."
	}
}

// abort calls the game off.
func (s *Shell) abort() {
	if t := s.table(); t != nil {
		if err := t.Abort(); err != nil {
			s.notice = refusalText(err)
			return
		}
		s.acted()
	}
}

// resign gives up for the person at the device.
func (s *Shell) resign() {
	s.confirm = false
	t := s.table()
	if t == nil {
		return
	}
	if err := t.Resign(); err != nil {
		s.notice = refusalText(err)
		return
	}
	s.acted()
}

// copyText puts a record or a link on the clipboard when the browser
// allows it, and says whether it worked; both are also shown in a box to
// copy by hand.
func (s *Shell) copyText(ctx app.Context, text string) {
	const refused = "Copying is not allowed here: select the text in its box."
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		s.notice = refused
		return
	}
	s.lastTheirs, s.copied = "", false
	var done, failed app.Func
	settle := func(ok bool) {
		ctx.Dispatch(func(ctx app.Context) {
			s.copied = ok
			if !ok {
				s.notice = refused
			}
		})
		done.Release()
		failed.Release()
	}
	done = app.FuncOf(func(this app.Value, args []app.Value) any { settle(true); return nil })
	failed = app.FuncOf(func(this app.Value, args []app.Value) any { settle(false); return nil })
	clip.Call("writeText", text).Call("then", done, failed)
}

// gameHeading is the game screen's level-one heading, the game's name:
// read by screen readers, hidden from sight (the board says it).
func gameHeading(v session.View) app.UI {
	return app.H1().Class("visually-hidden").Text(describe(v.Game.Spec()))
}

// renderMoves lists the actions in notation, numbered, each a button that
// shows the position after it (review), and shows the record to copy by
// hand.
func (s *Shell) renderMoves(g game.Game) app.UI {
	names := g.Actions()
	n := len(names)
	items := make([]app.UI, 0, n)
	for i, name := range names {
		k := i + 1
		class := "move"
		if k == n-s.back && s.back > 0 {
			class = "move shown"
		}
		items = append(items, app.Li().Class(class).Body(
			app.Span().Class("n").Text(strconv.Itoa(k)+"."),
			app.Button().Class("move-btn").Text(name).Aria("label", fmt.Sprintf("Show the position after move %d, %s", k, name)).
				OnClick(func(ctx app.Context, e app.Event) {
					if t := s.table(); t != nil {
						s.step(k, t.View().Game.Len()) // k is this item's for good; the length moves on
					}
				}),
		))
	}
	return app.Div().Class("moves-box").Body(
		app.H2().Text("Moves"),
		app.Ol().ID("moves").Class("moves").Aria("label", "Moves").Body(items...),
		app.Textarea().ID("record-out").ReadOnly(true).Rows(2).Aria("label", "Game record").Text(g.Record()),
	)
}
