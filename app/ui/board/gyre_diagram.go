package board

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/rulebook/book"
	"gygy/app/ui/lang"
	"gygy/engine/gyre"
)

// A GYRE diagram in the rulebook is a fenced block marked "gyre". It gives
// a position or a record and says what the picture shows; the engine, not
// the writer, decides whether that is true, and a diagram whose claim is
// false is shown as an error instead of a picture:
//
//	position ..s......./..s......./...s....../...s....../....s.....
//	record GYRE 5x10 c5 swap b6         a game, replayed by the engine
//	shows bridge                         Spoke has won: its chain is lit
//	shows loop                           Gyre has won: its loop is lit
//	shows two-cell bridge b4 d3          two stones, two shared empty cells
//	shows rim bridge b4                  a stone next to a rim, two empty rim cells
//	shows swap                           the record holds the swap
//	shows opening                        the record is an `opening K` game, its opening placed
//	mark c3 c4                           cells to ring, beyond those of a claim
//	caption A few words under it.
//
// A diagram may make several claims; the cells of every bridge claimed are
// ringed.
type gyreDiagram struct {
	board   gyre.Board
	game    *gyre.Game // from a record, else nil
	record  string     // the record as written, shown under the picture
	claims  []gyreClaim
	marks   []gyre.Cell
	caption string
}

// gyreClaim is one "shows" line: what it claims, the cells it names and
// the line it stands on.
type gyreClaim struct {
	what  string // "bridge", "loop", "two-cell bridge", "rim bridge", "swap", "opening"
	cells []gyre.Cell
	line  int
}

// gyreClaimArgs is how many cells each claim names.
var gyreClaimArgs = map[string]int{"bridge": 0, "loop": 0, "two-cell bridge": 2, "rim bridge": 1, "swap": 0, "opening": 0}

// parseGyreDiagram reads diagram n's lines (n counts the GYRE diagrams of
// the rulebook from 1, to name the one at fault); errors name the diagram
// and the line.
func parseGyreDiagram(n int, spec string) (gyreDiagram, error) {
	var d gyreDiagram
	seen := false
	fail := func(line int, err error) (gyreDiagram, error) {
		return d, fmt.Errorf("GYRE diagram %d, line %d: %w", n, line, err)
	}
	var later []func() error // cell names wait until the board size is known
	for i, line := range strings.Split(spec, "\n") {
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "":
		case "position", "record":
			if seen {
				return fail(i+1, fmt.Errorf("a second position or record"))
			}
			seen = true
			if word == "position" {
				b, err := gyre.ParsePosition(rest)
				if err != nil {
					return fail(i+1, err)
				}
				d.board = b
				continue
			}
			g, err := gyre.ParseRecord(rest)
			if err != nil {
				return fail(i+1, err)
			}
			d.game, d.board, d.record = g, g.Board(), rest
		case "shows":
			c, err := parseClaim(rest)
			if err != nil {
				return fail(i+1, err)
			}
			c.line = i + 1
			names := strings.Fields(rest)[len(strings.Fields(c.what)):]
			d.claims = append(d.claims, c)
			k := len(d.claims) - 1
			later = append(later, func() error {
				cells, err := d.cells(names)
				d.claims[k].cells = cells
				return wrapLine(n, c.line, err)
			})
		case "mark":
			line := i + 1
			later = append(later, func() error {
				cells, err := d.cells(strings.Fields(rest))
				d.marks = append(d.marks, cells...)
				return wrapLine(n, line, err)
			})
		case "caption":
			d.caption = rest
		default:
			return fail(i+1, fmt.Errorf("unknown word %q", word))
		}
	}
	if !seen {
		return d, fmt.Errorf("GYRE diagram %d: no position or record", n)
	}
	for _, f := range later {
		if err := f(); err != nil {
			return d, err
		}
	}
	return d, nil
}

func wrapLine(n, line int, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("GYRE diagram %d, line %d: %w", n, line, err)
}

// parseClaim reads what a "shows" line claims and checks the number of
// cells it names (the cells themselves are read once the size is known).
func parseClaim(text string) (gyreClaim, error) {
	f := strings.Fields(text)
	for what, args := range gyreClaimArgs {
		w := strings.Fields(what)
		if len(f) >= len(w) && slices.Equal(f[:len(w)], w) {
			if len(f)-len(w) != args {
				return gyreClaim{}, fmt.Errorf("%q names %d cells, want %d", what, len(f)-len(w), args)
			}
			return gyreClaim{what: what}, nil
		}
	}
	return gyreClaim{}, fmt.Errorf("unknown claim %q", text)
}

