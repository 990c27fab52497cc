package play

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// renderGyre draws the GYRE game: status, swap offer, board, controls and
// move list; an online game's news (onlineNews, or nil) heads the side.
func (s *Game) renderGyre(v, shown session.View, live bool, online app.UI) app.UI {
	g := game.AsGyre(shown.Game)
	setup := v.Setup()
	human := v.CanAct() && live
	status := s.statusLine(v, g)
	if !live {
		status = s.review.status(v)
		status = s.withNote(status)
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
			s.renderNotice(),
			s.boardNotes(g),
		),
		app.Div().Class("board-area").Body(&board.Board{
			Position: g.Board(),
			Legal:    board.Legal(g),
			Last:     board.LastCell(g),
			ToMove:   toMove,
			Live:     human,
			Coords:   s.coordsOn(),
			Hints:    s.boardHints(g, live),
		}),
		app.Aside().Class("side").Body(
			// The swap offer comes and goes: at the head of the side,
			// beside the board or under it, never above it.
			app.If(human && g.SwapAvailable() && !s.keep, func() app.UI { return s.renderSwap(setup, g) }),
			online,
			s.renderControls(v),
			s.renderHint(v, live),
			s.reviewBar(v),
			s.renderAnalysis(),
			s.renderMoves(v.Game),
		),
	)
}

// coordsKey keeps the coordinates switch between games and visits.
const coordsKey = "gygy.coords"

// coordsOn reports whether the person asked for the rings' letters on the
// board.
func (s *Game) coordsOn() bool {
	if !app.IsClient || s.Keep.Store == nil {
		return false
	}
	v, err := s.Keep.Store.Get(coordsKey)
	return err == nil && v == "on"
}

// boardNotes names the last move of the position shown, in the notation
// the records and the messages use, and offers the coordinates switch.
// The switch's handler reads the box, not anything of this drawing.
func (s *Game) boardNotes(g *gyre.Game) app.UI {
	last := lang.T("play.last.none")
	if rec := g.Record(); len(rec) > 0 {
		m := rec[len(rec)-1]
		name := g.Geometry().MoveName(m)
		if c, ok := m.Cell(); ok {
			b := g.Board()
			// Ringed on the board: found there without the coordinates.
			last = lang.T("play.last.ringed", "move", name, "colour", screen.ColourName(b.At(c)))
		} else {
			last = lang.T("play.last.move", "move", name)
		}
	}
	return app.Div().Class("board-notes").Body(
		app.Span().ID("last-move").Text(last+" "),
		app.Label().Class("check").Body(
			app.Input().Type("checkbox").ID("coords").Checked(s.coordsOn()).
				OnChange(func(ctx app.Context, e app.Event) {
					v := "off"
					if ctx.JSSrc().Get("checked").Bool() {
						v = "on"
					}
					if s.Keep.Store != nil {
						s.Keep.Store.Set(coordsKey, v) // a refused storage only forgets
					}
				}),
			app.Text(" "+lang.T("play.coords")),
		),
	)
}

// renderSeats shows both players with their colours, the one to move
// highlighted.
func (s *Game) renderSeats(v session.View, g *gyre.Game) app.UI {
	setup := v.Setup()
	seat := func(col gyre.Color) app.UI {
		p := game.Seat(g.Controller(col))
		class := "seat " + col.String()
		label := fmt.Sprintf("%s · %s", screen.PlayerName(setup, p), screen.ColourName(col))
		chip := col
		// In an opening, player 1 places the other side's stones too: the
		// seat says so, with the colour of the stone it places now, so
		// that "Spoke" is not lit while Gyre stones go down.
		if v.Game.Turn() == p && g.InOpening() {
			chip = g.ToMove()
			label = lang.T("play.seat.opening", "player", screen.PlayerName(setup, p), "colour", screen.ColourName(chip))
			switch {
			case g.Variant().K() == 0:
				// The plain swap rule: one stone, no opening to speak of.
				label = lang.T("play.seat.first", "player", screen.PlayerName(setup, p))
			case chip == gyre.Spoke:
				label = lang.T("play.seat.opening_spoke", "player", screen.PlayerName(setup, p))
			}
		}
		if v.Game.Turn() == p && (g.ToMove() == col || g.InOpening()) {
			class += " to-move"
		}
		return app.Div().Class(class).Body(
			app.Span().Class("chip", chip.String()).Aria("hidden", true),
			app.Span().Text(label),
			clockOf(v, p),
		)
	}
	return app.Div().Class("seats").Body(seat(gyre.Spoke), seat(gyre.Gyre))
}

