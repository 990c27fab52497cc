package worker

import (
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// The worker's answer is read at the edge, in the position it is for: a
// GYRE stone, a Gygès layout during a setup, a Gygès move after it.
func TestActionIn(t *testing.T) {
	if m, ok := actionIn("GYRE 3x6\na1", "b2").(gyre.Move); !ok || m == gyre.Swap {
		t.Errorf("GYRE stone = %#v", actionIn("GYRE 3x6\na1", "b2"))
	}
	if a := actionIn("GYGES\n321123", "123321"); a != (gyges.Layout{1, 2, 3, 3, 2, 1}) {
		t.Errorf("Gygès layout = %#v", a)
	}
	if a := actionIn("GYGES\n321123 123321", "c1-d4:a3"); !game.IsReplace(a) {
		t.Errorf("Gygès replace = %#v", a)
	}
	for _, tt := range [][2]string{{"GYRE 3x6", ""}, {"GYRE 3x6", "zz"}, {"nonsense", "a1"}, {"GYGES\n321123 123321", "321123"}} {
		if a := actionIn(tt[0], tt[1]); a != nil {
			t.Errorf("actionIn(%q, %q) = %#v, want nil", tt[0], tt[1], a)
		}
	}
}
