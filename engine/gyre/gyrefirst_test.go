package gyre

import (
	"errors"
	"strings"
	"testing"
)

// The variant gyrefirst, as the rulebook tells it: no swap; Gyre places
// the first stone, then Spoke and Gyre alternate; player 1 plays Gyre.

func TestGyreFirstWhoPlacesWhat(t *testing.T) {
	g, err := NewGame(Small, GyreFirst)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		color Color
		turn  Player
	}{
		{Gyre, One}, {Spoke, Two}, {Gyre, One}, {Spoke, Two}, {Gyre, One}, {Spoke, Two},
	}
	for i, w := range want {
		if g.ToMove() != w.color || g.Turn() != w.turn {
			t.Fatalf("stone %d: %s to move by %s; want %s by %s", i+1, g.ToMove(), g.Turn(), w.color, w.turn)
		}
		if g.SwapAvailable() || g.Legal(Swap) == nil {
			t.Fatalf("stone %d: the swap is offered in a game without it", i+1)
		}
		if err := g.Play(Place(Cell(i))); err != nil {
			t.Fatal(err)
		}
		if got := g.At(Cell(i)); got != w.color {
			t.Fatalf("stone %d is %s, want %s", i+1, got, w.color)
		}
	}
	if g.Controller(Gyre) != One || g.Controller(Spoke) != Two || g.Swapped() {
		t.Errorf("gyre is played by %s, spoke by %s; want player 1 and player 2", g.Controller(Gyre), g.Controller(Spoke))
	}
	if err := g.Legal(Swap); err == nil || !strings.Contains(err.Error(), "without the swap") {
		t.Errorf("Legal(Swap) = %v, want the no-swap reason", err)
	}
}

func TestGyreFirstVariant(t *testing.T) {
	v := GyreFirst
	if v.Valid() != nil || v.K() != 0 || v.HasSwap() || v.OpeningStones() != 1 || v.FirstColor() != Gyre {
		t.Errorf("gyrefirst: valid %v, K %d, swap %v, opening stones %d, player 1 %s",
			v.Valid(), v.K(), v.HasSwap(), v.OpeningStones(), v.FirstColor())
	}
	for n, want := range []Color{Gyre, Spoke, Gyre, Spoke, Gyre} {
		if got := v.StoneColor(n); got != want {
			t.Errorf("stone %d is %s, want %s", n, got, want)
		}
	}
	// The other variants keep their codes and their colours.
	for _, tc := range []struct {
		v     Variant
		code  int
		first Color
	}{
		{Classic, 0, Spoke}, {NoSwap, 1, Spoke}, {Opening(1), 2, Spoke}, {Opening(MaxOpening), 1 + MaxOpening, Spoke},
	} {
		if int(tc.v) != tc.code || tc.v.FirstColor() != tc.first || tc.v == GyreFirst {
			t.Errorf("%q: code %d, player 1 %s; want %d, %s", tc.v, int(tc.v), tc.v.FirstColor(), tc.code, tc.first)
		}
	}
	if got, err := ParseVariant("gyrefirst"); got != GyreFirst || err != nil || GyreFirst.String() != "gyrefirst" {
		t.Errorf("ParseVariant(gyrefirst) = %q, %v", got, err)
	}
	for _, bad := range []string{"GyreFirst", "gyre first", "gyrefirst1", "spokefirst"} {
		if _, err := ParseVariant(bad); !errors.Is(err, ErrVariant) {
			t.Errorf("ParseVariant(%q) = %v, want ErrVariant", bad, err)
		}
	}
	for _, s := range []Size{Small, Standard, {Rings: 3, Cols: 6}} {
		if err := GyreFirst.Fits(s); err != nil {
			t.Errorf("gyrefirst does not fit %s: %v", s, err)
		}
	}
}

func TestGyreFirstRecords(t *testing.T) {
	for _, tc := range []struct {
		text  string
		ok    bool
		color Color // of the first stone
	}{
		{"GYRE 3x6 gyrefirst\na1 b1 a2", true, Gyre},
		{"GYRE 7x14 gyrefirst", true, Empty},
		{"GYRE 3x6 noswap\na1 b1 a2", true, Spoke}, // old records read as before
		{"GYRE 3x6\na1 swap b1", true, Spoke},
		{"GYRE 3x6 gyrefirst\na1 swap", false, Gyre},
		{"GYRE 3x6 gyrefirst noswap\na1", false, Gyre},
		{"GYRE 3x6 noswap gyrefirst\na1", false, Gyre},
	} {
		g, err := ParseRecord(tc.text)
		if (err == nil) != tc.ok {
			t.Errorf("ParseRecord(%q) = %v, want ok %v", tc.text, err, tc.ok)
			continue
		}
		if err != nil {
			continue
		}
		if g.String() != tc.text {
			t.Errorf("record %q written back as %q", tc.text, g.String())
		}
		if c, _ := g.Geometry().ParseCell("a1"); tc.color != Empty && g.At(c) != tc.color {
			t.Errorf("%q: the first stone is %s, want %s", tc.text, g.At(c), tc.color)
		}
	}
}

func TestGyreFirstFromPosition(t *testing.T) {
	g, err := NewGame(Size{Rings: 3, Cols: 6}, GyreFirst)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Move{0, 7, 2} {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	back, err := GameFromPosition(g.Position(), GyreFirst)
	if err != nil || back.Position() != g.Position() || back.ToMove() != Spoke || back.Turn() != Two {
		t.Fatalf("GameFromPosition(%q) = %v, %v; want Spoke (player 2) to move", g.Position(), back, err)
	}
	// Two Gyre stones and one Spoke are Spoke-first counts the wrong way round.
	if _, err := GameFromPosition(g.Position(), NoSwap); !errors.Is(err, ErrNotation) {
		t.Errorf("a gyre-first position read as noswap: %v", err)
	}
}
