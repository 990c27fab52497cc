package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/gyre"
)

// playerName names a player for the people at the device: "Player 1" in a
// two-player game, "You" or "The computer" against the computer.
func playerName(setup session.Setup, p session.Player) string {
	if setup.Online() {
		if setup.Seat(p).Kind == session.Remote {
			return "Your opponent"
		}
		return "You"
	}
	if !setup.HasComputer() {
		return "Player " + strconv.Itoa(int(p))
	}
	if setup.Seat(p).Kind == session.Computer {
		return "The computer"
	}
	return "You"
}

func colourName(c gyre.Color) string {
	if c == gyre.Gyre {
		return "Gyre"
	}
	return "Spoke"
}

// renderGame draws the game view: status, swap offer, board, controls and
// move list.
func (s *Shell) renderGame() app.UI {
	g := s.cur().Gyre()
	geo := g.Geometry()
	setup := s.cur().Setup()
	human := s.personToAct()

	last := -1
	for _, m := range g.Record() {
		if c, ok := m.Cell(); ok {
			last = int(c)
		}
	}
	var winning []int
	board := g.Board()
	for _, c := range board.WinningGroup(nil) {
		winning = append(winning, int(c))
	}
	names := make([]string, 0, len(g.Record()))
	for _, m := range g.Record() {
		names = append(names, geo.MoveName(m))
	}
	toMove := g.ToMove()
	if s.cur().Over() {
		toMove = gyre.Empty
	}

	return app.Main().Class("game").Body(
		app.Div().Class("status-area").Body(
			s.renderSeats(g, setup),
			app.P().ID("status").Class("status").Aria("live", "polite").Body(s.statusLine(g, setup)...),
			app.If(s.notice != "", func() app.UI {
				return app.P().ID("notice").Class("error").Role("alert").Text(s.notice)
			}),
			app.If(human && g.SwapAvailable() && !s.keep, func() app.UI { return s.renderSwap(setup) }),
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
			s.renderControls(),
			s.renderMoves(names),
		),
	)
}

// renderSeats shows both players with their colours, the one to move
// highlighted.
func (s *Shell) renderSeats(g *gyre.Game, setup session.Setup) app.UI {
	seat := func(col gyre.Color) app.UI {
		p := session.Player(g.Controller(col))
		class := "seat " + col.String()
		if s.cur().Turn() == p && g.ToMove() == col {
			class += " to-move"
		}
		return app.Div().Class(class).Body(
			app.Span().Class("chip", col.String()).Aria("hidden", true),
			app.Span().Text(fmt.Sprintf("%s · %s", playerName(setup, p), colourName(col))),
		)
	}
	return app.Div().Class("seats").Body(seat(gyre.Spoke), seat(gyre.Gyre))
}

// statusLine says what happens now: whose turn, thinking, or the result.
func (s *Shell) statusLine(g *gyre.Game, setup session.Setup) []app.UI {
	if s.cur().Over() {
		w := s.cur().Winner()
		name := playerName(setup, w)
		verb := "wins"
		if name == "You" {
			verb = "win"
		}
		var how string
		switch {
		case s.cur().Resigned() != session.NoPlayer:
			how = fmt.Sprintf("%s resigned.", playerName(setup, s.cur().Resigned()))
		case g.Winner() == gyre.Spoke:
			how = "Spoke bridged the inner rim to the outer rim."
		default:
			how = "Gyre closed a loop around the hole."
		}
		return []app.UI{app.Strong().ID("result").Text(fmt.Sprintf("%s %s! ", name, verb)), app.Text(how)}
	}
	p := s.cur().Turn()
	if s.thinking {
		return []app.UI{app.Span().Class("spinner").Aria("hidden", true), app.Text(" The computer is thinking…")}
	}
	var out []app.UI
	switch s.lastTheirs {
	case "":
	case "swap":
		out = append(out, app.Text(s.lastBy()+" swapped: it takes over Spoke. "))
	default:
		out = append(out, app.Text(fmt.Sprintf("%s played %s. ", s.lastBy(), s.lastTheirs)))
	}
	who, colour := playerName(setup, p), colourName(g.ToMove())
	text := fmt.Sprintf("%s to move: place a %s stone.", who, colour)
	if who == "You" {
		text = fmt.Sprintf("Your turn: place a %s stone.", colour)
	}
	if g.SwapAvailable() {
		text = fmt.Sprintf("%s: keep sides and place a Gyre stone, or swap.", who)
		if who == "You" {
			text = "Your turn: keep sides and place a Gyre stone, or swap."
		}
	}
	return append(out, app.Text(text))
}

