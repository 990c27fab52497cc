package board

import (
	"slices"
	"strings"
	"testing"

	"gygy/engine/gyges"
)

// A square's classes and its label come from one look, so that what the
// stylesheet marks is what a screen reader hears.
func TestSquareLook(t *testing.T) {
	a1 := gyges.SquareAt(0, 0)
	tests := []struct {
		look      squareLook
		size      int
		wantClass string
		wantLabel string
	}{
		{squareLook{}, 0, "sq", "a1, empty"},
		{squareLook{dark: true, active: true}, 3, "sq dark active", "a1, 3-ring piece, active row"},
		{squareLook{mark: markTarget}, 0, "sq target", "a1, empty, can end here"},
		{squareLook{mark: markStay, active: true}, 2, "sq active target home", "a1, 2-ring piece, active row, can end here"},
		{squareLook{mark: markReplace, last: true}, 1, "sq last replace", "a1, 1-ring piece, can replace this piece"},
		{squareLook{mark: markDrop}, 0, "sq drop", "a1, empty, the displaced piece can go here"},
		{squareLook{setupRow: true}, 0, "sq setup-row", "a1, empty"},
	}
	for _, tt := range tests {
		if got := strings.Join(tt.look.classes(), " "); got != tt.wantClass {
			t.Errorf("%+v: classes = %q, want %q", tt.look, got, tt.wantClass)
		}
		if got := tt.look.label(a1, tt.size); got != tt.wantLabel {
			t.Errorf("%+v: label = %q, want %q", tt.look, got, tt.wantLabel)
		}
	}
}

// The board marks what its Dests offer for the picked piece, and nothing
// it was not given.
func TestGygesBoardMarksTheDests(t *testing.T) {
	p, err := gyges.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	a1 := gyges.SquareAt(0, 0)
	b := &GygesBoard{Pos: p, Dests: p.Dests(), Side: p.Side(), Live: true, in: newGygesInput()}
	b.in.sel = a1
	marked := func(mark squareMark) []string {
		var out []string
		for s := gyges.Square(0); s < gyges.NumSquares; s++ {
			if b.look(s, b.offer(), b.in.picked()).mark == mark {
				out = append(out, s.String())
			}
		}
		return out
	}
	if got := marked(markTarget); !slices.Equal(got, []string{"c2", "b3", "a4"}) {
		t.Errorf("targets of a1 = %v, want c2 b3 a4", got)
	}
	if got := marked(markReplace); !slices.Equal(got, []string{"b1"}) {
		t.Errorf("replace targets of a1 = %v, want b1", got)
	}
	b.in.replaceTo = gyges.SquareAt(1, 0)
	if got := marked(markDrop); len(got) == 0 || slices.Contains(got, "a6") {
		t.Errorf("drops of a1 replacing b1 = %v, want some, not a6", got)
	}
	b.Dests = gyges.Dests{Row: -1}
	b.in.replaceTo = gyges.NoSquare
	for _, mark := range []squareMark{markTarget, markReplace, markStay} {
		if got := marked(mark); len(got) > 0 {
			t.Errorf("with no Dests the board marks %v", got)
		}
	}
	if got := b.look(a1, b.offer(), a1); got.active {
		t.Errorf("with no Dests the board marks an active row")
	}
}
