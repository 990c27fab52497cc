package balance

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The heat map's colours: the app's Spoke blue at 100%, its Gyre orange
// at 0%, a pale neutral at 50%.
var (
	spokeRGB   = [3]float64{0x00, 0x72, 0xb2}
	neutralRGB = [3]float64{0xf4, 0xf4, 0xf0}
	gyreRGB    = [3]float64{0xe6, 0x9f, 0x00}
)

// Colour is the heat map's colour for Spoke's share x (0 to 1): a
// diverging scale from Gyre's orange through a neutral at one half to
// Spoke's blue. Shares outside [0, 1] are clamped.
func Colour(x float64) string {
	if math.IsNaN(x) {
		x = 0.5
	}
	x = min(1, max(0, x))
	from, to, t := neutralRGB, spokeRGB, 2*x-1
	if x < 0.5 {
		from, to, t = neutralRGB, gyreRGB, 1-2*x
	}
	var c [3]int
	for i := range c {
		c[i] = int(math.Round(from[i] + (to[i]-from[i])*t))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// ink is a legible text colour on background share x.
func ink(x float64) string {
	if math.Abs(x-0.5) > 0.3 && x > 0.5 {
		return "#fff"
	}
	return "#222"
}

const (
	cellPx   = 40
	marginL  = 44 // ring labels
	marginT  = 64 // title and column labels
	legendPx = 118
	panelGap = 16 // below each grid
)

// panel is one grid of the heat map: which share it shows and how.
type panel struct {
	first string // the side moving first: "Spoke" or "Gyre"
	share func(Result) float64
	exact func(Result) bool
	title func(Result) string
}

var (
	spokeFirstPanel = panel{"Spoke", Result.SpokeFirstShare, Result.ExactSpokeFirst, cellTitle}
	gyreFirstPanel  = panel{"Gyre", Result.GyreFirstShare, Result.ExactGyreFirst, gyreFirstTitle}
)

// HeatMap draws the table as an SVG heat map: rings down, columns across,
// each measured size a square coloured by Spoke's share without the swap
// (Spoke moving first), with the percentage written in it and a bold
// frame around the sizes the solver proved. When the table holds games
// with Gyre moving first, a second grid below the first shows Spoke's
// share in those (stacked, so that the picture stays narrow enough for a
// phone). It is a pure function of the table; the picture scales to its
// container (a viewBox, no fixed width), and carries a title, a
// description and a tooltip per cell for screen readers.
func HeatMap(t *Table) string {
	rs := t.Sorted()
	rings, cols := axes(rs)
	panels := []panel{spokeFirstPanel}
	for _, r := range rs {
		if r.GyreFirst != nil {
			panels = append(panels, gyreFirstPanel)
			break
		}
	}
	w := max(marginL+cellPx*len(cols)+8, 420)
	gridH := marginT + cellPx*len(rings) + panelGap
	h := gridH*len(panels) - panelGap + legendPx
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-labelledby="balance-title balance-desc" font-family="system-ui, sans-serif">`+"\n", w, h)
	sb.WriteString(`<title id="balance-title">GYRE balance map: Spoke's share of games without the swap</title>` + "\n")
	desc := summary(rs)
	if len(panels) > 1 {
		desc += " " + gyreFirstSummary(rs)
	}
	fmt.Fprintf(&sb, `<desc id="balance-desc">%s</desc>`+"\n", html.EscapeString(desc))
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", w, h)
	for i, p := range panels {
		drawPanel(&sb, p, rs, rings, cols, i*gridH)
	}
	legend(&sb, marginL, gridH*len(panels)+18-panelGap, w-marginL-16, games(rs))
	sb.WriteString("</svg>\n")
	return sb.String()
}

// drawPanel draws one grid of the heat map, top at y0.
func drawPanel(sb *strings.Builder, p panel, rs []Result, rings, cols []int, y0 int) {
	top := y0 + marginT
	fmt.Fprintf(sb, `<text x="8" y="%d" font-size="14" font-weight="600">Spoke's share (%%), no swap, %s moves first</text>`+"\n", y0+18, p.first)
	fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12" text-anchor="middle">columns C</text>`+"\n", marginL+cellPx*len(cols)/2, y0+36)
	fmt.Fprintf(sb, `<text x="12" y="%d" font-size="12" text-anchor="middle" transform="rotate(-90 12 %d)">rings R</text>`+"\n", top+cellPx*len(rings)/2, top+cellPx*len(rings)/2)
	for j, c := range cols {
		fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12" text-anchor="middle" aria-hidden="true">%d</text>`+"\n", marginL+j*cellPx+cellPx/2, top-8, c)
	}
	for i, r := range rings {
		fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12" text-anchor="end" aria-hidden="true">%d</text>`+"\n", marginL-6, top+i*cellPx+cellPx/2+4, r)
	}
	at := index(rs)
	for i, r := range rings {
		for j, c := range cols {
			res, ok := at[[2]int{r, c}]
			share := p.share(res)
			if !ok || share < 0 {
				continue
			}
			x, y := marginL+j*cellPx, top+i*cellPx
			label := fmt.Sprintf("%.0f", 100*share)
			stroke := `stroke="#fff" stroke-width="1"`
			if p.exact(res) {
				stroke = `stroke="#222" stroke-width="3"`
			}
			fmt.Fprintf(sb, `<g class="cell"><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" fill="%s" %s/>`,
				html.EscapeString(p.title(res)), x+1, y+1, cellPx-2, cellPx-2, Colour(share), stroke)
			fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="14" text-anchor="middle" fill="%s" aria-hidden="true">%s</text></g>`+"\n",
				x+cellPx/2, y+cellPx/2+4, ink(share), label)
		}
	}
}

// legend draws the colour scale and what the marks mean.
func legend(sb *strings.Builder, x, y, width int, games string) {
	sb.WriteString(`<defs><linearGradient id="balance-scale">`)
	for _, stop := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(sb, `<stop offset="%.0f%%" stop-color="%s"/>`, 100*stop, Colour(stop))
	}
	sb.WriteString("</linearGradient></defs>\n")
	fmt.Fprintf(sb, `<g class="legend"><rect x="%d" y="%d" width="%d" height="14" fill="url(#balance-scale)" stroke="#888"/>`+"\n", x, y, width)
	for _, l := range []struct {
		at     float64
		anchor string
		text   string
	}{{0, "start", "0: Gyre wins"}, {0.5, "middle", "50: even"}, {1, "end", "100: Spoke wins"}} {
		fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12" text-anchor="%s">%s</text>`+"\n", x+int(l.at*float64(width)), y+30, l.anchor, l.text)
	}
	fmt.Fprintf(sb, `<rect x="%d" y="%d" width="14" height="14" fill="none" stroke="#222" stroke-width="3"/>`, x, y+42)
	fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12">proved by the solver (100 or 0)</text>`+"\n", x+22, y+54)
	fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12">others: Spoke's %% of Hard vs Hard games</text>`+"\n", x, y+72)
	if games != "" {
		fmt.Fprintf(sb, `<text x="%d" y="%d" font-size="12">(%s)</text>`+"\n", x, y+90, html.EscapeString(games))
	}
	sb.WriteString("</g>\n")
}

// games says what the measured cells count: "8 games a size, 1000
// playouts a move" when every size had the same, else less or "".
func games(rs []Result) string {
	n, p := -1, -1
	for _, r := range rs {
		if r.NoSwap.Games == 0 {
			continue
		}
		if n == -1 {
			n, p = r.NoSwap.Games, r.Playouts
		}
		if r.NoSwap.Games != n {
			n = -2
		}
		if r.Playouts != p {
			p = -2
		}
	}
	var parts []string
	if n > 0 {
		parts = append(parts, fmt.Sprintf("%d games a size", n))
	}
	if p > 0 {
		parts = append(parts, fmt.Sprintf("%d playouts a move", p))
	}
	return strings.Join(parts, ", ")
}

// cellTitle is a size's tooltip.
func cellTitle(r Result) string {
	if r.ExactSpokeFirst() {
		return fmt.Sprintf("%s: %s wins with perfect play, Spoke moving first (proved)", r.Size(), proved(r.Exact.SpokeFirst))
	}
	lo, hi := r.NoSwap.Interval()
	return fmt.Sprintf("%s: Spoke won %d of %d games (%s; 95%% %.0f–%.0f%%)", r.Size(), r.NoSwap.Spoke, r.NoSwap.Games, pct(r.NoSwap.Share()), 100*lo, 100*hi)
}

// gyreFirstTitle is a size's tooltip in the Gyre-first grid.
func gyreFirstTitle(r Result) string {
	if r.ExactGyreFirst() {
		return fmt.Sprintf("%s: %s wins with perfect play, Gyre moving first (proved)", r.Size(), proved(r.Exact.GyreFirst))
	}
	t := r.gyreFirstTally()
	lo, hi := t.Interval()
	return fmt.Sprintf("%s, Gyre moving first: Spoke won %d of %d games (%s; 95%% %.0f–%.0f%%)", r.Size(), t.Spoke, t.Games, pct(t.Share()), 100*lo, 100*hi)
}

// gyreFirstSummary describes the Gyre-first grid in words.
func gyreFirstSummary(rs []Result) string {
	var sizes, spoke, games int
	for _, r := range rs {
		if r.GyreFirst == nil || r.GyreFirst.Games == 0 {
			continue
		}
		sizes++
		spoke += r.GyreFirst.Spoke
		games += r.GyreFirst.Games
	}
	return fmt.Sprintf("The second grid shows the same share with Gyre moving first: over %d sizes Spoke won %d of %d games.", sizes, spoke, games)
}

// summary describes the map in words for the desc element.
func summary(rs []Result) string {
	if len(rs) == 0 {
		return "No sizes measured yet."
	}
	var spoke, even, gyre, exact int
	for _, r := range rs {
		s := r.SpokeFirstShare()
		switch {
		case s < 0:
			continue
		case s >= 0.75:
			spoke++
		case s <= 0.25:
			gyre++
		default:
			even++
		}
		if r.ExactSpokeFirst() {
			exact++
		}
	}
	return fmt.Sprintf("A grid of %d board sizes, rings down and columns across, coloured by Spoke's share of games "+
		"without the swap rule with Spoke moving first, from orange (Gyre wins) through pale (even) to blue (Spoke wins). "+
		"Spoke won at least three quarters on %d sizes, Gyre on %d, and %d lie between; %d sizes are proved by the solver.",
		len(rs), spoke, gyre, even, exact)
}
