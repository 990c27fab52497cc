package play

import (
	"testing"

	"gygy/engine/gyre"
)

// The game screen tells player 1 which stone of an opening comes next.
func TestOpeningStep(t *testing.T) {
	for _, tt := range []struct{ record, want string }{
		{"GYRE 5x10 opening3", "place Gyre stone 1 of 3, then one Spoke stone."},
		{"GYRE 5x10 opening3 c1 c4", "place Gyre stone 3 of 3, then one Spoke stone."},
		{"GYRE 5x10 opening3 c1 c4 c7", "place the opening's Spoke stone; then player 2 keeps Gyre or swaps."},
		{"GYRE 5x10 opening3 c1 c4 c7 b2", ""},
		{"GYRE 5x10 opening1 c1", "place the opening's Spoke stone; then player 2 keeps Gyre or swaps."},
		{"GYRE 5x10", ""},
		{"GYRE 5x10 noswap", ""},
	} {
		g, err := gyre.ParseRecord(tt.record)
		if err != nil {
			t.Fatal(err)
		}
		if got := openingStep(g); got != tt.want {
			t.Errorf("%s: openingStep = %q, want %q", tt.record, got, tt.want)
		}
	}
}
