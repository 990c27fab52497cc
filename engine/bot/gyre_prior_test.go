package bot

import (
	"context"
	"testing"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

func mustGyrePos(t *testing.T, text string, toMove gyre.Color) gyrePos {
	t.Helper()
	b, err := gyre.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return gyrePos{board: b, toMove: toMove, dist: new(gyre.Distances), priors: defaultPriors}
}

// TestPriorJudgesByDistances: the cell that both closes most of Gyre's
// loop and cuts it from Spoke's side is judged above cells on neither
// colour's short ways, for either mover.
func TestPriorJudgesByDistances(t *testing.T) {
	// Ring b is Gyre's but for b4 (loop distance 1); b4 is also on
	// every short Spoke bridge. a6 lies on a short way of neither.
	const text = "....../ggg.gg/......"
	for _, col := range []gyre.Color{gyre.Spoke, gyre.Gyre} {
		pos := mustGyrePos(t, text, col)
		g := pos.board.Geometry()
		b4, _ := g.ParseCell("b4")
		a6, _ := g.ParseCell("a6")
		p := make([]float64, 2)
		pos.Prior([]search.Move{search.Move(b4), search.Move(a6)}, p)
		if p[0] <= p[1] || p[0] > 1 || p[1] < 0 {
			t.Errorf("%v to move on %s: prior of b4 %.2f, of a6 %.2f; want b4 above a6, both in 0..1", col, text, p[0], p[1])
		}
	}
}

// TestKnowledgeBySide: the bot searches with the distances' priors as
// Spoke and without them as Gyre (what measurably helped each side), and
// Plain or an override changes that.
func TestKnowledgeBySide(t *testing.T) {
	pos := func(col gyre.Color) *gyrePos {
		p := mustGyrePos(t, "....../....../..s.../....../...g../......", col)
		return &p
	}
	on := [2]Knowledge{{Priors: true}, {Priors: true}}
	for _, tc := range []struct {
		name  string
		plain bool
		know  *[2]Knowledge
		col   gyre.Color
		want  bool
	}{
		{"Spoke", false, nil, gyre.Spoke, true},
		{"Gyre", false, nil, gyre.Gyre, false},
		{"Spoke plain", true, nil, gyre.Spoke, false},
		{"Gyre with priors", false, &on, gyre.Gyre, true},
	} {
		b := NewGyre(Hard, 1)
		b.Tuning.Plain, b.Tuning.Knowledge = tc.plain, tc.know
		c := b.rootConfig(pos(tc.col))
		if got := c.PriorWeight > 0 && c.PriorDepth > 0; got != tc.want {
			t.Errorf("%s: priors %v (weight %v, depth %d), want %v", tc.name, got, c.PriorWeight, c.PriorDepth, tc.want)
		}
	}
}

// BenchmarkGyreSpokeKnowledge: the cost of Spoke's knowledge (priors and
// last-good-reply playouts) at a fixed number of playouts, on a 15 x 6
// middle game: compare the two sub-benchmarks of one run.
func BenchmarkGyreSpokeKnowledge(b *testing.B) {
	g, err := gyre.GameFromPosition("....../....../..s.../....g./...g../....../.s..../.s..../..g.../..g.../....../...s../....../....../......", gyre.NoSwap)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		know *[2]Knowledge
	}{{"none", &[2]Knowledge{}}, {"spoke", nil}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bot := NewGyre(Hard, 1)
				bot.Tuning.Work, bot.Tuning.Knowledge = 4000, tc.know
				if _, err := bot.Think(context.Background(), g, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
