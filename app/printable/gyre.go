package printable

import (
	"fmt"
	"math"
	"strings"

	"gygy/engine/gyre"
)

// GyreBoard draws a GYRE board of the given size on one sheet: every cell
// as the hexagon the engine's geometry gives it, named, with the two rims
// drawn heavy and labelled, and the goals of both sides in a line.
func GyreBoard(size gyre.Size, paper Paper) (string, error) {
	geo, err := gyre.GeometryOf(size)
	if err != nil {
		return "", err
	}
	s := newSVG(paper, fmt.Sprintf("GYRE %d × %d board", size.Rings, size.Cols))
	cx := paper.Width / 2
	top := margin + 14
	s.text(cx, margin+4, 8, "bold", fmt.Sprintf("GYRE  %d × %d", size.Rings, size.Cols))
	s.text(cx, margin+11, 3.6, "normal", "Spoke joins the inner rim to the outer rim. Gyre closes a loop around the hole.")

	// Scale the board to the width and to the room left for it.
	room := math.Min(paper.Width-2*margin, paper.Height-top-margin-24)
	outer := geo.HoleRadius() + float64(size.Rings) + 0.2
	scale := room / 2 / outer
	top += (paper.Height - top - margin - 24 - room) / 2 // centre the board
	cy := top + room/2
	pt := func(p gyre.Polar) (float64, float64) {
		x, y := p.XY()
		// Column 1 at the top, columns counting clockwise.
		return cx + y*scale, cy - x*scale
	}
	s.raw(`<g fill="none" stroke="black" stroke-width="0.3" stroke-linejoin="round">` + "\n")
	for c := gyre.Cell(0); int(c) < geo.Cells(); c++ {
		s.raw(`<polygon points="%s"/>`+"\n", polygon(geo.Corners(c), pt))
	}
	s.raw("</g>\n")
	// The rims: the inner edges of ring a and the outer edges of the last
	// ring, drawn heavy.
	s.raw(`<g fill="none" stroke="black" stroke-width="1.2" stroke-linejoin="round">` + "\n")
	s.raw(`<polygon points="%s"/>`+"\n", rimPath(geo, 0, []int{5, 0, 1}, pt))
	s.raw(`<polygon points="%s"/>`+"\n", rimPath(geo, size.Rings-1, []int{4, 3, 2}, pt))
	s.raw("</g>\n")
	for c := gyre.Cell(0); int(c) < geo.Cells(); c++ {
		x, y := pt(geo.Center(c))
		s.text(x, y, cellFont(geo, c, scale), "normal", geo.CellName(c))
	}
	s.text(cx, cy, math.Min(3.4, geo.HoleRadius()*scale/3), "bold", "hole")
	s.text(cx, top+room+6, 3.2, "normal", fmt.Sprintf("Heavy lines: the inner rim (ring a) and the outer rim (ring %c). Columns 1 to %d go round and wrap.", 'a'+size.Rings-1, size.Cols))
	s.text(cx, top+room+11, 3.2, "normal", "Swap rule: after the first stone the second player may take it over instead of playing.")
	return s.String(), nil
}

// polygon lists corners as SVG points.
func polygon(corners [6]gyre.Polar, pt func(gyre.Polar) (float64, float64)) string {
	var parts []string
	for _, p := range corners {
		x, y := pt(p)
		parts = append(parts, num(x)+","+num(y))
	}
	return strings.Join(parts, " ")
}

// rimPath joins the given corners of every cell of one ring, in column
// order: the zigzag edge of the board on that side.
func rimPath(geo *gyre.Geometry, ring int, corners []int, pt func(gyre.Polar) (float64, float64)) string {
	var parts []string
	for col := 0; col < geo.Size().Cols; col++ {
		cs := geo.Corners(geo.At(ring, col))
		for _, k := range corners {
			x, y := pt(cs[k])
			parts = append(parts, num(x)+","+num(y))
		}
	}
	return strings.Join(parts, " ")
}

// cellFont sizes a cell's name to its width on the page.
func cellFont(geo *gyre.Geometry, c gyre.Cell, scale float64) float64 {
	r := geo.Center(c).Radius
	width := 2 * math.Pi * r / float64(geo.Size().Cols) * scale
	return math.Max(1.4, math.Min(width*0.3, 4))
}
