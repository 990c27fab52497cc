package gyre

import (
	"math/rand/v2"
	"testing"
)

// Hand-drawn positions for the rulebook's Winning section. Rings are listed
// from the inner rim outwards, columns 1..C left to right.
func TestWinConditions(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		bridge bool // Spoke connects the rims
		loop   bool // Gyre goes around the hole
	}{
		{"empty board", "....../....../......", false, false},
		{"bridge along column 1 (it leans with the shear)", "s...../s...../s.....", true, false},
		{"bridge along column 4", "...s../...s../...s..", true, false},
		{"bridge leaning against the shear", ".s..../s...../.....s", true, false},
		{"bridge across the seam", "s...../.....s/.....s", true, false},
		{"bridge with a detour along a ring", "s...../ssss../...s..", true, false},
		{"near miss: diagonal gap is no adjacency", "s...../.s..../s.....", false, false},
		{"near miss: stops one ring short", "s...../s...../......", false, false},
		{"near miss: the outer ring alone", "....../....../ssssss", false, false},
		{"loop along one ring", "....../gggggg/......", false, true},
		{"loop along the inner rim", "gggggg/....../......", false, true},
		{"near miss: ring with one gap", "....../ggggg./......", false, false},
		{"loop stepping inwards through the seam", "g....g/ggggg./......", false, true},
		{"near miss: stepping outwards the wrong way", "g...../.ggggg/......", false, false},
		{"near miss: looks closed but the shear opens it", ".....g/ggggg./......", false, false},
		{"zigzag loop through all rings, no full ring", "g..gg..g/g.g.g.g./gg..gg..", false, true},
		{"zigzag with one cell missing", "g..gg.../g.g.g.g./gg..gg..", false, false},
		{"spiral loop winding through the shear", "ggg.../.gggg./g...gg", false, true},
		{"loop of Gyre blocks every Spoke bridge", "s.s.s./gggggg/s.s.s.", false, true},
		{"bridge of Spoke cuts the ring", "s...../sggggg/s.....", true, false},
		{"both colours, neither wins", "sg..../.sg.../g.s...", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustPosition(t, tc.pos)
			if got := b.Bridge(); got != tc.bridge {
				t.Errorf("Bridge(%s) = %v, want %v", tc.pos, got, tc.bridge)
			}
			if got := b.Loop(); got != tc.loop {
				t.Errorf("Loop(%s) = %v, want %v", tc.pos, got, tc.loop)
			}
			g := gridOf(&b)
			if refBridge(g) != tc.bridge || refLoop(g) != tc.loop {
				t.Errorf("reference on %s = bridge %v loop %v, want %v %v", tc.pos, refBridge(g), refLoop(g), tc.bridge, tc.loop)
			}
		})
	}
}

func TestWinningGroup(t *testing.T) {
	b := mustPosition(t, "s..g../s..g../sg.ggg")
	if b.Winner() != Spoke {
		t.Fatalf("Winner = %v, want spoke", b.Winner())
	}
	got := b.WinningGroup(nil)
	if len(got) != 3 {
		t.Fatalf("WinningGroup = %v, want the three cells of column 1", got)
	}
	for _, c := range got {
		if b.Geometry().Col(c) != 0 {
			t.Errorf("WinningGroup holds %s, not in column 1", b.Geometry().CellName(c))
		}
	}
	none := mustPosition(t, "s...../....../......")
	if got := none.WinningGroup(nil); len(got) != 0 {
		t.Errorf("WinningGroup with no winner = %v, want none", got)
	}
}

// randomBoard colours each cell independently: Spoke, Gyre or, with
// probability 1-density, empty.
func randomBoard(rng *rand.Rand, g *Geometry, density float64) Board {
	b := NewBoard(g)
	pSpoke := rng.Float64()
	for _, c := range rng.Perm(g.Cells()) {
		if rng.Float64() >= density {
			continue
		}
		col := Gyre
		if rng.Float64() < pSpoke {
			col = Spoke
		}
		b.Place(Cell(c), col)
	}
	return b
}

// brute-force counts, smaller in -short runs.
func boards(t *testing.T, n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

// TestMutualExclusion: on any board at most one side has won (rulebook,
// Winning, No draws), checked on random partial boards of many sizes.
func TestMutualExclusion(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := boards(t, 50_000)
	for i := 0; i < n; i++ {
		s := testSizes[i%len(testSizes)]
		b := randomBoard(rng, MustGeometry(s), rng.Float64())
		if b.Bridge() && b.Loop() {
			t.Fatalf("board %d has a bridge and a loop: %s", i, b.String())
		}
		if i%10 == 0 { // the reference is slow; check it on a tenth
			g := gridOf(&b)
			if refBridge(g) != b.Bridge() || refLoop(g) != b.Loop() {
				t.Fatalf("board %d: incremental bridge %v loop %v, reference %v %v: %s", i, b.Bridge(), b.Loop(), refBridge(g), refLoop(g), b.String())
			}
		}
	}
}

// TestNoDraw: on a full board exactly one side has won.
func TestNoDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := boards(t, 60_000)
	wins := map[Color]int{}
	for i := 0; i < n; i++ {
		s := testSizes[i%len(testSizes)]
		b := randomBoard(rng, MustGeometry(s), 1)
		if !b.Full() {
			t.Fatalf("board %d is not full", i)
		}
		if b.Bridge() == b.Loop() {
			t.Fatalf("full board %d: bridge %v, loop %v, want exactly one: %s", i, b.Bridge(), b.Loop(), b.String())
		}
		if i%10 == 0 {
			g := gridOf(&b)
			if refBridge(g) == refLoop(g) {
				t.Fatalf("full board %d: reference finds bridge %v loop %v: %s", i, refBridge(g), refLoop(g), b.String())
			}
		}
		wins[b.Winner()]++
	}
	if wins[Spoke] == 0 || wins[Gyre] == 0 {
		t.Errorf("wins = %v: the random boards should give both colours wins", wins)
	}
}

// TestIncrementalEqualsReference places random stones one at a time and
// compares the incremental flags with the reference after every stone.
func TestIncrementalEqualsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	games := boards(t, 300)
	for i := 0; i < games; i++ {
		s := testSizes[i%len(testSizes)]
		if s.Cells() > 200 {
			continue // the map-based reference is quadratic-ish; keep it quick
		}
		g := MustGeometry(s)
		b := NewBoard(g)
		pSpoke := rng.Float64()
		for _, c := range rng.Perm(g.Cells()) {
			col := Gyre
			if rng.Float64() < pSpoke {
				col = Spoke
			}
			b.Place(Cell(c), col)
			grid := gridOf(&b)
			if refBridge(grid) != b.Bridge() || refLoop(grid) != b.Loop() {
				t.Fatalf("after %s %s: incremental bridge %v loop %v, reference %v %v: %s",
					col, g.CellName(Cell(c)), b.Bridge(), b.Loop(), refBridge(grid), refLoop(grid), b.String())
			}
		}
	}
}

// TestBoardIsAValue checks that a copied board is independent.
func TestBoardIsAValue(t *testing.T) {
	a := mustPosition(t, "....../ggggg./......")
	b := a
	b.Place(MustGeometry(Size{3, 6}).At(1, 5), Gyre)
	if a.Loop() || !b.Loop() {
		t.Errorf("after placing on a copy: original loop %v, copy loop %v; want false, true", a.Loop(), b.Loop())
	}
	if a.String() == b.String() {
		t.Errorf("copy shares stones with the original")
	}
}
