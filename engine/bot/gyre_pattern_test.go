package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

// mirrorCell is c reflected across column 0 of the sheared lattice:
// (r, c) → (r, -c-r), which keeps each ring and each adjacency.
func mirrorCell(g *gyre.Geometry, c gyre.Cell) gyre.Cell {
	r := g.Ring(c)
	return g.At(r, -g.Col(c)-r)
}

// TestMirrorKeepsAdjacency: the reflection the patterns fold together is
// a symmetry of the board, so a shape and its mirror image are the same
// shape to both players.
func TestMirrorKeepsAdjacency(t *testing.T) {
	g := gyre.MustGeometry(gyre.Standard)
	for a := range g.Cells() {
		for b := range g.Cells() {
			ca, cb := gyre.Cell(a), gyre.Cell(b)
			if g.Adjacent(ca, cb) != g.Adjacent(mirrorCell(g, ca), mirrorCell(g, cb)) {
				t.Fatalf("%s-%s adjacent %v, mirrored not", g.CellName(ca), g.CellName(cb), g.Adjacent(ca, cb))
			}
		}
	}
}

// TestFeaturesOfMirroredBoard: every move of a position and the mirrored
// move of the mirrored position have the same features.
func TestFeaturesOfMirroredBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []gyre.Size{gyre.Standard, gyre.Small, {Rings: 15, Cols: 6}} {
		g := gyre.MustGeometry(size)
		for range 20 {
			b, m := gyre.NewBoard(g), gyre.NewBoard(g)
			col := gyre.Spoke
			for range rng.IntN(g.Cells() / 2) {
				c := gyre.Cell(rng.IntN(g.Cells()))
				if b.At(c) != gyre.Empty || b.Winner() != gyre.Empty {
					continue
				}
				b.Place(c, col)
				m.Place(mirrorCell(g, c), col)
				col = col.Other()
			}
			if b.Winner() != gyre.Empty {
				continue
			}
			last := gyre.Cell(rng.IntN(g.Cells()))
			var db, dm gyre.Distances
			db.Measure(&b)
			dm.Measure(&m)
			for c := range g.Cells() {
				cell := gyre.Cell(c)
				if b.At(cell) != gyre.Empty {
					continue
				}
				for _, me := range []gyre.Color{gyre.Spoke, gyre.Gyre} {
					fb := GyreMoveFeatures(nil, &b, &db, me, last, cell)
					fm := GyreMoveFeatures(nil, &m, &dm, me, mirrorCell(g, last), mirrorCell(g, cell))
					if !slices.Equal(fb, fm) {
						t.Fatalf("%v: %v at %s on %s has features %v, mirrored %v", size, me, g.CellName(cell), b.String(), fb, fm)
					}
				}
			}
		}
	}
}

// TestFeaturesSeeTheShape: what the features say of a few cells of one
// position, read as a player would.
func TestFeaturesSeeTheShape(t *testing.T) {
	// Spoke has b2 and d1, a bridge whose shared cells are c1 and c2;
	// Gyre has just intruded at c2, so c1 saves the bridge.
	b, err := gyre.ParsePosition("....../.s..../.g..../s...../......")
	if err != nil {
		t.Fatal(err)
	}
	g := b.Geometry()
	cell := func(name string) gyre.Cell {
		c, err := g.ParseCell(name)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var d gyre.Distances
	d.Measure(&b)
	last := cell("c2")
	if c1 := cell("c1"); !g.Adjacent(c1, cell("b2")) || !g.Adjacent(c1, cell("d1")) || g.Adjacent(cell("b2"), cell("d1")) {
		t.Fatalf("the test's board: c1 should touch b2 and d1, which should not touch")
	}
	if got := lastRelation(&b, gyre.Spoke, last, cell("c1")); got != 2 {
		t.Errorf("Spoke at c1 after Gyre's c2: relation %d, want 2 (saves the bridge b2-d1)", got)
	}
	if got := lastRelation(&b, gyre.Spoke, last, cell("c3")); got != 1 {
		t.Errorf("Spoke at c3 after Gyre's c2: relation %d, want 1 (touches c2)", got)
	}
	if got := lastRelation(&b, gyre.Spoke, last, cell("e6")); got != 0 {
		t.Errorf("Spoke at e6 after Gyre's c2: relation %d, want 0", got)
	}
	if got := lastRelation(&b, gyre.Gyre, last, cell("c3")); got != 1 {
		t.Errorf("Gyre at c3 (its own stone was last): relation %d, want 1 (touches, no bridge of Gyre)", got)
	}
	// a1 on the inner rim: its two inward neighbours are off the board, the
	// others empty.
	f := GyreMoveFeatures(nil, &b, &d, gyre.Spoke, gyre.NoCell, cell("a1"))
	code := int(f[0]) - featPattern
	for dir := range 6 {
		digit := code >> (2 * dir) & 3
		if off := g.Step(cell("a1"), dir) == gyre.NoCell; off != (digit == 3) {
			t.Errorf("a1's neighbour %d is %d in the pattern, off the board %v", dir, digit, off)
		}
	}
	// Gyre's features are in Gyre's block, after all of Spoke's.
	if f := GyreMoveFeatures(nil, &b, &d, gyre.Gyre, gyre.NoCell, cell("a1")); f[0] < featsOfSide {
		t.Errorf("Gyre's pattern feature %d lies in Spoke's block", f[0])
	}
}

// TestParseGyreWeights reads what FormatGyreWeights writes, and refuses a
// malformed file with the line at fault.
func TestParseGyreWeights(t *testing.T) {
	w := make([]float32, GyreFeatures)
	w[0], w[17], w[GyreFeatures-1] = 1.5, -0.25, 3
	got, err := ParseGyreWeights(FormatGyreWeights(w, "a test\nof two lines"))
	if err != nil || !slices.Equal(got, w) {
		t.Fatalf("round trip: %v, err %v", err, err)
	}
	for _, bad := range []string{"1", "x 1", "1 y", "-1 0.5", "99999 1", "3 NaN", "3 1e9", "3 +Inf"} {
		if _, err := ParseGyreWeights("# fine\n" + bad + "\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("ParseGyreWeights(%q): err %v, want one naming line 2", bad, err)
		}
	}
}

// TestShippedPatternsJudgeShape: the shipped weights rank the bridge's
// rescue first among Spoke's moves after Gyre's intrusion, and every
// judgement lies in priorBase..priorBase+learnedSpan.
func TestShippedPatternsJudgeShape(t *testing.T) {
	pos := mustGyrePos(t, "....../.s..../.g..../s...../......", gyre.Spoke)
	pos.learned = true
	g := pos.board.Geometry()
	pos.last, _ = g.ParseCell("c2")
	c1, _ := g.ParseCell("c1")
	moves := pos.Moves(nil)
	p := make([]float64, len(moves))
	pos.Prior(moves, p)
	best := 0
	for i, v := range p {
		if v < priorBase || v > priorBase+learnedSpan+1e-9 {
			t.Errorf("prior of %s: %.3f outside %.1f..%.1f", g.CellName(gyre.Cell(moves[i])), v, priorBase, priorBase+learnedSpan)
		}
		if v > p[best] {
			best = i
		}
	}
	if moves[best] != search.Move(c1) {
		t.Errorf("likeliest move %s (%.3f), want c1, which saves the bridge (%.3f)", g.CellName(gyre.Cell(moves[best])), p[best], p[slices.Index(moves, search.Move(c1))])
	}
}
