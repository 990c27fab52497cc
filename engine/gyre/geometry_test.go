package gyre

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// testSizes covers the named sizes, the extremes of the range and odd ones.
var testSizes = []Size{
	{3, 6}, {3, 40}, {15, 6}, {15, 40}, Small, Standard, {4, 23}, {6, 7}, {9, 11}, {11, 17},
}

func TestSizeRange(t *testing.T) {
	for _, s := range []Size{{2, 14}, {16, 14}, {7, 5}, {7, 41}, {0, 0}, {-3, 10}} {
		if _, err := NewGeometry(s); !errors.Is(err, ErrSize) {
			t.Errorf("NewGeometry(%v) = %v, want ErrSize", s, err)
		}
	}
	for r := MinRings; r <= MaxRings; r++ {
		for c := MinCols; c <= MaxCols; c++ {
			if _, err := NewGeometry(Size{r, c}); err != nil {
				t.Errorf("NewGeometry(%dx%d) = %v, want a geometry", r, c, err)
			}
		}
	}
}

func TestParseSize(t *testing.T) {
	good := map[string]Size{"7x14": Standard, "5x10": Small, "15×40": {15, 40}, "3x6": {3, 6}}
	for text, want := range good {
		if got, err := ParseSize(text); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %v, %v, want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"", "7", "7x", "x14", "7x14x", "+7x14", "7x-14", " 7x14", "2x14", "7x41", "axb"} {
		if _, err := ParseSize(text); !errors.Is(err, ErrSize) {
			t.Errorf("ParseSize(%q) = %v, want ErrSize", text, err)
		}
	}
}

func TestAdjacency(t *testing.T) {
	for _, s := range testSizes {
		t.Run(s.String(), func(t *testing.T) {
			g := MustGeometry(s)
			edges := 0
			for c := Cell(0); int(c) < g.Cells(); c++ {
				r := g.Ring(c)
				want := 6
				if r == 0 || r == s.Rings-1 {
					want = 4 // rim cells lose two ring neighbours
				}
				ns := g.Neighbours(c)
				if len(ns) != want {
					t.Errorf("degree of %s = %d, want %d", g.CellName(c), len(ns), want)
				}
				// Same set as the rulebook's formula, with the same column steps.
				ref := refNeighbours(s, r, g.Col(c))
				if len(ref) != len(ns) {
					t.Fatalf("neighbours of %s: %d, rulebook gives %d", g.CellName(c), len(ns), len(ref))
				}
				seen := map[Cell]bool{}
				for i, n := range ns {
					if want := g.At(ref[i][0], ref[i][1]); n.Cell != want || int(n.DCol) != ref[i][2] {
						t.Errorf("neighbour %d of %s = %s/%d, want %s/%d", i, g.CellName(c), g.CellName(n.Cell), n.DCol, g.CellName(want), ref[i][2])
					}
					if seen[n.Cell] || n.Cell == c {
						t.Errorf("%s lists %s twice or itself", g.CellName(c), g.CellName(n.Cell))
					}
					seen[n.Cell] = true
					if !g.Adjacent(n.Cell, c) {
						t.Errorf("%s touches %s but not the other way", g.CellName(c), g.CellName(n.Cell))
					}
					edges++
				}
			}
			// Each ring has C edges around it and each gap between rings 2C.
			if want := 2 * (s.Rings*s.Cols + 2*(s.Rings-1)*s.Cols); edges != want {
				t.Errorf("%d directed edges, want %d", edges, want)
			}
		})
	}
}

func TestWrapAround(t *testing.T) {
	g := MustGeometry(Standard)
	for _, tc := range []struct{ a, b string }{
		{"d14", "d1"}, {"a14", "a1"}, {"g14", "g1"}, {"c14", "b1"}, {"b1", "c14"}, {"d1", "e14"},
	} {
		a, _ := g.ParseCell(tc.a)
		b, _ := g.ParseCell(tc.b)
		if !g.Adjacent(a, b) {
			t.Errorf("Adjacent(%s, %s) = false, want true across the seam", tc.a, tc.b)
		}
	}
	for _, tc := range []struct{ a, b string }{{"d14", "c2"}, {"d1", "e2"}, {"d14", "e1"}, {"a1", "a13"}, {"a3", "g3"}} {
		a, _ := g.ParseCell(tc.a)
		b, _ := g.ParseCell(tc.b)
		if g.Adjacent(a, b) {
			t.Errorf("Adjacent(%s, %s) = true, want false", tc.a, tc.b)
		}
	}
}

