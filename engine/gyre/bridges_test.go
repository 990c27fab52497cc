package gyre

import "testing"

func TestBridges(t *testing.T) {
	for _, s := range testSizes {
		g := MustGeometry(s)
		for x := Cell(0); int(x) < g.Cells(); x++ {
			inner, rim := 0, 0
			for _, br := range g.Bridges(x) {
				if !g.Adjacent(x, br.A) || !g.Adjacent(x, br.Other) || !g.Adjacent(br.A, br.Other) {
					t.Fatalf("%v: bridge %+v at %s: A and Other must touch x and each other", s, br, g.CellName(x))
				}
				if br.B == NoCell {
					rim++
					if g.Ring(br.Other) != g.Ring(x) || (g.Ring(x) != 0 && g.Ring(x) != s.Rings-1) {
						t.Fatalf("%v: rim bridge %+v at %s is not on a rim", s, br, g.CellName(x))
					}
					continue
				}
				inner++
				if g.Adjacent(br.A, br.B) || !g.Adjacent(br.B, x) || !g.Adjacent(br.B, br.Other) {
					t.Fatalf("%v: bridge %+v at %s is not a two-cell bridge", s, br, g.CellName(x))
				}
			}
			// Around an interior cell the six neighbours form six bridges,
			// each neighbour paired with the one two steps round; rims lose
			// some and gain two rim patterns.
			wantInner, wantRim := 6, 0
			switch g.Ring(x) {
			case 0, s.Rings - 1:
				wantInner, wantRim = 2, 2
			}
			if inner != wantInner || rim != wantRim {
				t.Errorf("%v: %s has %d bridges and %d rim patterns, want %d and %d", s, g.CellName(x), inner, rim, wantInner, wantRim)
			}
		}
	}
}

// TestFillSavesBridges: a Spoke bridge whose two shared cells are empty is
// cut far less often by policy playouts than by uniform ones (a stone can
// attack two bridges at once, so "never" would be too strong), and the
// verdict always matches the filled board.
func TestFillSavesBridges(t *testing.T) {
	b := mustPosition(t, "....../.s..../..s.../....../......")
	g := b.Geometry()
	x, _ := g.ParseCell("b3") // b2 and c3 share b3 and c2
	y, _ := g.ParseCell("c2")
	r := NewRoller(newRand(3))
	n := boards(t, 4000)
	cutPolicy, cutUniform := 0, 0
	for i := 0; i < n; i++ {
		w := r.FillSavingBridges(&b, Gyre)
		if r.Filled(x) == Gyre && r.Filled(y) == Gyre {
			cutPolicy++
		}
		full := NewBoard(g)
		for c := 0; c < g.Cells(); c++ {
			full.Place(Cell(c), r.Filled(Cell(c)))
		}
		if full.Winner() != w {
			t.Fatalf("playout %d: said %v, the filled board's winner is %v", i, w, full.Winner())
		}
		r.Fill(&b, Gyre)
		if r.Filled(x) == Gyre && r.Filled(y) == Gyre {
			cutUniform++
		}
	}
	if cutUniform < n/8 || cutPolicy*10 > cutUniform {
		t.Errorf("bridge b2-c3 cut in %d of %d policy playouts and %d uniform ones; want the policy to cut it ten times less", cutPolicy, n, cutUniform)
	}
	t.Logf("bridge cut: policy %d, uniform %d of %d", cutPolicy, cutUniform, n)
}
