package gyges

import "testing"

// The generator's shortcuts over the run table agree with the table: a
// square is in goalFrom exactly when it has goal runs, and endBit is end.
func TestWalkTableShortcuts(t *testing.T) {
	for _, mover := range []Side{South, North} {
		for s := Square(0); s < NumSquares; s++ {
			for n := int8(1); n <= 3; n++ {
				has := len(walks.goalRuns(mover, s, n)) > 0
				if got := walks.goalFrom[mover][n].Has(s); got != has {
					t.Errorf("goalFrom[%s][%d].Has(%s) = %v, want %v", mover, n, s, got, has)
				}
			}
		}
	}
	for _, w := range walks.all {
		want := SquareSet(0)
		if w.end != Goal {
			want = bit(w.end)
		}
		if w.endBit != want {
			t.Errorf("run ending on %s: endBit = %s, want %s", w.end, w.endBit, want)
		}
	}
}