// TestDrawingMatchesAdjacency checks the rulebook's drawing rule: two cells
// share a drawn edge (two corners) exactly when they are adjacent, and cell
// centres sit at angle (c + r/2)·360°/C with radius growing with r.
func TestDrawingMatchesAdjacency(t *testing.T) {
	for _, s := range testSizes {
		t.Run(s.String(), func(t *testing.T) {
			g := MustGeometry(s)
			key := func(p Polar) [2]int64 {
				x, y := p.XY()
				return [2]int64{int64(math.Round(x * 1e6)), int64(math.Round(y * 1e6))}
			}
			owners := map[[2]int64][]Cell{}
			for c := Cell(0); int(c) < g.Cells(); c++ {
				for _, p := range g.Corners(c) {
					owners[key(p)] = append(owners[key(p)], c)
				}
				ctr := g.Center(c)
				wantAngle := (float64(g.Col(c)) + float64(g.Ring(c))/2) * 2 * math.Pi / float64(s.Cols)
				if math.Abs(ctr.Angle-wantAngle) > 1e-9 {
					t.Errorf("Center(%s).Angle = %v, want %v", g.CellName(c), ctr.Angle, wantAngle)
				}
				if c >= Cell(s.Cols) && ctr.Radius <= g.Center(c-Cell(s.Cols)).Radius {
					t.Errorf("Center(%s).Radius does not grow with the ring", g.CellName(c))
				}
			}
			shared := map[[2]Cell]int{}
			for _, cells := range owners {
				for i := range cells {
					for j := range cells {
						if cells[i] < cells[j] {
							shared[[2]Cell{cells[i], cells[j]}]++
						}
					}
				}
			}
			for pair, n := range shared {
				if n >= 2 && !g.Adjacent(pair[0], pair[1]) {
					t.Errorf("%s and %s share a drawn edge but are not adjacent", g.CellName(pair[0]), g.CellName(pair[1]))
				}
			}
			for c := Cell(0); int(c) < g.Cells(); c++ {
				for _, n := range g.Neighbours(c) {
					a, b := min(c, n.Cell), max(c, n.Cell)
					if shared[[2]Cell{a, b}] != 2 {
						t.Errorf("%s and %s are adjacent but share %d corners, want 2", g.CellName(a), g.CellName(b), shared[[2]Cell{a, b}])
					}
				}
			}
		})
	}
}

// TestStepsAreTheNeighbours: the six steps of a cell that stay on the
// board are exactly its neighbours, inward steps leave across the inner
// rim and outward ones across the outer, and mirroring a step's pair of
// cells across a column gives the mirrored direction.
func TestStepsAreTheNeighbours(t *testing.T) {
	for _, s := range testSizes {
		g := MustGeometry(s)
		mirror := func(c Cell) Cell { return g.At(g.Ring(c), -g.Col(c)-g.Ring(c)) }
		for c := Cell(0); int(c) < g.Cells(); c++ {
			var got []Cell
			for dir := range 6 {
				n := g.Step(c, dir)
				if n == NoCell {
					if dr := hexSteps[dir][0]; !(dr < 0 && g.Ring(c) == 0 || dr > 0 && g.Ring(c) == s.Rings-1) {
						t.Errorf("%v: %s step %d leaves the board away from a rim", s, g.CellName(c), dir)
					}
					continue
				}
				got = append(got, n)
				if m := g.Step(mirror(c), dir^1); m != mirror(n) {
					t.Errorf("%v: %s step %d is %s, but its mirror's step %d is %v, want %s", s, g.CellName(c), dir, g.CellName(n), dir^1, m, g.CellName(mirror(n)))
				}
			}
			var want []Cell
			for _, n := range g.Neighbours(c) {
				want = append(want, n.Cell)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%v: %s steps to %v, neighbours %v", s, g.CellName(c), got, want)
			}
		}
	}
}
