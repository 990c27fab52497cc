package screen

import (
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyre"
)

// An online offer names the opening rule with its K.
func TestDescribeOpening(t *testing.T) {
	for _, tt := range []struct {
		v    gyre.Variant
		want string
	}{
		{gyre.Classic, "GYRE 7 × 14"},
		{gyre.NoSwap, "GYRE 7 × 14, without the swap rule"},
		{gyre.Opening(9), "GYRE 7 × 14, with opening 9"},
		{gyre.GyreFirst, "GYRE 7 × 14, Gyre first, without the swap rule"},
	} {
		if got := Describe(game.Spec{Kind: game.GYRE, Size: gyre.Standard, Gyre: tt.v}); got != tt.want {
			t.Errorf("Describe(%q) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
