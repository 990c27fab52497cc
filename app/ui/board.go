package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/engine/gyre"
)

const svgNS = "http://www.w3.org/2000/svg"

// ActionCell is the action a Board emits when a player chooses a cell; its
// value is the cell (an int).
const ActionCell = "gyre-cell"

// Board draws a GYRE position as SVG: the ring of hexagonal cells built from
// the engine's polar layout, so that two cells share an edge exactly when
// they are adjacent. It knows no rules: it is told which colour moves next
// and whether it may be played on, and it emits ActionCell for an empty
// cell chosen by click, tap or keyboard.
type Board struct {
	app.Compo

	Size     gyre.Size
	Position string     // the engine's position string
	Last     int        // the cell of the last stone, or -1
	Winning  []int      // the cells of the winning chain, if any
	ToMove   gyre.Color // the colour of the next stone; Empty when over
	Live     bool       // whether a person may place a stone now

	cursor    int    // one more than the cell keyboard play starts from; 0 for none
	pending   int    // one more than a cell a finger chose but has not confirmed; 0 for none
	pendingAt string // the position it was chosen in: a mark from another position is void
}

// minTouchCell is the smallest cell, in CSS pixels, that a finger can hit
// reliably at once. A tap on a smaller cell (the inner rings of a big board
// on a phone) only marks it; a second tap on the same cell places the stone,
// so a finger that lands on a neighbour costs nothing.
const minTouchCell = 36

// cellLayout is what the drawing of one cell needs that depends only on the
// board size, computed once per size: redrawing the board after a move then
// formats no numbers.
type cellLayout struct {
	name, id, points, cx, cy string
	x, y, angle              float64
}

var (
	layoutMu sync.Mutex
	layouts  = map[gyre.Size][]cellLayout{}
)

func layoutOf(geo *gyre.Geometry) []cellLayout {
	layoutMu.Lock()
	defer layoutMu.Unlock()
	if l, ok := layouts[geo.Size()]; ok {
		return l
	}
	l := make([]cellLayout, geo.Cells())
	for c := range l {
		cell := gyre.Cell(c)
		var pts strings.Builder
		for _, p := range geo.Corners(cell) {
			x, y := xy(p)
			fmt.Fprintf(&pts, "%s,%s ", f3(x), f3(y))
		}
		centre := geo.Center(cell)
		x, y := xy(centre)
		name := geo.CellName(cell)
		l[c] = cellLayout{name: name, id: "cell-" + name, points: pts.String(), cx: f3(x), cy: f3(y), x: x, y: y, angle: centre.Angle}
	}
	layouts[geo.Size()] = l
	return l
}

// svg returns an SVG element: the namespace must be set on every one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

