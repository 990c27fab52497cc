package board

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

const svgNS = "http://www.w3.org/2000/svg"

// SVG returns an SVG element: the namespace must be set on every one.
func SVG(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

func f3(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// ActionPlay is what either board emits when a person completes an action
// on it, as a Played: a GYRE move, a Gygès setup or move; the game screen
// hands it to its table, whose engine checks it.
const ActionPlay = "board-play"

// Played is ActionPlay's value: the person's action, typed (a gyre.Move,
// a gyges.Layout or a gyges.Move).
type Played struct {
	Action game.Action
}

// Board draws a GYRE position as SVG: the ring of hexagonal cells built from
// the engine's polar layout, so that two cells share an edge exactly when
// they are adjacent. Like the Gygès board it knows no rules and speaks one
// vocabulary both ways: it is given the engine's position, which colour
// moves next, whether a person may play and where a stone may go (Legal,
// from the engine), and it emits the move chosen by click, tap or keyboard
// in notation, through ActionPlay. A chosen cell that is not legal still
// goes to the session, so that the player reads the engine's reason. What
// a click, a tap or a key means is decided by its input
// (gyre_board_input.go).
type Board struct {
	app.Compo

	Position gyre.Board  // the stones, and the board's size
	Legal    []bool      // by cell: a stone may go there now (see Legal)
	Last     gyre.Cell   // the cell of the last stone, or NoCell
	ToMove   gyre.Color  // the colour of the next stone; Empty when over
	Live     bool        // whether a person may place a stone now
	Coords   bool        // name the empty cells (ring letter and column number)
	Hints    []gyre.Cell // cells the computer suggests (a hint, the analysis's better move), marked

	in gyreInput
	// static draws a picture that takes no input (a rulebook diagram, see
	// gyre_diagram.go): no buttons, no tab stops, and marks on some cells.
	static bool
	marks  map[gyre.Cell]bool
	label  string // the picture's name for assistive technology
}

// Legal lists, by cell, where the engine lets the next stone go: the
// Board's Legal.
func Legal(g *gyre.Game) []bool {
	legal := make([]bool, g.Geometry().Cells())
	for _, m := range g.Moves(nil) {
		if c, ok := m.Cell(); ok {
			legal[c] = true
		}
	}
	return legal
}

// legal reports whether the props let a stone go on cell.
func (b *Board) legal(cell gyre.Cell) bool {
	return cell >= 0 && int(cell) < len(b.Legal) && b.Legal[cell]
}

// OnMount redraws the board's names in the new language when it changes.
func (b *Board) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

// Render draws the board.
func (b *Board) Render() app.UI {
	geo := b.Position.Geometry()
	if geo == nil {
		return app.P().Text(lang.T("board.none"))
	}
	size := geo.Size()
	hole := geo.HoleRadius()
	outer := hole + float64(size.Rings)
	extent := outer + 1.1
	winning := b.Position.WinningGroup(nil)
	win := make(map[gyre.Cell]bool, len(winning))
	for _, c := range winning {
		win[c] = true
	}

	layout := layoutOf(geo)
	focus := b.in.focusCell(geo.Cells(), b.Last)
	cells := make([]app.UI, 0, geo.Cells())
	pending := gyre.NoCell
	for i := range layout {
		c := gyre.Cell(i)
		cells = append(cells, b.cell(&layout[i], c, b.Position.At(c), win[c], c == focus))
		if b.isPending(c) {
			pending = c
		}
	}

	class := "board"
	switch {
	case b.Live && b.ToMove == gyre.Spoke:
		class += " live to-spoke"
	case b.Live && b.ToMove == gyre.Gyre:
		class += " live to-gyre"
	}
	if len(winning) > 0 {
		class += " over"
	}
	role, label := "group", lang.T("board.gyre.name", "rings", size.Rings, "cols", size.Cols)
	if b.static {
		role, label = "img", b.label
	}
	return SVG("svg").
		Class(class).
		Attr("viewBox", fmt.Sprintf("%s %s %s %s", f3(-extent), f3(-extent), f3(2*extent), f3(2*extent))).
		Attr("role", role).
		Aria("label", label).
		Body(
			SVG("circle").Class("rim", "outer").Attr("r", f3(outer)),
			SVG("circle").Class("rim", "inner").Attr("r", f3(hole)),
			SVG("g").Body(cells...),
			b.labels(geo, outer),
			b.cellNames(geo, layout),
			b.centre(hole, pending),
		)
}

// cell draws one hexagon with its stone, its name for assistive technology
// and its input handlers. The hover preview is pure CSS (see gygy.css).
func (b *Board) cell(l *cellLayout, cell gyre.Cell, col gyre.Color, inWin, focus bool) app.UI {
	class := []string{"cell", col.String()}
	label := l.name + ", " + cellColour(col)
	if cell == b.Last {
		class = append(class, "last")
		label += ", " + lang.T("board.cell.last")
	}
	if inWin {
		class = append(class, "win")
		label += ", " + lang.T("board.cell.win")
	}
	if slices.Contains(b.Hints, cell) {
		class = append(class, "hint")
		label += ", " + lang.T("board.cell.hint")
	}
	pending := b.isPending(cell)
	if pending {
		class = append(class, "pending")
		label += ", " + lang.T("board.cell.pending")
	}
	tab := -1
	if focus {
		tab = 0
	}
	body := []app.UI{SVG("polygon").Class("hex").Attr("points", l.points)}
	if col != gyre.Empty {
		body = append(body, stone(col, l.x, l.y, l.angle, 0.36))
	}
	if pending {
		// The stone a second tap places, as a ghost.
		body = append(body, SVG("g").Class("ghost").Attr("opacity", "0.6").Body(stone(b.ToMove, l.x, l.y, l.angle, 0.36)))
	}
	if cell == b.Last {
		body = append(body, SVG("circle").Class("last-mark").Attr("cx", l.cx).Attr("cy", l.cy).Attr("r", "0.48"))
	}
	if slices.Contains(b.Hints, cell) {
		body = append(body, diagramMark(l))
	}
	if b.static {
		if b.marks[cell] {
			body = append(body, diagramMark(l))
		}
		return SVG("g").Class(class...).Body(body...)
	}
	// go-app keeps a handler from the same code for as long as its scope
	// is the same (see app/ui's doc): the cell is the handlers' scope, so
	// that an element that comes to show another cell gets handlers for
	// it; everything else they read from the board's current fields.
	scope := app.EventScope(l.id)
	return SVG("g").
		ID(l.id).
		Class(class...).
		Attr("role", "button").
		TabIndex(tab).
		Aria("label", label).
		Aria("disabled", !b.Live || !b.legal(cell)).
		Body(body...).
		OnClick(func(ctx app.Context, e app.Event) {
			if b.in.tap(cell, b.Position, b.Live, e.Get("pointerType").String() == "touch") {
				b.emit(ctx, cell)
			}
		}, scope).
		OnKeyDown(func(ctx app.Context, e app.Event) { b.onKey(ctx, cell, e.Get("key").String()) }, scope).
		On("focus", func(ctx app.Context, e app.Event) {
			b.in.cursor = int(cell) + 1
			ctx.PreventUpdate()
		}, scope)
}

// emit plays a stone on cell: the move goes to the game screen.
func (b *Board) emit(ctx app.Context, cell gyre.Cell) {
	if b.Position.Geometry() != nil {
		ctx.NewActionWithValue(ActionPlay, Played{Action: gyre.Place(cell)})
	}
}

// stone draws a stone with a shape cue besides its colour: a spoke for
// Spoke, a ring for Gyre, so the sides are told apart without colour.
func stone(col gyre.Color, cx, cy, angle, r float64) app.UI {
	disc := SVG("circle").Class("disc").Attr("cx", f3(cx)).Attr("cy", f3(cy)).Attr("r", f3(r))
	var mark app.UI
	if col == gyre.Spoke {
		dx, dy := 0.6*r*math.Cos(angle), -0.6*r*math.Sin(angle)
		mark = SVG("line").Class("mark").
			Attr("x1", f3(cx-dx)).Attr("y1", f3(cy-dy)).
			Attr("x2", f3(cx+dx)).Attr("y2", f3(cy+dy))
	} else {
		mark = SVG("circle").Class("mark").Attr("cx", f3(cx)).Attr("cy", f3(cy)).Attr("r", f3(0.45*r))
	}
	return SVG("g").Class("stone", col.String()).Body(disc, mark)
}

// onKey plays a key pressed on cell, and moves the focus where the input
// says.
func (b *Board) onKey(ctx app.Context, cell gyre.Cell, key string) {
	geo := b.Position.Geometry()
	if geo == nil {
		return
	}
	r := b.in.key(geo.Size(), cell, key, b.Live)
	if r.play {
		b.emit(ctx, r.cell)
	}
	if !r.changed {
		ctx.PreventUpdate()
		return
	}
	if r.next < 0 {
		return
	}
	// Every cell is drawn already: the focus moves now, so that the next
	// key lands on the cell the cursor is on (the redraw then moves the
	// tab stop there too).
	if el := app.Window().GetElementByID("cell-" + geo.CellName(r.next)); el.Truthy() {
		el.Call("focus")
	}
}

// isPending reports whether a finger's first tap marked cell, where a
// stone may go now.
func (b *Board) isPending(cell gyre.Cell) bool {
	return b.in.marked(cell, b.Position) && b.legal(cell) && b.Live
}

// labels numbers the columns around the outside of the board.
func (b *Board) labels(geo *gyre.Geometry, outer float64) app.UI {
	var out []app.UI
	size := geo.Size()
	for c := 0; c < size.Cols; c++ {
		// Column c's cells lean half a column per ring; label the outer end.
		cell := geo.At(size.Rings-1, c)
		p := geo.Center(cell)
		p.Radius = outer + 0.55
		x, y := xy(p)
		out = append(out, SVG("text").Class("label").
			Attr("x", f3(x)).Attr("y", f3(y)).
			Attr("aria-hidden", "true").
			Text(strconv.Itoa(c+1)))
	}
	return SVG("g").Body(out...)
}

// cellNames names the empty cells, when asked (Coords): each its ring
// letter and column number, small, where a stone will cover it, so that
// a name never lies on a stone and a cell named in a message or a record
// is found by reading, not by following a column's slant from its number
// outside (a column leans half a cell a ring).
func (b *Board) cellNames(geo *gyre.Geometry, layout []cellLayout) app.UI {
	if !b.Coords || b.static {
		return SVG("g")
	}
	out := make([]app.UI, 0, len(layout))
	for i := range layout {
		c := gyre.Cell(i)
		if b.Position.At(c) != gyre.Empty || b.isPending(c) {
			continue
		}
		l := &layout[i]
		out = append(out, SVG("text").Class("label", "cell-name").
			Attr("x", l.cx).Attr("y", l.cy).
			Text(l.name))
	}
	return SVG("g").Attr("aria-hidden", "true").Attr("pointer-events", "none").Body(out...)
}

// centre shows the colour to move inside the hole, or, once a finger has
// marked a cell, what a second tap does.
func (b *Board) centre(hole float64, pending gyre.Cell) app.UI {
	if b.ToMove == gyre.Empty {
		return SVG("g")
	}
	if pending != gyre.NoCell {
		name := b.Position.Geometry().CellName(pending)
		return SVG("g").ID("tap-hint").Attr("aria-hidden", "true").Body(
			hintLine(-1, hole, lang.T("board.tap_hint.1", "cell", name)), hintLine(0, hole, lang.T("board.tap_hint.2")),
			hintLine(1, hole, lang.T("board.tap_hint.3")),
		)
	}
	r := math.Min(0.7, hole*0.5)
	return SVG("g").Class("to-move").Attr("aria-hidden", "true").Body(
		stone(b.ToMove, 0, 0, math.Pi/2, r),
	)
}

// hintLine is line n (-1, 0 or 1) of the hint in the hole of radius
// hole, as large as the hole lets three short lines be, in the text's
// colour (the stylesheet's size for the column numbers is too small here).
func hintLine(n int, hole float64, text string) app.UI {
	size := 0.27 * hole
	return SVG("text").Class("label").
		Attr("x", "0").Attr("y", f3(float64(n)*1.15*size)).
		Style("font-size", f3(size)+"px").Style("fill", "var(--text)").Text(text)
}

// LastCell is the cell of the game's last stone, or NoCell before the
// first.
func LastCell(g *gyre.Game) gyre.Cell {
	last := gyre.NoCell
	for _, m := range g.Record() {
		if c, ok := m.Cell(); ok {
			last = c
		}
	}
	return last
}

// cellColour names what a cell holds for its label: "spoke", "gyre" or
// "empty".
func cellColour(c gyre.Color) string {
	switch c {
	case gyre.Spoke:
		return lang.T("board.cell.spoke")
	case gyre.Gyre:
		return lang.T("board.cell.gyre")
	case gyre.Empty:
		return lang.T("board.cell.empty")
	}
	return c.String()
}
