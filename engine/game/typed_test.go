package game

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// mustRead reads an action of g's notation, for tests written like the
// rulebook.
func mustRead(t *testing.T, g Game, text string) Action {
	t.Helper()
	a, err := g.ReadAction(text)
	if err != nil {
		t.Fatalf("ReadAction(%q): %v", text, err)
	}
	return a
}

// Each kind of action plays typed: a stone and the swap in GYRE, the
// setups, a move, a replace and a pass in Gygès.
func TestPlayTyped(t *testing.T) {
	g := mustParse(t, "GYRE 3x6")
	geo := AsGyre(g).Geometry()
	c1, _ := geo.ParseCell("a1")
	for _, a := range []Action{gyre.Place(c1), gyre.Swap} {
		if err := g.Play(a); err != nil {
			t.Fatalf("Play(%#v): %v", a, err)
		}
	}
	if got, want := g.Record(), "GYRE 3x6\na1 swap"; got != want {
		t.Errorf("record %q, want %q", got, want)
	}
	if err := g.Play(gyre.Place(c1)); !errors.Is(err, gyre.ErrIllegalMove) || g.Len() != 2 {
		t.Errorf("Play(a1) on a taken cell = %v (len %d), want ErrIllegalMove, nothing changed", err, g.Len())
	}

	h := mustParse(t, "GYGES")
	for _, l := range []gyges.Layout{{3, 2, 1, 1, 2, 3}, {1, 2, 3, 3, 2, 1}} {
		if err := h.Play(l); err != nil {
			t.Fatalf("Play(%v): %v", l, err)
		}
	}
	if err := h.Play(mustRead(t, h, "c1-c2")); err != nil {
		t.Fatal(err)
	}
	if got, want := h.Record(), "GYGES\n321123 123321 c1-c2"; got != want {
		t.Errorf("record %q, want %q", got, want)
	}
	if err := h.Play(gyges.Pass); !errors.Is(err, gyges.ErrIllegalMove) {
		t.Errorf("Play(pass) with moves at hand = %v, want ErrIllegalMove", err)
	}

	// A pass is a gyges.Move like any other: refused above while moves
	// are at hand, and written and read as the record writes it.
	if a := mustRead(t, h, "pass"); a != gyges.Pass || h.Notation(a) != "pass" {
		t.Errorf("ReadAction(pass) = %#v, written %q", a, h.Notation(a))
	}
}

// An action of the other game, of the other phase, or of no game is an
// error wrapping ErrWrongAction, and changes nothing.
func TestPlayWrongAction(t *testing.T) {
	for _, tt := range []struct {
		record string
		action Action
	}{
		{"GYRE 3x6", gyges.Pass},
		{"GYRE 3x6", gyges.Layout{3, 2, 1, 1, 2, 3}},
		{"GYRE 3x6", "a1"},
		{"GYRE 3x6", nil},
		{"GYRE 3x6", 3},
		{"GYGES", gyre.Swap},
		{"GYGES", gyges.PlainMove(0, 6)},
		{"GYGES\n321123 123321", gyges.Layout{3, 2, 1, 1, 2, 3}},
		{"GYGES\n321123 123321", "c1-c2"},
		{"GYGES\n321123", nil},
	} {
		g := mustParse(t, tt.record)
		before := g.Record()
		if err := g.Play(tt.action); !errors.Is(err, ErrWrongAction) {
			t.Errorf("%q: Play(%#v) = %v, want ErrWrongAction", tt.record, tt.action, err)
		}
		if g.Record() != before {
			t.Errorf("%q: a refused action changed the record to %q", tt.record, g.Record())
		}
	}
	if err := mustParse(t, "GYRE 3x6").Play(gyre.Move(500)); !errors.Is(err, gyre.ErrIllegalMove) {
		t.Errorf("Play(a cell off the board) = %v, want ErrIllegalMove", err)
	}
}

