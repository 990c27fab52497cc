package play

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/analysis"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// The analysis chart: seat one's chance over the game as a line (up is
// seat one winning), with its axes (the chance on the left, the moves
// below), the even line across, a dot on each move marked worse than
// good, a line at the position under review, and a legend under it that
// names the side the line follows as the board does.

// The chart's plot area and the margins its axes' words take.
const (
	chartW, chartH      = 300.0, 100.0
	chartLeft, chartTop = 34.0, 6.0
	chartBottom         = 24.0
	chartRight          = 8.0
)

// chart draws the analysed game's chart and its legend.
func (s *Game) chart() app.UI {
	a := &s.an
	curve := analysis.Curve(a.js)
	n := len(curve) - 1
	x := func(k int) float64 {
		if n <= 0 {
			return chartLeft
		}
		return chartLeft + chartW*float64(k)/float64(n)
	}
	y := func(c float64) float64 { return chartTop + chartH*(1-c) }
	pts := make([]string, len(curve))
	for k, c := range curve {
		pts[k] = fmtPt(x(k), y(c))
	}
	body := []app.UI{
		board.SVG("rect").Class("chart-bg").Attr("x", f1(chartLeft)).Attr("y", f1(chartTop)).
			Attr("width", f1(chartW)).Attr("height", f1(chartH)),
		board.SVG("line").Class("chart-even").Attr("x1", f1(chartLeft)).Attr("x2", f1(chartLeft+chartW)).
			Attr("y1", f1(y(0.5))).Attr("y2", f1(y(0.5))),
	}
	body = append(body, chartAxes(n, x, y)...)
	body = append(body, board.SVG("polyline").Class("chart-line").Attr("points", strings.Join(pts, " ")))
	counts := map[analysis.Mark]int{}
	for k, m := range a.moves {
		if m.Mark <= analysis.Good {
			continue
		}
		counts[m.Mark]++
		body = append(body, board.SVG("circle").Class("chart-mark", markClass(m.Mark)).
			Attr("cx", f1(x(k+1))).Attr("cy", f1(y(curve[k+1]))).Attr("r", "3.5").Body(
			board.SVG("title").Text(lang.T("play.chart.mark", "k", k+1, "mark", markName(m.Mark)))))
	}
	if back := s.review.back; back > 0 && n >= 0 {
		at := n - back
		body = append(body, board.SVG("line").Class("chart-at").Attr("x1", f1(x(at))).Attr("x2", f1(x(at))).
			Attr("y1", f1(chartTop)).Attr("y2", f1(chartTop+chartH)))
	}
	one := s.seatLabel(game.One)
	label := lang.T("play.chart.label", "who", one, "n", n, "from", lang.Percent(curve[0]), "to", lang.Percent(curve[n]),
		"inaccuracies", counts[analysis.Inaccuracy], "mistakes", counts[analysis.Mistake], "blunders", counts[analysis.Blunder])
	w, h := chartLeft+chartW+chartRight, chartTop+chartH+chartBottom
	return app.Figure().Class("analysis-figure").Body(
		board.SVG("svg").ID("analysis-chart").Class("analysis-chart").
			Attr("viewBox", "0 0 "+f1(w)+" "+f1(h)).Attr("role", "img").Aria("label", label).Body(body...),
		chartLegend(one, s.seatLabel(game.Two)),
	)
}

// chartAxes draws the chance axis on the left (0%, 50%, 100%) and the
// move axis below (the first, middle and last move), each with its name.
func chartAxes(n int, x func(int) float64, y func(float64) float64) []app.UI {
	text := func(class string, px, py float64, s string) app.UI {
		return board.SVG("text").Class("chart-axis-text", class).Attr("x", f1(px)).Attr("y", f1(py)).Text(s)
	}
	bottom := chartTop + chartH
	out := []app.UI{
		board.SVG("line").Class("chart-axis").Attr("x1", f1(chartLeft)).Attr("x2", f1(chartLeft)).
			Attr("y1", f1(chartTop)).Attr("y2", f1(bottom)),
		board.SVG("line").Class("chart-axis").Attr("x1", f1(chartLeft)).Attr("x2", f1(chartLeft+chartW)).
			Attr("y1", f1(bottom)).Attr("y2", f1(bottom)),
	}
	for _, c := range []float64{0, 0.5, 1} {
		out = append(out, text("chart-y", chartLeft-3, y(c)+3, lang.Percent(c)))
	}
	ticks := []int{0, n / 2, n}
	if n < 2 {
		ticks = []int{0, n}
	}
	for i, k := range ticks {
		if i > 0 && k == ticks[i-1] {
			continue
		}
		out = append(out,
			board.SVG("line").Class("chart-axis").Attr("x1", f1(x(k))).Attr("x2", f1(x(k))).
				Attr("y1", f1(bottom)).Attr("y2", f1(bottom+3)),
			text("chart-x", x(k), bottom+12, strconv.Itoa(k)))
	}
	out = append(out, text("chart-x chart-x-name", chartLeft+chartW/2, bottom+22, lang.T("play.chart.move")))
	return out
}

// chartLegend says what the line and the dots mean.
func chartLegend(one, two string) app.UI {
	dot := func(m analysis.Mark) app.UI {
		return app.Li().Body(app.Span().Class("chart-key", markClass(m)).Aria("hidden", true), app.Text(" "+markName(m)))
	}
	return app.FigCaption().ID("analysis-legend").Class("analysis-legend").Body(
		app.P().Body(
			app.Span().Class("chart-key", "chart-key-line").Aria("hidden", true),
			app.Text(" "+lang.T("play.chart.legend", "one", one, "two", two)),
		),
		app.Ul().Body(dot(analysis.Inaccuracy), dot(analysis.Mistake), dot(analysis.Blunder)),
	)
}

// seatLabel names a seat of the game on screen as its board does: the
// person ("You", "The computer") with the Gygès side or the GYRE colour
// the seat plays at the end, or the side alone for two people here.
func (s *Game) seatLabel(p game.Seat) string {
	setup := s.shown.Setup()
	side := ""
	if g := game.AsGyre(s.shown.Game); g != nil {
		side = screen.ColourName(gyre.Spoke)
		if game.Seat(g.Controller(gyre.Gyre)) == p {
			side = screen.ColourName(gyre.Gyre)
		}
	} else {
		side = sideName(game.SideOf(p))
	}
	if setup.Here() == game.NoSeat && s.shown.Game.Kind() == game.Gyges {
		return side
	}
	return screen.PlayerName(setup, p) + " · " + side
}

// markClass is the CSS class of a mark's dot.
func markClass(m analysis.Mark) string { return strings.ReplaceAll(m.String(), " ", "-") }

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func fmtPt(x, y float64) string { return f1(x) + "," + f1(y) }
