package learn

import (
	"context"
	"errors"
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// read reads a move of lesson l on b, in notation: the lessons' tests
// read like the rulebook.
func read(t *testing.T, l Lesson, b Board, text string) game.Action {
	t.Helper()
	var a game.Action
	var err error
	if l.Game == GameGyges {
		a, err = gyges.ParseMove(text)
	} else {
		a, err = b.Gyre.Geometry().ParseMove(text)
	}
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return a
}

// solutions completes every lesson; wrongs are legal actions that miss
// the task ("" where every legal action is right).
var solutions = map[string]struct {
	actions []string
	wrong   string
}{
	"gyre-stone":     {[]string{"c3"}, ""},
	"gyre-bridge":    {[]string{"c1"}, "c5"},
	"gyre-loop":      {[]string{"c8"}, "b8"},
	"gyre-block":     {[]string{"c1"}, "c4"},
	"gyre-two-cell":  {[]string{"b2"}, "d2"},
	"gyre-swap":      {[]string{"swap"}, "d4"},
	"gyre-fair":      {[]string{"a1", "b4", "c7", "e2"}, ""},
	"gyges-row":      {[]string{"d2-d4"}, ""},
	"gyges-rings":    {[]string{"c1-c4"}, "c1-d3"},
	"gyges-turns":    {[]string{"c1-d2"}, "c1-b2"},
	"gyges-bounce":   {[]string{"c1-c4"}, "c1-b1"},
	"gyges-chain":    {[]string{"c1-c6"}, "c1-d1"},
	"gyges-replace":  {[]string{"c1-c3:a4"}, "c1-c4"},
	"gyges-fallback": {[]string{"a2-a3"}, ""},
	"gyges-goal":     {[]string{"c5-G"}, "c5-c3"},
}

func TestEveryLessonCompletes(t *testing.T) {
	all := All()
	if len(all) != len(solutions) {
		t.Errorf("%d lessons, %d solutions", len(all), len(solutions))
	}
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			sol, ok := solutions[l.ID]
			if !ok {
				t.Fatalf("no solution for %s", l.ID)
			}
			b, err := l.Start()
			if err != nil {
				t.Fatalf("Start() = %v", err)
			}
			for i, a := range sol.actions {
				var v Verdict
				b, v, err = l.Play(b, read(t, l, b, a))
				if err != nil {
					t.Fatalf("Play(%s) = %v", a, err)
				}
				want := More
				if i == len(sol.actions)-1 {
					want = Done
				}
				if v != want {
					t.Fatalf("Play(%s) = %v, want %v", a, v, want)
				}
			}
			if sol.wrong == "" {
				return
			}
			start, _ := l.Start()
			if _, v, err := l.Play(start, read(t, l, start, sol.wrong)); err != nil || v != Again {
				t.Errorf("Play(%s) = %v, %v; want again, nil", sol.wrong, v, err)
			}
		})
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	l, _ := ByID("gyre-bridge")
	b, _ := l.Start()
	before := b.Gyre.Position()
	if _, _, err := l.Play(b, read(t, l, b, "a1")); !errors.Is(err, gyre.ErrIllegalMove) {
		t.Errorf("Play(a1 occupied) = %v, want ErrIllegalMove", err)
	}
	if b.Gyre.Position() != before {
		t.Errorf("the board changed after a refused stone")
	}
	g, _ := ByID("gyges-row")
	gb, _ := g.Start()
	if _, _, err := g.Play(gb, read(t, g, gb, "c3-c4")); !errors.Is(err, gyges.ErrIllegalMove) {
		t.Errorf("Play(c3-c4 outside the active row) = %v, want ErrIllegalMove", err)
	}
}

// TestTwoCellBridgeAnswer proves the lesson's claim: after b2 Spoke wins
// against every defence, and after Gyre's intrusion Spoke's chain needs b2.
func TestTwoCellBridgeAnswer(t *testing.T) {
	l, _ := ByID("gyre-two-cell")
	b, _ := l.Start()
	after, _, err := l.Play(b, read(t, l, b, "b2"))
	if err != nil {
		t.Fatal(err)
	}
	pos := after.Gyre.Board()
	sv, err := solve.New(pos.Size(), solve.Config{TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sv.Solve(context.Background(), &pos, gyre.Gyre)
	if err != nil || res.Winner() != gyre.Spoke {
		t.Errorf("after b2: winner %v, %v; want spoke", res.Winner(), err)
	}
}

// TestGygesLessonClaims checks what the texts say: the active rows and
// the bounces the moves make.
func TestGygesLessonClaims(t *testing.T) {
	rows := map[string]int{"gyges-row": 1, "gyges-fallback": 1, "gyges-goal": 4}
	for id, want := range rows {
		l, _ := ByID(id)
		b, _ := l.Start()
		if got, ok := b.Gyges.ActiveRow(); !ok || got != want {
			t.Errorf("%s: ActiveRow() = %d, %v; want %d", id, got, ok, want)
		}
	}
	bounces := map[string]int{"gyges-bounce": 1, "gyges-chain": 2}
	for id, want := range bounces {
		l, _ := ByID(id)
		b, _ := l.Start()
		m, _ := gyges.ParseMove(solutions[id].actions[0])
		path, err := b.Gyges.Path(m)
		if err != nil {
			t.Fatalf("%s: Path = %v", id, err)
		}
		n := 0
		for _, s := range path {
			if s.Bounce {
				n++
			}
		}
		if n != want {
			t.Errorf("%s: %d bounces in %v, want %d", id, n, path, want)
		}
	}
	// The replace lesson: row 6 is behind North's active row.
	l, _ := ByID("gyges-replace")
	b, _ := l.Start()
	c1, _ := gyges.ParseSquare("c1")
	c3, _ := gyges.ParseSquare("c3")
	drops := b.Gyges.Drops(c1, c3)
	for col := 0; col < gyges.Size; col++ {
		if drops&(1<<gyges.SquareAt(col, 5)) != 0 {
			t.Errorf("a drop on row 6 is offered: %v", gyges.SquareAt(col, 5))
		}
	}
}

func TestNextAndByID(t *testing.T) {
	for _, game := range []string{GameGyre, GameGyges} {
		ls := Of(game)
		for i, l := range ls {
			n, ok := Next(l)
			if ok != (i+1 < len(ls)) || (ok && n.ID != ls[i+1].ID) {
				t.Errorf("Next(%s) = %s, %v", l.ID, n.ID, ok)
			}
		}
	}
	if _, err := ByID("nope"); !errors.Is(err, ErrUnknown) {
		t.Errorf("ByID(nope) = %v, want ErrUnknown", err)
	}
}