func f3(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// xy converts a polar point to SVG coordinates (y grows downwards).
func xy(p gyre.Polar) (float64, float64) {
	x, y := p.XY()
	return x, -y
}

// Render draws the board.
func (b *Board) Render() app.UI {
	geo, err := gyre.GeometryOf(b.Size)
	if err != nil {
		return app.P().Text(err.Error())
	}
	stones := parseStones(b.Position, b.Size)
	hole := geo.HoleRadius()
	outer := hole + float64(b.Size.Rings)
	extent := outer + 1.1
	win := make(map[int]bool, len(b.Winning))
	for _, c := range b.Winning {
		win[c] = true
	}

	layout := layoutOf(geo)
	focus := b.focusCell(geo)
	cells := make([]app.UI, 0, geo.Cells())
	for c := range layout {
		cells = append(cells, b.cell(&layout[c], c, stones[c], win[c], c == focus))
	}

	class := "board"
	switch {
	case b.Live && b.ToMove == gyre.Spoke:
		class += " live to-spoke"
	case b.Live && b.ToMove == gyre.Gyre:
		class += " live to-gyre"
	}
	if len(b.Winning) > 0 {
		class += " over"
	}
	return svg("svg").
		Class(class).
		Attr("viewBox", fmt.Sprintf("%s %s %s %s", f3(-extent), f3(-extent), f3(2*extent), f3(2*extent))).
		Attr("role", "group").
		Aria("label", fmt.Sprintf("GYRE board, %d rings by %d columns", b.Size.Rings, b.Size.Cols)).
		Body(
			svg("circle").Class("rim", "outer").Attr("r", f3(outer)),
			svg("circle").Class("rim", "inner").Attr("r", f3(hole)),
			svg("g").Body(cells...),
			b.labels(geo, outer),
			b.centre(hole),
		)
}

// parseStones asks the engine for the colour of every cell of a position
// string; a string that does not fit the size leaves the board empty.
func parseStones(pos string, s gyre.Size) []gyre.Color {
	stones := make([]gyre.Color, s.Cells())
	b, err := gyre.ParsePosition(pos)
	if err != nil || b.Size() != s {
		return stones
	}
	for c := range stones {
		stones[c] = b.At(gyre.Cell(c))
	}
	return stones
}

// cell draws one hexagon with its stone, its name for assistive technology
// and its input handlers. The hover preview is pure CSS (see gygy.css).
func (b *Board) cell(l *cellLayout, cell int, col gyre.Color, inWin, focus bool) app.UI {
	class := []string{"cell", col.String()}
	label := l.name + ", " + col.String()
	if cell == b.Last {
		class = append(class, "last")
		label += ", last move"
	}
	if inWin {
		class = append(class, "win")
		label += ", winning chain"
	}
	if cell+1 == b.pending && b.pendingAt == b.Position && col == gyre.Empty && b.Live {
		class = append(class, "pending")
		label += ", tap again to place"
	}
	tab := -1
	if focus {
		tab = 0
	}
	body := []app.UI{svg("polygon").Class("hex").Attr("points", l.points)}
	if col != gyre.Empty {
		body = append(body, stone(col, l.x, l.y, l.angle, 0.36))
	}
	if cell == b.Last {
		body = append(body, svg("circle").Class("last-mark").Attr("cx", l.cx).Attr("cy", l.cy).Attr("r", "0.48"))
	}
	// The handlers may outlive this drawing (go-app keeps a handler from
	// the same code), so they read the board's current fields, not
	// anything computed here.
	return svg("g").
		ID(l.id).
		Class(class...).
		Attr("role", "button").
		TabIndex(tab).
		Aria("label", label).
		Aria("disabled", !b.Live || col != gyre.Empty).
		Body(body...).
		OnClick(func(ctx app.Context, e app.Event) {
			if b.needsConfirm(e) && (b.pending != cell+1 || b.pendingAt != b.Position) {
				b.pending, b.pendingAt = cell+1, b.Position
				return
			}
			b.choose(ctx, cell)
		}).
		OnKeyDown(func(ctx app.Context, e app.Event) { b.key(ctx, cell, e.Get("key").String()) }).
		On("focus", func(ctx app.Context, e app.Event) {
			b.cursor = cell + 1
			ctx.PreventUpdate()
		})
}

// stone draws a stone with a shape cue besides its colour: a spoke for
// Spoke, a ring for Gyre, so the sides are told apart without colour.
func stone(col gyre.Color, cx, cy, angle, r float64) app.UI {
	disc := svg("circle").Class("disc").Attr("cx", f3(cx)).Attr("cy", f3(cy)).Attr("r", f3(r))
	var mark app.UI
	if col == gyre.Spoke {
		dx, dy := 0.6*r*math.Cos(angle), -0.6*r*math.Sin(angle)
		mark = svg("line").Class("mark").
			Attr("x1", f3(cx-dx)).Attr("y1", f3(cy-dy)).
			Attr("x2", f3(cx+dx)).Attr("y2", f3(cy+dy))
	} else {
		mark = svg("circle").Class("mark").Attr("cx", f3(cx)).Attr("cy", f3(cy)).Attr("r", f3(0.45*r))
	}
	return svg("g").Class("stone", col.String()).Body(disc, mark)
}

// focusCell is the one cell in the tab order: the keyboard cursor, else
// the last move, else the first cell.
func (b *Board) focusCell(geo *gyre.Geometry) int {
	switch {
	case b.cursor > 0 && b.cursor <= geo.Cells():
		return b.cursor - 1
	case b.Last >= 0 && b.Last < geo.Cells():
		return b.Last
	}
	return 0
}

// needsConfirm reports whether a click is a finger's tap on a cell too
// small to hit reliably.
func (b *Board) needsConfirm(e app.Event) bool {
	if !b.Live || e.Get("pointerType").String() != "touch" {
		return false
	}
	box := e.Get("currentTarget").Call("getBoundingClientRect")
	return math.Min(box.Get("width").Float(), box.Get("height").Float()) < minTouchCell
}

func (b *Board) choose(ctx app.Context, cell int) {
	b.cursor = cell + 1
	b.pending = 0
	if !b.Live {
		return
	}
	ctx.NewActionWithValue(ActionCell, cell)
}

// key moves the keyboard cursor (left and right go round the ring, up goes
// outwards, down inwards) and plays the cell on Enter or Space.
func (b *Board) key(ctx app.Context, cell int, key string) {
	rings, cols := b.Size.Rings, b.Size.Cols
	if cell >= rings*cols {
		return
	}
	r, c := cell/cols, cell%cols
	switch key {
	case "ArrowLeft":
		c = (c + cols - 1) % cols
	case "ArrowRight":
		c = (c + 1) % cols
	case "ArrowUp":
		r = min(r+1, rings-1)
	case "ArrowDown":
		r = max(r-1, 0)
	case "Enter", " ":
		b.choose(ctx, cell)
		return
	default:
		ctx.PreventUpdate()
		return
	}
	next := r*cols + c
	b.cursor = next + 1
	geo, err := gyre.GeometryOf(b.Size)
	if err != nil {
		return
	}
	id := "cell-" + geo.CellName(gyre.Cell(next))
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}

// labels numbers the columns around the outside of the board.
func (b *Board) labels(geo *gyre.Geometry, outer float64) app.UI {
	var out []app.UI
	for c := 0; c < b.Size.Cols; c++ {
		// Column c's cells lean half a column per ring; label the outer end.
		cell := geo.At(b.Size.Rings-1, c)
		p := geo.Center(cell)
		p.Radius = outer + 0.55
		x, y := xy(p)
		out = append(out, svg("text").Class("label").
			Attr("x", f3(x)).Attr("y", f3(y)).
			Attr("aria-hidden", "true").
			Text(strconv.Itoa(c+1)))
	}
	return svg("g").Body(out...)
}

// centre shows the colour to move inside the hole.
func (b *Board) centre(hole float64) app.UI {
	if b.ToMove == gyre.Empty {
		return svg("g")
	}
	r := math.Min(0.7, hole*0.5)
	return svg("g").Class("to-move").Attr("aria-hidden", "true").Body(
		stone(b.ToMove, 0, 0, math.Pi/2, r),
	)
}
