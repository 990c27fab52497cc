package board

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The hint on the Gygès board: the move the computer would play, drawn
// and not played, as the GYRE board marks its hint's cell. Its path is a
// dashed line under the pieces; a ring marks the piece to move, another
// the square (or goal) it ends on, and a diamond the drop square of a
// replace.

// hintPath draws the hint's path under the pieces.
func (b *GygesBoard) hintPath() app.UI {
	if len(b.HintPath) < 2 || b.Setting {
		return SVG("g").Class("hint-none")
	}
	return SVG("g").ID("hint-path").Class("hint-path").Attr("data-move", b.Hint.String()).Body(
		SVG("polyline").Class("hint-line").Attr("points", polyline(pathPoints(b.geo(), b.HintPath, b.Side))))
}

// hintMarks rings the hint's piece and the end of its path, and marks
// its drop square, above the pieces.
func (b *GygesBoard) hintMarks() app.UI {
	if len(b.HintPath) < 2 || b.Setting {
		return SVG("g").Class("hint-none")
	}
	pts := pathPoints(b.geo(), b.HintPath, b.Side)
	ring := func(id, class string, p point) app.UI {
		return SVG("circle").ID(id).Class("hint-ring", class).Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "44")
	}
	body := []app.UI{
		ring("hint-from", "hint-from", pts[0]),
		ring("hint-to", "hint-to", pts[len(pts)-1]),
	}
	if b.Hint.IsReplace() {
		c := b.geo().at(b.Hint.Drop)
		d := fmt.Sprintf("M%s,%s l18,18 l-18,18 l-18,-18 z", f3(c.x), f3(c.y-18))
		body = append(body, SVG("path").ID("hint-drop").Class("hint-drop").Attr("d", d).Attr("data-square", b.Hint.Drop.String()))
	}
	return SVG("g").ID("hint-marks").Class("hint-marks").Aria("hidden", true).Body(body...)
}
