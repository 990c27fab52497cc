package gyre

import (
	"math/bits"
	"testing"
)

// TestDistancesByHand: boards worked out on paper. Rings are listed from
// the inner rim out; each step changes the ring or the column by at most
// one, so an empty board needs Rings stones to bridge and Cols to loop.
func TestDistancesByHand(t *testing.T) {
	for _, tc := range []struct {
		name         string
		pos          string
		bridge, loop int
	}{
		{"empty 3x6", "....../....../......", 3, 6},
		{"empty 5x10", "........../........../........../........../..........", 5, 10},
		// A full ring of Gyre but one cell, and a Spoke wall beside the gap.
		{"gyre one short", "....../ggg.gg/......", 3, 1},
		// b3 is Spoke's: the loop goes round it through a3 a4 or c2 c3,
		// and closes at b6; Spoke's bridge is a3 (or a4), b3, c2 (or c3).
		{"gyre detour", "....../ggsgg./......", 2, 3},
		// Column 1 is all Spoke: Spoke has won, no loop is left.
		{"spoke column", "s...../s...../s.....", 0, Far},
		// Spoke's column with one gap at b1, which Gyre holds: the
		// bridge must go round it.
		{"spoke around", "s...../g...../s.....", 2, 5},
		// Every ring holds a Gyre stone in column 1: Spoke's path is
		// still three cells long, through any other column.
		{"gyre column", "g...../g...../g.....", 3, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := mustPosition(t, tc.pos)
			if got := b.BridgeDistance(); got != tc.bridge {
				t.Errorf("BridgeDistance(%s) = %d, want %d", tc.pos, got, tc.bridge)
			}
			if got := b.LoopDistance(); got != tc.loop {
				t.Errorf("LoopDistance(%s) = %d, want %d", tc.pos, got, tc.loop)
			}
		})
	}
}

// TestDistancesBruteForce checks the distances against the smallest set of
// empty cells whose stones win, found by trying every set, on random small
// boards, and the cell maps against what a stone there does.
func TestDistancesBruteForce(t *testing.T) {
	rng := newRand(12)
	var d Distances
	sizes := []Size{{3, 6}, {4, 6}, {3, 7}, {5, 6}}
	checked := 0
	for i := 0; i < boards(t, 400); i++ {
		g := MustGeometry(sizes[i%len(sizes)])
		b := randomBoard(rng, g, 0.55)
		if b.Winner() != Empty {
			continue
		}
		var empty []Cell
		for c := 0; c < g.Cells(); c++ {
			if b.At(Cell(c)) == Empty {
				empty = append(empty, Cell(c))
			}
		}
		if len(empty) > 14 {
			continue
		}
		d.Measure(&b)
		checked++
		for _, col := range []Color{Spoke, Gyre} {
			want := fewestToWin(&b, empty, col)
			if got := d.Of(col); got != want {
				t.Fatalf("%s: %v distance %d, want %d (brute force)", b.String(), col, got, want)
			}
			for _, c := range empty {
				via := d.Via(col, c)
				if via < d.Of(col) {
					t.Fatalf("%s: %v via %s is %d, below the distance %d", b.String(), col, g.CellName(c), via, d.Of(col))
				}
				if via >= Far {
					continue
				}
				after := b
				after.Place(c, col)
				var da Distances
				da.Measure(&after)
				if got := da.Of(col); got > via-1 {
					t.Fatalf("%s: %v via %s is %d, but after a stone there the distance is %d", b.String(), col, g.CellName(c), via, got)
				}
			}
		}
	}
	if checked < boards(t, 400)/4 {
		t.Fatalf("only %d boards checked", checked)
	}
	t.Logf("%d boards checked", checked)
}

// fewestToWin is the size of the smallest set of the empty cells whose
// stones of col win b, or Far.
func fewestToWin(b *Board, empty []Cell, col Color) int {
	best := Far
	for set := uint32(0); set < 1<<len(empty); set++ {
		n := bits.OnesCount32(set)
		if n >= best {
			continue
		}
		after := *b
		for i, c := range empty {
			if set&(1<<i) != 0 {
				after.Place(c, col)
			}
		}
		if after.Winner() == col {
			best = n
		}
	}
	return best
}

// TestDistancesReuse: one Distances measures boards of different sizes in
// turn and gives what a fresh one gives.
func TestDistancesReuse(t *testing.T) {
	var d Distances
	for _, pos := range []string{"....../ggg.gg/......", "........../........../........../........../..........", "s...../g...../s....."} {
		b := mustPosition(t, pos)
		d.Measure(&b)
		if d.Loop() != b.LoopDistance() || d.Bridge() != b.BridgeDistance() {
			t.Errorf("%s: reused Distances says loop %d bridge %d, a fresh one %d and %d", pos, d.Loop(), d.Bridge(), b.LoopDistance(), b.BridgeDistance())
		}
	}
}

func BenchmarkDistances7x14(b *testing.B) {
	g := MustGeometry(Standard)
	board := randomBoard(newRand(5), g, 0.4)
	var d Distances
	b.ReportAllocs()
	for b.Loop() {
		d.Measure(&board)
	}
}

func BenchmarkDistances15x6(b *testing.B) {
	g := MustGeometry(Size{15, 6})
	board := randomBoard(newRand(5), g, 0.4)
	var d Distances
	b.ReportAllocs()
	for b.Loop() {
		d.Measure(&board)
	}
}