// statusLine says what happens now: whose turn, thinking, or the result.
func (s *Game) statusLine(v session.View, g *gyre.Game) []app.UI {
	setup := v.Setup()
	if r := v.Game.Result(); r.Over() {
		how := lang.T("play.gyre.loop")
		if r.Method == game.Bridge {
			how = lang.T("play.gyre.bridge")
		}
		return screen.Result(setup, r, func(p game.Seat) string { return screen.PlayerName(setup, p) }, how)
	}
	p := v.Game.Turn()
	if v.Thinking {
		return screen.Thinking(v, lang.T("play.thinking"))
	}
	var out []app.UI
	switch {
	case s.lastTheirs == nil:
	case s.lastTheirs == game.Action(gyre.Swap):
		out = append(out, app.Text(lang.T("play.swapped", "who", screen.LastBy(setup))+" "))
	default:
		if keptSides(g) {
			out = append(out, app.Text(keepText(setup)))
		}
		out = append(out, app.Text(lang.T("play.played", "who", screen.LastBy(setup), "move", v.Game.Notation(s.lastTheirs))+" "))
	}
	who, colour := screen.PlayerName(setup, p), screen.ColourName(g.ToMove())
	you := setup.Here() != game.NoSeat && p == setup.Here() // the name is "You"
	text := lang.T("play.gyre.to_move", "who", who, "colour", colour)
	if you {
		text = lang.T("play.gyre.your_turn", "colour", colour)
	}
	if step := openingStep(g, who, you); step != "" {
		text = step
	}
	// Once player two has chosen to keep, the swap is no longer offered
	// on screen, and the status does not offer it either.
	if g.SwapAvailable() && !s.keep {
		text = lang.T("play.gyre.swap", "who", who)
		if you {
			text = lang.T("play.gyre.your_swap")
		}
	}
	return append(out, app.Text(text))
}

// keptSides reports whether the last stone was player 2's first, placed
// after keeping the sides the swap offered to change.
func keptSides(g *gyre.Game) bool {
	return g.Variant().HasSwap() && !g.Swapped() && len(g.Record()) == g.Variant().OpeningStones()+1
}

// keepText says that the opponent kept the sides, and so which side the
// person here plays: the counterpart of "swapped".
func keepText(setup session.Setup) string {
	return lang.T("play.keeps", "who", screen.LastBy(setup)) + " "
}

// openingStep says which stone of an `opening K` player 1 (who, you if
// the person here) places now, e.g. "Your turn: place Gyre stone 2 of 3,
// then one Spoke stone.", or "" outside such an opening.
func openingStep(g *gyre.Game, who string, you bool) string {
	k := g.Variant().K()
	if k == 0 || !g.InOpening() {
		return ""
	}
	if g.ToMove() == gyre.Gyre {
		i := len(g.Record()) + 1
		if you {
			return lang.T("play.gyre.your_opening", "i", i, "k", k)
		}
		return lang.T("play.gyre.opening", "who", who, "i", i, "k", k)
	}
	if you {
		return lang.T("play.gyre.your_opening_spoke")
	}
	return lang.T("play.gyre.opening_spoke", "who", who)
}

// renderSwap offers player two the swap decision.
func (s *Game) renderSwap(setup session.Setup, g *gyre.Game) app.UI {
	who := screen.PlayerName(setup, game.Two)
	offer := lang.T("play.swap.offer", "who", who)
	if k := g.Variant().K(); k > 0 {
		offer = lang.N("play.swap.offer_k", k, "who", who)
	}
	return app.Div().ID("swap-offer").Class("offer").Role("group").Aria("label", lang.T("play.swap.label")).Body(
		app.P().Text(offer),
		app.Button().ID("swap").Class("primary").Text(lang.T("play.swap.take")).
			OnClick(func(ctx app.Context, e app.Event) {
				s.play(board.Played{Action: gyre.Swap})
			}),
		app.Button().ID("keep").Text(lang.T("play.swap.keep")).
			OnClick(func(ctx app.Context, e app.Event) { s.keep = true }),
	)
}
