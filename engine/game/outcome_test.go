package game

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func mustParse(t *testing.T, record string) Game {
	t.Helper()
	g, err := Parse(record)
	if err != nil {
		t.Fatalf("Parse(%q): %v", record, err)
	}
	return g
}

// The spec round-trips through the record's header and through the
// hello's three fields.
func TestSpecRoundTrip(t *testing.T) {
	for _, s := range []Spec{
		Standard(GYRE),
		{Kind: GYRE, Size: gyre.Size{Rings: 5, Cols: 10}, Gyre: gyre.NoSwap},
		{Kind: GYRE, Size: gyre.Standard, Gyre: gyre.Opening(3)},
		{Kind: GYRE, Size: gyre.Size{Rings: 3, Cols: 6}, Gyre: gyre.Opening(5)},
		{Kind: GYRE, Size: gyre.Standard, Gyre: gyre.GyreFirst},
		Standard(Gyges),
		{Kind: Gyges, Gyges: gyges.NoDisplace},
	} {
		text := s.String()
		got, err := ParseSpec(text)
		if err != nil || got != s {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", text, got, err, s)
		}
		got, err = SpecOf(s.Kind.String(), s.SizeText(), s.Variant())
		if err != nil || got != s {
			t.Errorf("SpecOf(%s, %q, %q) = %+v, %v; want %+v", s.Kind, s.SizeText(), s.Variant(), got, err, s)
		}
		g, err := s.New()
		if err != nil {
			t.Fatalf("%v.New(): %v", s, err)
		}
		if g.Spec() != s || strings.TrimSpace(g.Record()) != text {
			t.Errorf("%v.New(): spec %+v, record %q", s, g.Spec(), g.Record())
		}
	}
	for _, bad := range []string{"", "GYRE", "GYRE 2x6", "GYRE 7x14 swap", "GYRE 5x10 opening12", "GYRE 7x14 opening-1",
		"GYRE 3x6 opening6", "GYRE 7x14 noswap opening2", "GYRE 7x14 gyrefirst noswap", "GYRE 7x14 opening 2 x", "GYGES standard", "GYGES x y", "CHESS"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) = nil error", bad)
		}
	}
	for text, want := range map[string]Spec{
		"GYRE 7x14 opening 3": {Kind: GYRE, Size: gyre.Standard, Gyre: gyre.Opening(3)},
		"GYRE 7x14 opening0":  Standard(GYRE),
	} {
		if got, err := ParseSpec(text); err != nil || got != want {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
	if err := (Spec{Kind: GYRE, Size: gyre.Size{Rings: 3, Cols: 6}, Gyre: gyre.Opening(6)}).Valid(); err == nil {
		t.Error("Valid accepts opening6 on a 6-column board")
	}
	var k Kind
	if err := k.UnmarshalText([]byte("go")); err == nil {
		t.Errorf("UnmarshalText(go) = nil error")
	}
}

// The result names the way of winning (GYRE, Winning; Gygès, Winning).
func TestResultByTheRules(t *testing.T) {
	for _, tt := range []struct {
		record string
		want   Result
	}{
		{"GYRE 3x6\na1 b1", Result{}},
		{"GYRE 3x6\na1 a2 b1 b2 c1", Result{Winner: One, Method: Bridge}},
		// Player 2 swaps and so plays Spoke: their bridge wins for seat two.
		{"GYRE 3x6\na1 swap a2 b1 b2 c1", Result{Winner: Two, Method: Bridge}},
		{"GYRE 3x6 noswap\na1 b1 a2 b2 a3 b3 c1 b4 c2 b5 c3 b6", Result{Winner: Two, Method: Loop}},
		// opening 2: player 1 places b1 b2 (Gyre) and a4 (Spoke); player 2
		// keeps, so plays Gyre, and closes ring b for seat two.
		{"GYRE 3x6 opening2\nb1 b2 a4 b3 a5 b4 c5 b5 a6 b6", Result{Winner: Two, Method: Loop}},
		// The same opening swapped: player 1 plays Gyre and closes the loop.
		{"GYRE 3x6 opening2\nb1 b2 a4 swap b3 a5 b4 c5 b5 a6 b6", Result{Winner: One, Method: Loop}},
		// gyrefirst: player 1 plays Gyre and places the first stone.
		{"GYRE 3x6 gyrefirst\nb1 a1 b2 a2 b3 a3 b4 c1 b5 c2 b6", Result{Winner: One, Method: Loop}},
		{"GYRE 3x6 gyrefirst\nb2 a1 b3 b1 b4 c1", Result{Winner: Two, Method: Bridge}},
	} {
		if got := mustParse(t, tt.record).Result(); got != tt.want {
			t.Errorf("Result(%q) = %+v, want %+v", tt.record, got, tt.want)
		}
	}
	g := mustParse(t, "GYGES\n321123 123321")
	for g.Result().Method == Unfinished && g.Len() < 200 {
		legal := g.Legal(nil)
		// Prefer a goal move, so the game ends quickly.
		a := legal[0]
		for _, m := range legal {
			if m.(gyges.Move).IsGoal() {
				a = m
			}
		}
		if err := g.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	if r := g.Result(); r.Method != Goal || r.Winner != g.Last().Seat {
		t.Errorf("Gygès ended %+v, last mover %v", r, g.Last().Seat)
	}
}

// Resigning ends the game off the board; nothing may be played or undone
// after, and a clone keeps the result.
func TestResign(t *testing.T) {
	g := mustParse(t, "GYRE 3x6\na1 b1")
	if err := g.Resign(NoSeat); err == nil {
		t.Errorf("Resign(nobody) = nil error")
	}
	if err := g.Concede(One, Bridge); err == nil {
		t.Errorf("Concede(1, bridge) = nil error: a bridge is not off the board")
	}
	if err := g.Resign(Two); err != nil {
		t.Fatal(err)
	}
	want := Result{Winner: One, Method: Resignation}
	if g.Result() != want || g.Winner() != One || g.Turn() != NoSeat || g.Legal(nil) != nil {
		t.Errorf("after resigning: %+v, winner %v, turn %v", g.Result(), g.Winner(), g.Turn())
	}
	if err := PlayText(g, "c1"); !errors.Is(err, ErrOver) {
		t.Errorf("Play after resigning = %v, want ErrOver", err)
	}
	if _, err := g.Undo(); !errors.Is(err, ErrOver) {
		t.Errorf("Undo after resigning = %v, want ErrOver", err)
	}
	if err := g.Resign(One); !errors.Is(err, ErrOver) {
		t.Errorf("second Resign = %v, want ErrOver", err)
	}
	if c := g.Clone(); c.Result() != want {
		t.Errorf("clone's result %+v, want %+v", c.Result(), want)
	}
	if err := g.Concede(One, Timeout); !errors.Is(err, ErrOver) {
		t.Errorf("Concede after the end = %v", err)
	}
}

func TestActionsAndLast(t *testing.T) {
	g := mustParse(t, "GYRE 3x6\na1 swap b1")
	if got := Notations(g); !slices.Equal(got, []string{"a1", "swap", "b1"}) {
		t.Errorf("Actions = %q", got)
	}
	if l := g.Last(); g.Notation(l.Action) != "b1" || l.Seat != One {
		t.Errorf("Last = %+v, want b1 by player 1", l)
	}
	if l := mustParse(t, "GYRE 3x6").Last(); l.Action != nil || l.Seat != NoSeat {
		t.Errorf("Last at the start = %+v", l)
	}
	h := mustParse(t, "GYGES\n321123 123321 c1-c2")
	if got := Notations(h); !slices.Equal(got, []string{"321123", "123321", "c1-c2"}) {
		t.Errorf("Actions = %q", got)
	}
	l := h.Last()
	if h.Notation(l.Action) != "c1-c2" || l.Seat != One || l.Size != 1 || len(l.Path) < 2 || l.Path[0].Square.String() != "c1" {
		t.Errorf("Last = %+v (path %v)", l, l.Path)
	}
	if l := mustParse(t, "GYGES\n321123").Last(); l.Action != (gyges.Layout{3, 2, 1, 1, 2, 3}) || l.Seat != One || l.Path != nil {
		t.Errorf("Last after one setup = %+v", l)
	}
}

// A game may be aborted until both sides have acted; then it counts for
// nobody. After that only resigning ends it early.
func TestAbort(t *testing.T) {
	g := mustParse(t, "GYRE 3x6\na1")
	if err := g.Abort(); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r != (Result{Method: Aborted}) || g.Winner() != NoSeat || g.Turn() != NoSeat {
		t.Errorf("after abort: %+v, winner %v, turn %v", r, g.Winner(), g.Turn())
	}
	if err := mustParse(t, "GYGES\n321123 123321").Abort(); err == nil {
		t.Error("aborted a Gygès game after both setups")
	}
	h := mustParse(t, "GYRE 3x6\na1 b1")
	if err := h.Concede(One, Aborted); err == nil {
		t.Error("Concede(aborted) = nil error")
	}
	for _, r := range []Result{{Winner: Two, Method: Timeout}, {Winner: One, Method: Abandonment}} {
		k := h.Clone()
		if err := k.End(r); err != nil || k.Result() != r {
			t.Errorf("End(%+v): %v, result %+v", r, err, k.Result())
		}
	}
	for _, m := range []Method{Unfinished, Bridge, Loop, Goal, Resignation, Timeout, Abandonment, Aborted} {
		var back Method
		text, _ := m.MarshalText()
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Errorf("method %v round-trips to %v, %v", m, back, err)
		}
	}
}

// Last carries the action typed, and ReadAction reads the next
// action's notation into the same types: a setup while Gygès sets up,
// else a move.
func TestTypedActions(t *testing.T) {
	g := mustParse(t, "GYRE 3x6\na1 swap b1")
	geo := AsGyre(g).Geometry()
	if m, ok := g.Last().Action.(gyre.Move); !ok || geo.MoveName(m) != "b1" {
		t.Errorf("GYRE Last().Action = %#v", g.Last().Action)
	}
	if a, err := g.ReadAction("c2"); err != nil || geo.MoveName(a.(gyre.Move)) != "c2" {
		t.Errorf("ReadAction(c2) = %v, %v", a, err)
	}
	if _, err := g.ReadAction("zz"); err == nil {
		t.Error("ReadAction(zz) took it")
	}
	if l := mustParse(t, "GYRE 3x6").Last(); l.Action != nil {
		t.Errorf("Last().Action at the start = %#v", l.Action)
	}
	s := mustParse(t, "GYGES\n321123")
	if l, ok := s.Last().Action.(gyges.Layout); !ok || l.String() != "321123" {
		t.Errorf("Gygès Last().Action after a setup = %#v", s.Last().Action)
	}
	if a, err := s.ReadAction("123321"); err != nil || a.(gyges.Layout).String() != "123321" {
		t.Errorf("ReadAction(setup) = %v, %v", a, err)
	}
	h := mustParse(t, "GYGES\n321123 123321 c1-c2")
	if m, ok := h.Last().Action.(gyges.Move); !ok || m.String() != "c1-c2" || IsReplace(m) {
		t.Errorf("Gygès Last().Action = %#v", h.Last().Action)
	}
	a, err := h.ReadAction("d6-d3:a3")
	if err != nil || !IsReplace(a) || a.(gyges.Move).String() != "d6-d3:a3" {
		t.Errorf("ReadAction(replace) = %v, %v", a, err)
	}
	if IsReplace(nil) || IsReplace(gyre.Swap) {
		t.Error("IsReplace took a non-Gygès action")
	}
}
