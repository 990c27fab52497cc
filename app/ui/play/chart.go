package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/analysis"
	"gygy/app/ui/board"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// The analysis chart: seat one's chance over the game as a line (up is
// seat one winning), the even line across, a dot on each move marked
// worse than good, and a line at the position under review.

const (
	chartW, chartH = 300.0, 100.0
)

// chart draws the analysed game's chart.
func (s *Game) chart() app.UI {
	a := &s.an
	curve := analysis.Curve(a.js)
	n := len(curve) - 1
	x := func(k int) float64 {
		if n <= 0 {
			return 0
		}
		return chartW * float64(k) / float64(n)
	}
	y := func(c float64) float64 { return chartH * (1 - c) }
	pts := make([]string, len(curve))
	for k, c := range curve {
		pts[k] = fmtPt(x(k), y(c))
	}
	body := []app.UI{
		board.SVG("rect").Class("chart-bg").Attr("width", f1(chartW)).Attr("height", f1(chartH)),
		board.SVG("line").Class("chart-even").Attr("x1", "0").Attr("x2", f1(chartW)).
			Attr("y1", f1(chartH/2)).Attr("y2", f1(chartH/2)),
		board.SVG("polyline").Class("chart-line").Attr("points", strings.Join(pts, " ")),
	}
	counts := map[analysis.Mark]int{}
	for k, m := range a.moves {
		if m.Mark <= analysis.Good {
			continue
		}
		counts[m.Mark]++
		body = append(body, board.SVG("circle").Class("chart-mark", markClass(m.Mark)).
			Attr("cx", f1(x(k+1))).Attr("cy", f1(y(curve[k+1]))).Attr("r", "3").Body(
			board.SVG("title").Text(fmt.Sprintf("Move %d: %s", k+1, m.Mark))))
	}
	if back := s.review.back; back > 0 && n >= 0 {
		at := n - back
		body = append(body, board.SVG("line").Class("chart-at").Attr("x1", f1(x(at))).Attr("x2", f1(x(at))).
			Attr("y1", "0").Attr("y2", f1(chartH)))
	}
	label := fmt.Sprintf("Chart of the win chance of %s (up) over %d moves, from %s to %s; marked: %d inaccuracies, %d mistakes, %d blunders.",
		screen.PlayerName(s.shown.Setup(), game.One), n, percent(curve[0]), percent(curve[n]),
		counts[analysis.Inaccuracy], counts[analysis.Mistake], counts[analysis.Blunder])
	return board.SVG("svg").ID("analysis-chart").Class("analysis-chart").
		Attr("viewBox", "0 0 "+f1(chartW)+" "+f1(chartH)).Attr("role", "img").Aria("label", label).
		Attr("preserveAspectRatio", "none").Body(body...)
}

// markClass is the CSS class of a mark's dot.
func markClass(m analysis.Mark) string { return strings.ReplaceAll(m.String(), " ", "-") }

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func fmtPt(x, y float64) string { return f1(x) + "," + f1(y) }
