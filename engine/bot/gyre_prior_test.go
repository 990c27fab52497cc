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
	p := newGyrePos(b, toMove, nil, gyre.NoCell)
	p.dist, p.priors = new(gyre.Distances), defaultPriors
	return p
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
// Spoke, and as Gyre only at Hard on a board with more columns than
// rings (what measurably helped each side at each level's work); Plain
// or an override (the learned priors, say) changes that.
func TestKnowledgeBySide(t *testing.T) {
	square := "....../....../..s.../....../...g../......"
	wide := ".........s/........../....g...../........../.........."
	on := [2]Knowledge{{Priors: true}, {Priors: true}}
	learned := [2]Knowledge{{Learned: true}, {Learned: true}}
	for _, tc := range []struct {
		name  string
		board string
		level Level
		plain bool
		know  *[2]Knowledge
		col   gyre.Color
		want  string // "", "distances" or "learned"
	}{
		{"Medium as Spoke", wide, Medium, false, nil, gyre.Spoke, "distances"},
		{"Medium as Gyre", wide, Medium, false, nil, gyre.Gyre, ""},
		{"Hard as Spoke", wide, Hard, false, nil, gyre.Spoke, "distances"},
		{"Hard as Gyre", wide, Hard, false, nil, gyre.Gyre, "distances"},
		{"Hard as Gyre, 6 x 6", square, Hard, false, nil, gyre.Gyre, ""},
		{"Hard as Spoke, 6 x 6", square, Hard, false, nil, gyre.Spoke, "distances"},
		{"Hard as Spoke, plain", wide, Hard, true, nil, gyre.Spoke, ""},
		{"Hard as Gyre, plain", wide, Hard, true, nil, gyre.Gyre, ""},
		{"Medium as Gyre with priors", square, Medium, false, &on, gyre.Gyre, "distances"},
		{"Medium as Gyre with learned priors", square, Medium, false, &learned, gyre.Gyre, "learned"},
	} {
		p := mustGyrePos(t, tc.board, tc.col)
		b := NewGyre(tc.level, 1)
		b.Tuning.Plain, b.Tuning.Knowledge = tc.plain, tc.know
		c := b.rootConfig(&p)
		got := ""
		if c.PriorWeight > 0 && c.PriorDepth > 0 {
			got = "distances"
			if p.learned {
				got = "learned"
			}
		}
		if got != tc.want {
			t.Errorf("%s: priors %q (weight %v, depth %d), want %q", tc.name, got, c.PriorWeight, c.PriorDepth, tc.want)
		}
	}
}

// TestHardTree: Hard's tree search has its own RAVE parameter, UCT
// constant and cap on its size; the other levels (and Plain) the common
// ones.
func TestHardTree(t *testing.T) {
	base := gyreMCTS
	for _, tc := range []struct {
		level         Level
		plain         bool
		rave, explore float64
		nodes         int
	}{
		{Easy, false, base.RAVE, base.Exploration, base.MaxNodes},
		{Medium, false, base.RAVE, base.Exploration, base.MaxNodes},
		{Hard, false, hardRAVE, hardExploration, hardMaxNodes},
		{Hard, true, base.RAVE, base.Exploration, base.MaxNodes},
	} {
		b := NewGyre(tc.level, 1)
		b.Tuning.Plain = tc.plain
		if c := b.config(98); c.RAVE != tc.rave || c.Exploration != tc.explore || c.MaxNodes != tc.nodes {
			t.Errorf("%v (plain %v): RAVE %v, exploration %v, at most %d nodes; want %v, %v, %d",
				tc.level, tc.plain, c.RAVE, c.Exploration, c.MaxNodes, tc.rave, tc.explore, tc.nodes)
		}
	}
	// The laboratory's knobs replace the level's tree settings.
	b := NewGyre(Hard, 1)
	b.Tuning.RAVE, b.Tuning.PriorDepth = 50, 3
	b.Tuning.Exploration, b.Tuning.ExpandAfter, b.Tuning.MaxNodes = 0.3, 5, 1000
	pos := mustGyrePos(t, ".........s/........../....g...../........../..........", gyre.Spoke)
	if c := b.rootConfig(&pos); c.RAVE != 50 || c.PriorDepth != 3 || c.Exploration != 0.3 || c.ExpandAfter != 5 || c.MaxNodes != 1000 {
		t.Errorf("Tuning RAVE 50, PriorDepth 3, Exploration 0.3, ExpandAfter 5, MaxNodes 1000: the tree has %v, %d, %v, %d, %d",
			c.RAVE, c.PriorDepth, c.Exploration, c.ExpandAfter, c.MaxNodes)
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
