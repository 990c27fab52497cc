package gyges

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// newTestGame replays a record.
func newTestGame(t *testing.T, record string) *Game {
	t.Helper()
	g, err := ParseRecord(record)
	if err != nil {
		t.Fatalf("ParseRecord(%q): %v", record, err)
	}
	return g
}

func TestGameFlow(t *testing.T) {
	g := NewGame(Standard)
	steps := []struct {
		do    func() error
		phase Phase
	}{
		{func() error { return nil }, SouthSetup},
		{func() error { return g.Setup(Layout{3, 2, 1, 1, 2, 3}) }, NorthSetup},
		{func() error { return g.Setup(Layout{1, 2, 3, 3, 2, 1}) }, Playing},
		{func() error { return g.Play(mustMove(t, "c1-c2")) }, Playing},
		{func() error { return g.Play(mustMove(t, "a6-a5")) }, Playing},
	}
	for i, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := g.Phase(); got != st.phase {
			t.Fatalf("step %d: Phase() = %v, want %v", i, got, st.phase)
		}
	}
	want := "GYGES\n321123 123321 c1-c2 a6-a5"
	if got := g.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := g.Position().String(); got != "32.123/..1.../....../....../1...../.23321 S" {
		t.Errorf("Position() = %s", got)
	}
	for i := len(steps) - 1; i > 0; i-- {
		if err := g.Undo(); err != nil {
			t.Fatalf("Undo %d: %v", i, err)
		}
		if got := g.Phase(); got != steps[i-1].phase {
			t.Errorf("after Undo %d: Phase() = %v, want %v", i, got, steps[i-1].phase)
		}
	}
	if err := g.Undo(); !errors.Is(err, ErrNoUndo) {
		t.Errorf("Undo at the start = %v, want ErrNoUndo", err)
	}
	if got := g.Position(); got != (Position{}) {
		t.Errorf("Position() after undoing everything = %s, want an empty board", got)
	}
}

func TestGameWinner(t *testing.T) {
	// A seeded random game that takes a goal move as soon as it has one
	// (rulebook, Goals and winning).
	r := rand.New(rand.NewPCG(9, 10))
	g := NewGame(Standard)
	for _, l := range []Layout{RandomLayout(r), RandomLayout(r)} {
		if err := g.Setup(l); err != nil {
			t.Fatal(err)
		}
	}
	var last Move
	for ply := 0; g.Phase() == Playing; ply++ {
		if ply == 500 {
			t.Fatalf("no winner after 500 plies: %s", g)
		}
		moves := g.Position().Moves(nil)
		last = moves[r.IntN(len(moves))]
		for _, m := range moves {
			if m.IsGoal() {
				last = m
			}
		}
		if _, over := g.Winner(); over {
			t.Fatalf("Winner() before the goal move in %s", g.Position())
		}
		mover := g.Position().Side()
		if err := g.Play(last); err != nil {
			t.Fatal(err)
		}
		if w, over := g.Winner(); over && (w != mover || !last.IsGoal() || g.Phase() != Over) {
			t.Errorf("after %s: Winner() = %v, Phase %v, want %v, over", last, w, g.Phase(), mover)
		}
	}
	if err := g.Play(last); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after the win = %v, want ErrGameOver", err)
	}
	back := newTestGame(t, g.String())
	if back.Position() != g.Position() || back.String() != g.String() {
		t.Errorf("ParseRecord(%q) gives %s, want %s", g.String(), back.Position(), g.Position())
	}
}

func TestGamePhase(t *testing.T) {
	g := newTestGame(t, "GYGES\n321123")
	if err := g.Play(mustMove(t, "c1-c2")); !errors.Is(err, ErrPhase) || !strings.Contains(err.Error(), "during North's setup") {
		t.Errorf("Play during setup = %v, want ErrPhase", err)
	}
	if err := g.Setup(Layout{1, 1, 1, 2, 2, 2}); !errors.Is(err, ErrSetup) {
		t.Errorf("Setup(111222) = %v, want ErrSetup", err)
	}
	if err := g.Setup(Layout{1, 1, 2, 2, 3, 3}); err != nil {
		t.Fatal(err)
	}
	if err := g.Setup(Layout{1, 1, 2, 2, 3, 3}); !errors.Is(err, ErrPhase) {
		t.Errorf("a third Setup = %v, want ErrPhase", err)
	}
}