// randomGame plays a random game of spec to its end or n actions.
func randomGame(t *testing.T, spec Spec, seed uint64, n int) Game {
	t.Helper()
	g, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for g.Turn() != NoSeat && g.Len() < n {
		legal := g.Legal(nil)
		if err := g.Play(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

var typedSpecs = []Spec{
	{Kind: GYRE, Size: gyre.Size{Rings: 5, Cols: 10}},
	{Kind: GYRE, Size: gyre.Size{Rings: 4, Cols: 8}, Gyre: gyre.Opening(2)},
	{Kind: Gyges},
	{Kind: Gyges, Gyges: gyges.NoDisplace},
}

// At(k) is the game its record's first k actions replay to, a copy that
// changes neither the game nor the positions it keeps.
func TestAtIsReplay(t *testing.T) {
	for i, spec := range typedSpecs {
		g := randomGame(t, spec, uint64(i), 60)
		acts := Notations(g)
		for _, k := range []int{g.Len(), 0, g.Len() / 2, 1, g.Len() - 1, g.Len() / 2} {
			at, err := g.At(k)
			if err != nil {
				t.Fatalf("%s: At(%d): %v", spec, k, err)
			}
			want, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range acts[:k] {
				if err := PlayText(want, a); err != nil {
					t.Fatal(err)
				}
			}
			if at.Record() != want.Record() || at.Key() != want.Key() || at.Turn() != want.Turn() || at.Result() != want.Result() {
				t.Errorf("%s: At(%d) = %q (key %x), replay %q (key %x)", spec, k, at.Record(), at.Key(), want.Record(), want.Key())
			}
			if k < g.Len() {
				at.Play(at.Legal(nil)[0]) // a copy: the kept position stays
			}
		}
		again, _ := g.At(g.Len() / 2)
		if want, _ := Parse(spec.String() + "\n" + joinFirst(acts, g.Len()/2)); again.Record() != want.Record() {
			t.Errorf("%s: a played copy changed the kept position: %q", spec, again.Record())
		}
		for _, k := range []int{-1, g.Len() + 1} {
			if _, err := g.At(k); err == nil {
				t.Errorf("%s: At(%d) of %d actions = nil error", spec, k, g.Len())
			}
		}
	}
	// Undo drops the positions after it: At asks the game as it is now.
	g := mustParse(t, "GYRE 3x6\na1 b1 c1")
	g.At(2)
	g.Undo()
	g.Undo()
	PlayText(g, "c2")
	if at, _ := g.At(2); at.Record() != "GYRE 3x6\na1 c2" {
		t.Errorf("At(2) after undo and play = %q", at.Record())
	}
	r := mustParse(t, "GYRE 3x6\na1 b1")
	r.Resign(One)
	if at, _ := r.At(2); at.Result().Over() || at.Record() != r.Record() {
		t.Errorf("At(Len) of a resigned game: %+v %q, want the board's game, unfinished", at.Result(), at.Record())
	}
}

func joinFirst(acts []string, k int) string {
	s := ""
	for i, a := range acts[:k] {
		if i > 0 {
			s += " "
		}
		s += a
	}
	return s
}

// Key is the same for the same history however it was reached, differs
// for another action, spec or ending, and comes back after an undo.
func TestKey(t *testing.T) {
	a := mustParse(t, "GYRE 3x6\na1 swap b1")
	b := mustParse(t, "GYRE 3x6")
	for _, x := range []string{"a1", "swap", "b1"} {
		if err := PlayText(b, x); err != nil {
			t.Fatal(err)
		}
	}
	if a.Key() != b.Key() || a.Clone().Key() != a.Key() {
		t.Errorf("same history, keys %x and %x", a.Key(), b.Key())
	}
	differ := map[string]Game{
		"another stone":   mustParse(t, "GYRE 3x6\na1 swap b2"),
		"another order":   mustParse(t, "GYRE 3x6\nb1 swap a1"),
		"another variant": mustParse(t, "GYRE 3x6 noswap\na1 b1"),
		"another size":    mustParse(t, "GYRE 3x7\na1 swap b1"),
		"shorter":         mustParse(t, "GYRE 3x6\na1 swap"),
	}
	seen := map[uint64]string{a.Key(): "the game"}
	for name, g := range differ {
		if by, ok := seen[g.Key()]; ok {
			t.Errorf("%s has the key of %s", name, by)
		}
		seen[g.Key()] = name
	}
	before := a.Key()
	PlayText(a, "c1")
	if a.Key() == before {
		t.Error("an action left the key")
	}
	a.Undo()
	if a.Key() != before {
		t.Errorf("undo: key %x, want %x again", a.Key(), before)
	}
	a.Resign(Two)
	if a.Key() == before {
		t.Error("a resignation left the key")
	}
	c := b.Clone()
	c.Concede(Two, Timeout)
	if c.Key() == a.Key() {
		t.Error("a timeout has the key of a resignation")
	}
	g1 := mustParse(t, "GYGES\n321123 123321 c1-c2")
	g2 := mustParse(t, "GYGES nodisplace\n321123 123321 c1-c2")
	g3 := mustParse(t, "GYGES\n321123 123321 d1-d2")
	if g1.Key() == g2.Key() || g1.Key() == g3.Key() {
		t.Error("Gygès: another variant or move, the same key")
	}
	if k, _ := g1.At(3); k.Key() != g1.Key() {
		t.Error("At(Len) has another key")
	}
}

// Notation and ReadAction round-trip every action of whole games of each
// kind, and the record written from the notations reads back the same.
func TestNotationRoundTrip(t *testing.T) {
	for i, spec := range typedSpecs {
		g := randomGame(t, spec, uint64(10+i), 400)
		replay, _ := spec.New()
		for k, a := range g.Actions() {
			text := g.Notation(a)
			back, err := replay.ReadAction(text)
			if err != nil || back != a {
				t.Fatalf("%s: action %d: ReadAction(Notation(%#v) = %q) = %#v, %v", spec, k+1, a, text, back, err)
			}
			if err := replay.Play(back); err != nil {
				t.Fatal(err)
			}
		}
		if replay.Record() != g.Record() || replay.Key() != g.Key() {
			t.Errorf("%s: replayed %q, want %q", spec, replay.Record(), g.Record())
		}
	}
	g := mustParse(t, "GYRE 3x6")
	for _, a := range []Action{nil, "a1", gyges.Pass, gyre.Move(500)} {
		if text := g.Notation(a); text != "" {
			t.Errorf("GYRE Notation(%#v) = %q, want \"\"", a, text)
		}
	}
	if text := mustParse(t, "GYGES").Notation(gyre.Swap); text != "" {
		t.Errorf("Gygès Notation(swap) = %q, want \"\"", text)
	}
}
