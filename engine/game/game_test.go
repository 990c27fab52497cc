package game

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func TestGYREThroughActions(t *testing.T) {
	spec, err := SpecOf("gyre", "3x6", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	if g.Turn() != One || g.InSetup() {
		t.Fatalf("start: Turn %v, InSetup %v; want player 1, false", g.Turn(), g.InSetup())
	}
	for _, a := range []string{"a1", "swap", "b1"} {
		if err := PlayText(g, a); err != nil {
			t.Fatalf("PlayText(%s): %v", a, err)
		}
	}
	if err := PlayText(g, "b1"); err == nil {
		t.Errorf("PlayText(b1) on a taken cell = nil, want an error")
	}
	if got, want := g.Record(), "GYRE 3x6\na1 swap b1"; got != want || g.Len() != 3 {
		t.Errorf("record %q (len %d), want %q (3)", got, g.Len(), want)
	}
	c := g.Clone()
	if a, err := c.Undo(); err != nil || c.Notation(a) != "b1" {
		t.Errorf("Undo = %q, %v; want b1", a, err)
	}
	if g.Len() != 3 {
		t.Errorf("undoing the clone changed the original")
	}
	if legal := g.Legal(nil); len(legal) != 18-2 {
		t.Errorf("%d legal moves on a 3x6 board with 2 stones, want 16", len(legal))
	}
}

func TestGygesThroughActions(t *testing.T) {
	g, err := Spec{Kind: Gyges, Gyges: gyges.NoDisplace}.New()
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		action  string
		turn    Seat
		inSetup bool
	}{
		{"321123", Two, true},
		{"123321", One, false},
		{"a1-a4", Two, false},
	}
	for _, st := range steps {
		if err := PlayText(g, st.action); err != nil {
			t.Fatalf("PlayText(%s): %v", st.action, err)
		}
		if g.Turn() != st.turn || g.InSetup() != st.inSetup {
			t.Errorf("after %s: Turn %v, InSetup %v; want %v, %v", st.action, g.Turn(), g.InSetup(), st.turn, st.inSetup)
		}
	}
	if a, err := g.Undo(); err != nil || g.Notation(a) != "a1-a4" {
		t.Errorf("Undo = %q, %v; want a1-a4", a, err)
	}
	g.Undo()
	if a, err := g.Undo(); err != nil || g.Notation(a) != "321123" {
		t.Errorf("third Undo = %q, %v; want South's setup", a, err)
	}
	if _, err := g.Undo(); !errors.Is(err, ErrNoUndo) {
		t.Errorf("Undo at the start = %v, want ErrNoUndo", err)
	}
	if AsGyges(g) == nil || AsGyre(g) != nil {
		t.Errorf("AsGyges/AsGyre do not see a Gygès game")
	}
}

// Random games of both end with the last mover as the winner and nobody
// to move.
func TestWinnerIsTheLastMover(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, start := range []func() (Game, error){
		func() (Game, error) { return Spec{Kind: GYRE, Size: gyre.Size{Rings: 5, Cols: 10}}.New() },
		func() (Game, error) { return Standard(Gyges).New() },
	} {
		for range 20 {
			g, err := start()
			if err != nil {
				t.Fatal(err)
			}
			var mover Seat
			for g.Winner() == NoSeat && g.Len() < 400 {
				legal := g.Legal(nil)
				mover = g.Turn()
				if err := g.Play(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			if g.Winner() == NoSeat {
				continue // a long Gygès game: no verdict
			}
			if g.Winner() != mover || g.Turn() != NoSeat {
				t.Errorf("%s: Winner %v, Turn %v after %v moved last", g.Record(), g.Winner(), g.Turn(), mover)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tt := range []struct{ name, size, variant string }{
		{"chess", "", ""},
		{"gyre", "2x6", ""},
		{"gyre", "7x14", "nodisplace"},
		{"gyges", "6x6", ""},
		{"gyges", "", "noswap"},
		{"gyges", "", "opening3"},
		{"gyre", "3x6", "opening6"},
		{"gyre", "5x10", "opening12"},
	} {
		if _, err := SpecOf(tt.name, tt.size, tt.variant); err == nil {
			t.Errorf("SpecOf(%q, %q, %q) = nil error", tt.name, tt.size, tt.variant)
		}
	}
	for _, rec := range []string{"", "CHESS\ne4", "GYRE 3x6\nz9", "GYGES\n321123 333111"} {
		if _, err := Parse(rec); err == nil {
			t.Errorf("Parse(%q) = nil error", rec)
		}
	}
	if got := Seat(One).String() + "/" + Two.Other().String() + "/" + NoSeat.Other().String(); !strings.Contains(got, "player 1/player 1/nobody") {
		t.Errorf("seat names %q", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("GYRE 3x6\na1 swap b1")
	f.Add("GYGES nodisplace\n321123 123321 a1-a4")
	f.Fuzz(func(t *testing.T, record string) {
		g, err := Parse(record)
		if err != nil {
			return
		}
		again, err := Parse(g.Record())
		if err != nil || again.Record() != g.Record() {
			t.Fatalf("record %q does not read back: %v", g.Record(), err)
		}
	})
}