// renderSwap offers player two the swap decision.
func (s *Shell) renderSwap(setup session.Setup) app.UI {
	who := playerName(setup, session.Two)
	return app.Div().ID("swap-offer").Class("offer").Role("group").Aria("label", "Swap decision").Body(
		app.P().Text(who+" may swap: take over the Spoke stone and play Spoke from now on, "+
			"or keep Gyre and place the next stone."),
		app.Button().ID("swap").Class("primary").Text("Swap: take Spoke").
			OnClick(func(ctx app.Context, e app.Event) { s.play(ctx, "swap") }),
		app.Button().ID("keep").Text("Keep Gyre").
			OnClick(func(ctx app.Context, e app.Event) { s.keep = true }),
	)
}

func (s *Shell) renderControls() app.UI {
	if s.view == viewOnline && s.net != nil {
		return s.onlineControls()
	}
	over := s.cur().Over()
	return app.Div().Class("controls").Body(
		app.Button().ID("undo").Text("Undo").Disabled(!s.cur().CanUndo()).
			OnClick(func(ctx app.Context, e app.Event) {
				s.stopThinking()
				s.cur().Undo()
				s.changed(ctx)
			}),
		app.Button().ID("redo").Text("Redo").Disabled(!s.cur().CanRedo() || s.thinking).
			OnClick(func(ctx app.Context, e app.Event) {
				s.cur().Redo()
				s.changed(ctx)
			}),
		app.If(!over && !s.confirm, func() app.UI {
			return app.Button().ID("resign").Text("Resign").
				OnClick(func(ctx app.Context, e app.Event) { s.confirm = true })
		}).ElseIf(!over, func() app.UI {
			return app.Button().ID("resign-yes").Class("danger").Text("Really resign?").
				OnClick(func(ctx app.Context, e app.Event) { s.resign(ctx) })
		}),
		app.Button().ID("new-game").Text("New game").
			OnClick(func(ctx app.Context, e app.Event) {
				s.stopThinking()
				s.navigate(ctx, viewHome)
			}),
		app.Button().ID("copy").Text("Copy record").
			OnClick(func(ctx app.Context, e app.Event) { s.copyText(ctx, s.cur().Record()) }),
		app.If(s.copied, func() app.UI {
			return app.Span().ID("copied").Role("status").Text("Record copied.")
		}),
	)
}

// resign gives up for the person at the device: the player to move in a
// two-player game, the person against the computer.
func (s *Shell) resign(ctx app.Context) {
	setup := s.cur().Setup()
	p := s.cur().Turn()
	if setup.HasComputer() {
		p = session.One
		if setup.Seat(session.One).Kind == session.Computer {
			p = session.Two
		}
	}
	s.stopThinking()
	if err := s.cur().Resign(p); err != nil {
		s.notice = err.Error()
		return
	}
	s.changed(ctx)
}

// lastBy names who made the last move shown in the status: the computer,
// or the opponent online.
func (s *Shell) lastBy() string {
	if s.view == viewOnline {
		return "Your opponent"
	}
	return "The computer"
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

// renderMoves lists the actions in notation, numbered, and shows the
// record to copy by hand.
func (s *Shell) renderMoves(names []string) app.UI {
	items := make([]app.UI, 0, len(names))
	for i, name := range names {
		items = append(items, app.Li().Body(
			app.Span().Class("n").Text(strconv.Itoa(i+1)+"."),
			app.Text(" "+name),
		))
	}
	return app.Div().Class("moves-box").Body(
		app.H2().Text("Moves"),
		app.Ol().ID("moves").Class("moves").Aria("label", "Moves").Body(items...),
		app.Textarea().ID("record-out").ReadOnly(true).Rows(2).Aria("label", "Game record").Text(s.cur().Record()),
	)
}
