package learn

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// gyreBoard draws a GYRE game for a lesson or a puzzle; mark, if not
// NoCell, is ringed as the last stone.
func gyreBoard(g *gyre.Game, live bool, mark gyre.Cell) app.UI {
	if mark == gyre.NoCell {
		mark = board.LastCell(g)
	}
	return app.Div().Class("learn-board").Body(&board.Board{
		Position: g.Board(),
		Legal:    board.Legal(g),
		Last:     mark,
		ToMove:   g.ToMove(),
		Live:     live && !g.Over(),
		Coords:   true,
	})
}

// gygesBoard draws a Gygès position; last, if not Pass, is the move that
// led to it from before, drawn with its route.
func gygesBoard(pos, before gyges.Position, last gyges.Move, live bool) app.UI {
	b := &board.GygesBoard{
		Pos:  pos,
		Side: pos.Side(),
		Live: live,
		Flip: before.Side() == gyges.North,
		Last: gyges.Pass,
	}
	if _, over := pos.Winner(); over {
		b.Over = true
	} else if live {
		b.Dests = pos.Dests()
	}
	if last != gyges.Pass {
		if path, err := before.Path(last); err == nil {
			b.Last, b.LastPath, b.LastSize = last, path, before.Piece(last.From)
		}
	}
	return app.Div().Class("learn-board").Body(b)
}

// colourName names a GYRE colour for people.
func colourName(c gyre.Color) string {
	if c == gyre.Gyre {
		return "Gyre"
	}
	return "Spoke"
}

// sideName names a Gygès side for people, in the page's language.
func sideName(sd gyges.Side) string {
	if sd == gyges.North {
		return lang.T("learn.side.north")
	}
	return lang.T("learn.side.south")
}

// tabs are the two games' buttons; pressed says which is shown. Each
// button's handler reads its own value, not what was drawn.
func tabs(prefix string, gyges bool, pick app.EventHandler) app.UI {
	return app.Nav().Class("rule-tabs").Aria("label", lang.T("learn.tabs")).Body(
		app.Button().ID(prefix+"-gyre").Value("gyre").Aria("pressed", !gyges).Text("GYRE").OnClick(pick),
		app.Button().ID(prefix+"-gyges").Value("gyges").Aria("pressed", gyges).Text("Gygès").OnClick(pick),
	)
}
