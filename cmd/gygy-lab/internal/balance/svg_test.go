package balance

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestColour(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{0, "#e69f00"}, {0.5, "#f4f4f0"}, {1, "#0072b2"}, {-3, "#e69f00"}, {7, "#0072b2"},
	} {
		if got := Colour(tc.x); got != tc.want {
			t.Errorf("Colour(%v) = %s, want %s", tc.x, got, tc.want)
		}
	}
	if a, b := Colour(0.25), Colour(0.75); a == b || a == Colour(0) || b == Colour(1) {
		t.Errorf("the scale does not run through its middle: %s, %s", a, b)
	}
}

func TestHeatMap(t *testing.T) {
	tab := &Table{Results: []Result{
		{Rings: 3, Cols: 6, Exact: &Exact{SpokeFirst: yes(), SwapSpoke: 18}},
		{Rings: 9, Cols: 6, NoSwap: Tally{Games: 4, Spoke: 2}},
		{Rings: 12, Cols: 6, NoSwap: Tally{Games: 4, Spoke: 0}},
		{Rings: 7, Cols: 14, NoSwap: Tally{Games: 8, Spoke: 8}},
		{Rings: 8, Cols: 16}, // no games: not drawn
	}}
	svg := HeatMap(tab)
	// It is well-formed XML.
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
	}
	if n := strings.Count(svg, `<g class="cell">`); n != 4 {
		t.Errorf("%d cells, want 4", n)
	}
	for _, want := range []string{
		`role="img"`, `<title id="balance-title">`, `<desc id="balance-desc">`, `viewBox=`,
		`fill="` + Colour(1) + `"`, `fill="` + Colour(0.5) + `"`, `fill="` + Colour(0) + `"`,
		`>100</text>`, `>50</text>`, `>0</text>`, "Spoke won 2 of 4 games",
		`<linearGradient id="balance-scale">`, "proved by the solver", "Spoke's % of Hard vs Hard games<",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("the map lacks %s", want)
		}
	}
	if strings.Count(svg, `stroke-width="3"`) != 2 { // the proved cell and its legend key
		t.Errorf("want one proved cell marked")
	}
	same := &Table{Results: []Result{{Rings: 7, Cols: 14, Playouts: 500, NoSwap: Tally{Games: 6, Spoke: 6}}, {Rings: 5, Cols: 10, Playouts: 500, NoSwap: Tally{Games: 6}}}}
	if !strings.Contains(HeatMap(same), ">(6 games a size, 500 playouts a move)<") {
		t.Error("the legend does not give the games and playouts they share")
	}
	if strings.Contains(svg, "width=\"100%\"") || strings.Contains(HeatMap(&Table{}), "<g class=\"cell\">") {
		t.Error("fixed width, or cells on an empty map")
	}
}

func TestMarkdown(t *testing.T) {
	tab := &Table{Results: []Result{
		{Rings: 7, Cols: 14, Playouts: 1000, NoSwap: Tally{Games: 8, Spoke: 8}, Swap: SwapTally{Games: 8, Taken: 8, Spoke: 8}},
		{Rings: 3, Cols: 6, Exact: &Exact{SpokeFirst: yes(), GyreFirst: yes(), SwapSpoke: 18}},
	}}
	eff := &EffortTable{Rows: []EffortRow{{Rings: 5, Cols: 10, Base: 500, Factor: 2, Strong: "gyre", Tally: Tally{Games: 4, Spoke: 1}}}}
	var sb strings.Builder
	WriteMarkdown(&sb, tab, eff)
	md := sb.String()
	for _, want := range []string{
		"| R \\ C | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 |\n", "| 3 | 100%* |  |",
		"| 4 |" + strings.Repeat("  |", 9) + "\n", "| 7 |" + strings.Repeat("  |", 8) + " 100% |\n",
		"| 7x14 | 0.50 | 1000 | 8/8 = 100% (68–100%) |", "| spoke | spoke | 18 of 18 |",
		"| size | base playouts | stronger side | 2× |\n", "| 5x10 | 500 | gyre | 1/4 = 25% (5–70%) |\n", "| 5x10 | 500 | spoke | |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the table lacks %q\n%s", want, md)
		}
	}
}
