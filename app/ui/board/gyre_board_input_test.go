package board

import (
	"testing"

	"gygy/engine/gyre"
)

func TestGyreInputTaps(t *testing.T) {
	pos, other := boardOf(t, "s.g.../....../......"), boardOf(t, "s.g.../.s..../......")
	type tap struct {
		cell        gyre.Cell
		pos         gyre.Board
		live, small bool
		want        bool // the cell is played
	}
	tests := []struct {
		name string
		taps []tap
	}{
		{"a click plays", []tap{{4, pos, true, false, true}}},
		{"nothing is played when no person may play", []tap{{4, pos, false, false, false}, {4, pos, false, true, false}}},
		{"a finger marks a cell first", []tap{{4, pos, true, true, false}, {4, pos, true, true, true}}},
		{"a finger on a neighbour moves the mark", []tap{{4, pos, true, true, false}, {5, pos, true, true, false}, {5, pos, true, true, true}}},
		{"a mark from another position is void", []tap{{4, pos, true, true, false}, {4, other, true, true, false}, {4, other, true, true, true}}},
		{"a click plays a marked cell's neighbour at once", []tap{{4, pos, true, true, false}, {5, pos, true, false, true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in gyreInput
			for i, tp := range tt.taps {
				if got := in.tap(tp.cell, tp.pos, tp.live, tp.small); got != tp.want {
					t.Fatalf("tap %d on cell %d: played = %v, want %v", i+1, tp.cell, got, tp.want)
				}
			}
			if last := tt.taps[len(tt.taps)-1]; last.want && in.marked(last.cell, last.pos) {
				t.Errorf("cell %d is still marked after it was played", last.cell)
			}
		})
	}
}

func TestGyreInputKeys(t *testing.T) {
	size := gyre.Size{Rings: 3, Cols: 6}
	tests := []struct {
		cell     gyre.Cell
		key      string
		wantNext gyre.Cell
		wantPlay bool
	}{
		{7, "ArrowRight", 8, false},
		{7, "ArrowLeft", 6, false},
		{6, "ArrowLeft", 11, false}, // round the ring
		{11, "ArrowRight", 6, false},
		{7, "ArrowUp", 13, false},  // outwards
		{13, "ArrowUp", 13, false}, // the outer ring stays
		{7, "ArrowDown", 1, false},
		{1, "ArrowDown", 1, false},
		{7, "Enter", -1, true},
		{7, " ", -1, true},
	}
	for _, tt := range tests {
		var in gyreInput
		got := in.key(size, tt.cell, tt.key, true)
		if got.next != tt.wantNext || got.play != tt.wantPlay || !got.changed {
			t.Errorf("key %q on cell %d = %+v, want next %d, play %v", tt.key, tt.cell, got, tt.wantNext, tt.wantPlay)
		}
		if tt.wantNext >= 0 && in.focusCell(size.Cells(), -1) != tt.wantNext {
			t.Errorf("key %q on cell %d: focus on %d, want %d", tt.key, tt.cell, in.focusCell(size.Cells(), -1), tt.wantNext)
		}
	}
	var in gyreInput
	if got := in.key(size, 7, "x", true); got.changed || got.play {
		t.Errorf("key x = %+v, want nothing", got)
	}
	if got := in.key(size, 7, "Enter", false); got.play {
		t.Errorf("Enter when no person may play plays the cell")
	}
	// An Enter that reaches the cell just left, right after an arrow,
	// plays the cell the arrow went to.
	in = gyreInput{}
	in.key(size, 7, "ArrowRight", true)
	if got := in.key(size, 7, "Enter", true); !got.play || got.cell != 8 {
		t.Errorf("Enter on cell 7 right after ArrowRight = %+v, want cell 8 played", got)
	}
	if got := (&gyreInput{}).focusCell(size.Cells(), 9); got != 9 {
		t.Errorf("focus without a cursor = %d, want the last move, 9", got)
	}
}

// The board's Legal comes from the engine: the empty cells, none once the
// game is over.
func TestGyreLegal(t *testing.T) {
	g, err := gyre.NewGame(gyre.Size{Rings: 3, Cols: 6}, gyre.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(gyre.Place(4)); err != nil {
		t.Fatal(err)
	}
	legal := Legal(g)
	for c, ok := range legal {
		if want := c != 4; ok != want {
			t.Errorf("legal[%d] = %v, want %v", c, ok, want)
		}
	}
	b := &Board{Legal: legal}
	if b.legal(4) || !b.legal(5) || b.legal(-1) || b.legal(gyre.Cell(len(legal))) {
		t.Errorf("Board.legal disagrees with its Legal")
	}
}

// boardOf parses a position in the engine's notation.
func boardOf(t *testing.T, pos string) gyre.Board {
	t.Helper()
	b, err := gyre.ParsePosition(pos)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", pos, err)
	}
	return b
}
