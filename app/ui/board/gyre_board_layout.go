package board

import (
	"fmt"
	"strings"
	"sync"

	"gygy/engine/gyre"
)

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

// xy converts a polar point to SVG coordinates (y grows downwards).
func xy(p gyre.Polar) (float64, float64) {
	x, y := p.XY()
	return x, -y
}
