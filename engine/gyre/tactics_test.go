package gyre

import (
	"slices"
	"testing"
)

func cellNames(b *Board, cells []Cell) []string {
	var out []string
	for _, c := range cells {
		out = append(out, b.Geometry().CellName(c))
	}
	return out
}

func TestWinningCells(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		col    Color
		wins   []string
		double bool
	}{
		// Spoke's a1 b1 c1 d1 on five rings: e1 or e10 completes the bridge.
		{"sg.g....../s...g...../s...g...../s........./..........", Spoke, []string{"e1", "e10"}, true},
		{"sg.g....../s...g...../s...g...../s........./..........", Gyre, nil, false},
		{"s...../....../s.....", Spoke, []string{"b1"}, true},
		{"ggggg./....../......", Gyre, []string{"a6"}, true},
		{"gggg../....../......", Spoke, nil, false},
		{"....../....../......", Spoke, nil, false},
	} {
		b, err := ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := cellNames(&b, b.WinningCells(nil, tc.col)); !slices.Equal(got, tc.wins) {
			t.Errorf("WinningCells(%s, %s) = %v, want %v", tc.pos, tc.col, got, tc.wins)
		}
		cell, ok := b.DoubleThreat(tc.col)
		if ok != tc.double {
			t.Errorf("DoubleThreat(%s, %s) = %v, want %v", tc.pos, tc.col, ok, tc.double)
		}
		if ok {
			after := b
			after.Place(cell, tc.col)
			if n := len(after.WinningCells(nil, tc.col)); n < 2 {
				t.Errorf("DoubleThreat(%s, %s) = %s, which makes %d winning cells", tc.pos, tc.col, b.Geometry().CellName(cell), n)
			}
		}
	}
}

// Every empty cell is either a winning cell or, once filled, not a win:
// WinningCells agrees with playing each stone, on random positions.
func TestWinningCellsAgreeWithPlacing(t *testing.T) {
	geo := MustGeometry(Size{Rings: 5, Cols: 6})
	rng := newRand(7)
	for i := 0; i < 200; i++ {
		b := NewBoard(geo)
		for n := 0; n < i%20; n++ {
			var empty []Cell
			for c := 0; c < geo.Cells(); c++ {
				if b.At(Cell(c)) == Empty {
					empty = append(empty, Cell(c))
				}
			}
			next := b
			next.Place(empty[rng.IntN(len(empty))], Color(1+n%2))
			if next.Winner() != Empty {
				break
			}
			b = next
		}
		for _, col := range []Color{Spoke, Gyre} {
			wins := b.WinningCells(nil, col)
			for c := 0; c < geo.Cells(); c++ {
				if b.At(Cell(c)) != Empty {
					continue
				}
				after := b
				after.Place(Cell(c), col)
				if (after.Winner() == col) != slices.Contains(wins, Cell(c)) {
					t.Fatalf("%s: %s at %s wins %v, but WinningCells = %v", b.String(), col, geo.CellName(Cell(c)), after.Winner() == col, cellNames(&b, wins))
				}
			}
		}
	}
}