// cells reads cell names on the diagram's board.
func (d *gyreDiagram) cells(names []string) ([]gyre.Cell, error) {
	out := make([]gyre.Cell, 0, len(names))
	for _, name := range names {
		c, err := d.board.Geometry().ParseCell(name)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// check asks the engine whether every claim of the diagram holds, and
// returns the cells the claims ring (the shared cells of the bridges).
func (d *gyreDiagram) check(n int) ([]gyre.Cell, error) {
	var ringed []gyre.Cell
	for _, c := range d.claims {
		cells, err := d.holds(c)
		if err != nil {
			return nil, wrapLine(n, c.line, err)
		}
		ringed = append(ringed, cells...)
	}
	return ringed, nil
}

// holds checks one claim.
func (d *gyreDiagram) holds(c gyreClaim) ([]gyre.Cell, error) {
	b := &d.board
	geo := b.Geometry()
	switch c.what {
	case "bridge", "loop":
		want := map[string]gyre.Color{"bridge": gyre.Spoke, "loop": gyre.Gyre}[c.what]
		if got := b.Winner(); got != want {
			return nil, fmt.Errorf("claims a %s, but the winner is %s", c.what, got)
		}
	case "swap":
		if d.game == nil || !d.game.Swapped() {
			return nil, fmt.Errorf("claims the swap, but no record with a swap is given")
		}
	case "opening":
		if d.game == nil || d.game.Variant().K() == 0 {
			return nil, fmt.Errorf("claims an opening, but no record of an opening K game is given")
		}
		if d.game.InOpening() {
			return nil, fmt.Errorf("claims an opening, but the record stops before its %d stones are placed", d.game.Variant().OpeningStones())
		}
	case "two-cell bridge", "rim bridge":
		a, other := c.cells[0], gyre.NoCell
		if len(c.cells) > 1 {
			other = c.cells[1]
		}
		col := b.At(a)
		if col == gyre.Empty || (other != gyre.NoCell && b.At(other) != col) {
			return nil, fmt.Errorf("a %s needs stones of one colour on %s", c.what, cellNames(geo, c.cells))
		}
		if other == gyre.NoCell && col != gyre.Spoke {
			return nil, fmt.Errorf("only Spoke joins a rim, and %s is %s", geo.CellName(a), col)
		}
		if shared := sharedEmpty(b, a, other); len(shared) == 2 {
			return shared, nil
		}
		return nil, fmt.Errorf("%s do not make a %s with two empty cells between", cellNames(geo, c.cells), c.what)
	}
	return nil, nil
}

// sharedEmpty lists the two empty cells that join a to b (or, for
// b == NoCell, a to a rim) by the engine's bridge patterns.
func sharedEmpty(board *gyre.Board, a, b gyre.Cell) []gyre.Cell {
	geo := board.Geometry()
	for x := gyre.Cell(0); int(x) < geo.Cells(); x++ {
		for _, br := range geo.Bridges(x) {
			if br.B == gyre.NoCell && b != gyre.NoCell {
				continue
			}
			if !(br.A == a && br.B == b) && !(br.A == b && br.B == a) {
				continue
			}
			if board.At(x) == gyre.Empty && board.At(br.Other) == gyre.Empty {
				return []gyre.Cell{min(x, br.Other), max(x, br.Other)}
			}
		}
	}
	return nil
}

func cellNames(geo *gyre.Geometry, cells []gyre.Cell) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = geo.CellName(c)
	}
	return strings.Join(names, " and ")
}

// GyreDiagram draws diagram n with the game's own board, or says what
// is wrong with it.
func GyreDiagram(n int, spec string) app.UI {
	d, err := parseGyreDiagram(n, spec)
	var ringed []gyre.Cell
	if err == nil {
		ringed, err = d.check(n)
	}
	if err != nil {
		return app.P().Class("error").Text(err.Error())
	}
	b := &Board{Position: d.board, Last: gyre.NoCell, ToMove: gyre.Empty,
		static: true, marks: map[gyre.Cell]bool{}, label: lang.T("board.diagram.gyre")}
	if d.caption != "" {
		b.label = lang.T("board.diagram.gyre_caption", "caption", d.caption)
	}
	for _, c := range append(ringed, d.marks...) {
		b.marks[c] = true
	}
	if d.game != nil {
		b.Last = LastCell(d.game)
	}
	return app.Figure().Class("diagram").Body(
		b.Render(),
		app.If(d.record != "", func() app.UI { return app.P().Body(app.Code().Text(d.record)) }),
		app.If(d.caption != "", func() app.UI { return app.FigCaption().Text(d.caption) }),
	)
}

// diagramMark rings a cell of a diagram: a dashed circle, drawn with its
// own colours since the style sheet does not know it.
func diagramMark(l *cellLayout) app.UI {
	return SVG("circle").Class("diagram-mark").Attr("cx", l.cx).Attr("cy", l.cy).Attr("r", "0.3").
		Attr("fill", "none").Attr("stroke", "#7ee0a0").Attr("stroke-width", "0.09").Attr("stroke-dasharray", "0.15 0.1")
}

// BalanceMap shows the GYRE balance map, served beside the rulebooks
// (book.Dir), with the caption its block gives ("caption ...") and, for a
// reader who cannot see it, the text its block gives ("alt ...": in
// English the map's own title and description, which package rulebook's
// tests hold to it).
func BalanceMap(spec string) app.UI {
	caption, alt := "", ""
	for _, line := range strings.Split(spec, "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "caption "); ok {
			caption = rest
		}
		if rest, ok := strings.CutPrefix(line, "alt "); ok {
			alt = rest
		}
	}
	// Raw HTML rather than app.Img, whose many methods would cost app.wasm
	// more than the whole picture; the address is relative to the page's
	// base, as the print-and-play sheets' are.
	img := fmt.Sprintf(`<img id="balance-map" src="%s" alt="%s" style="width: 100%%">`,
		html.EscapeString(book.Dir+book.MapFile), html.EscapeString(alt))
	return app.Figure().Class("diagram", "balance-map").Style("max-width", "28rem").Body(
		app.Raw(img),
		app.If(caption != "", func() app.UI { return app.FigCaption().Text(caption) }),
	)
}