func TestPlayRejectsAndKeepsState(t *testing.T) {
	tests := []struct {
		name, pos, move string
		is              error
		want            string
	}{
		{"cannot reach", startFEN, "c1-c4", ErrIllegalMove, "the 1-ring piece on c1 cannot end on c4"},
		{"outside the active row", startFEN, "c6-c5", ErrIllegalMove, "c6 is not in South's active row (row 1)"},
		{"no piece", startFEN, "c3-c4", ErrIllegalMove, "no piece on c3"},
		{"replace without a drop", startFEN, "c1-b1", ErrIllegalMove, "b1 is occupied: a replace names where its piece goes"},
		{"drop on a piece", startFEN, "c1-b1:a1", ErrIllegalMove, "drop square a1 is occupied"},
		{"drop behind the row", "..12../....../....../....../..3.../...... S", "c1-d1:a6", ErrIllegalMove, "drop square a6 is behind North's active row (row 5)"},
		{"drop with an empty destination", startFEN, "c1-c2:a3", ErrIllegalMove, "c2 is empty"},
		{"nodisplace", startFEN + " nodisplace", "c1-b1:a3", ErrIllegalMove, "replacing is not allowed in nodisplace"},
		{"pass with moves", startFEN, "pass", ErrIllegalMove, "South has legal moves in row 1"},
		{"goal out of reach", startFEN, "c1-G", ErrIllegalMove, "cannot reach North's goal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			before := p
			err := p.Play(mustMove(t, tt.move))
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Play(%s) in %s = %v, want %v saying %q", tt.move, tt.pos, err, tt.is, tt.want)
			}
			if p != before {
				t.Errorf("Play(%s) changed the position to %s", tt.move, p)
			}
		})
	}
}

func TestParseRecordErrors(t *testing.T) {
	tests := []struct {
		name, in string
		is       error
		want     string
	}{
		{"empty", "", ErrNotation, `header ""`},
		{"wrong header", "GYRE 7x14\n", ErrNotation, `header "GYRE 7x14"`},
		{"unknown variant", "GYGES wild\n", ErrNotation, `unknown variant "wild"`},
		{"bad setup", "GYGES\n321124", ErrNotation, `South's setup "321124"`},
		{"uneven setup", "GYGES\n321123 333111", ErrSetup, `North's setup "333111"`},
		{"bad move", "GYGES\n321123 321123 c1-c9", ErrNotation, `move 1 (South to play) "c1-c9"`},
		{"illegal move", "GYGES\n321123 321123 c1-c2 d1-d2", ErrIllegalMove, `move 2 (North to play) "d1-d2": gyges: illegal move: d1-d2: d1 is not in North's active row (row 6)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRecord(tt.in)
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseRecord(%q) = %v, want %v saying %q", tt.in, err, tt.is, tt.want)
			}
		})
	}
}

func TestRecordRoundTrip(t *testing.T) {
	for _, rec := range []string{
		"GYGES\n",
		"GYGES\n321123",
		"GYGES nodisplace\n321123 123321 c1-a2 c6-e4",
		"GYGES\n231132 312213 c1-c2 b6-c6:b6",
	} {
		g := newTestGame(t, rec)
		if got := g.String(); got != rec {
			t.Errorf("ParseRecord(%q).String() = %q", rec, got)
		}
	}
	// White space between tokens is free, including Windows line ends.
	g := newTestGame(t, "GYGES \r\n 321123\n123321\tc1-c2 \r\n")
	if got, want := g.String(), "GYGES\n321123 123321 c1-c2"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g, err := ParseRecord("GYGES\n321123 123321 a1-a4")
	if err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	if err := c.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := c.Undo(); err != nil {
		t.Fatal(err)
	}
	if got, want := g.String(), "GYGES\n321123 123321 a1-a4"; got != want {
		t.Errorf("original after undoing the clone = %q, want %q", got, want)
	}
	if got, want := c.String(), "GYGES\n321123"; got != want {
		t.Errorf("clone = %q, want %q", got, want)
	}
}
