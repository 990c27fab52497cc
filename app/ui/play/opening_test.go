package play

import (
	"testing"

	"gygy/engine/gyre"
)

// The game screen tells player 1 (not the person here) which stone of an opening comes next.
func TestOpeningStep(t *testing.T) {
	for _, tt := range []struct{ record, want string }{
		{"GYRE 5x10 opening3", "Player 1: place Gyre stone 1 of 3, then one Spoke stone."},
		{"GYRE 5x10 opening3 c1 c4", "Player 1: place Gyre stone 3 of 3, then one Spoke stone."},
		{"GYRE 5x10 opening3 c1 c4 c7", "Player 1: place the opening's Spoke stone; then player 2 keeps Gyre or swaps."},
		{"GYRE 5x10 opening3 c1 c4 c7 b2", ""},
		{"GYRE 5x10 opening1 c1", "Player 1: place the opening's Spoke stone; then player 2 keeps Gyre or swaps."},
		{"GYRE 5x10", ""},
		{"GYRE 5x10 noswap", ""},
	} {
		g, err := gyre.ParseRecord(tt.record)
		if err != nil {
			t.Fatal(err)
		}
		if got := openingStep(g, "Player 1", false); got != tt.want {
			t.Errorf("%s: openingStep = %q, want %q", tt.record, got, tt.want)
		}
	}
}

// Player 2's first stone after the offer to swap is a keep, which the
// status says as it says a swap; later stones, a swap, and games without
// the swap say nothing of it.
func TestKeptSides(t *testing.T) {
	for _, tt := range []struct {
		record string
		want   bool
	}{
		{"GYRE 5x10 opening1 c1 c4 b5", true},
		{"GYRE 5x10 c1 b5", true},
		{"GYRE 5x10 opening1 c1 c4", false},
		{"GYRE 5x10 opening1 c1 c4 swap b5", false},
		{"GYRE 5x10 opening1 c1 c4 b5 a2", false},
		{"GYRE 5x10 noswap c1 b5", false},
	} {
		g, err := gyre.ParseRecord(tt.record)
		if err != nil {
			t.Fatal(err)
		}
		if got := keptSides(g); got != tt.want {
			t.Errorf("%s: keptSides = %v, want %v", tt.record, got, tt.want)
		}
	}
}
