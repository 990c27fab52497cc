package gyre

import (
	"errors"
	"strings"
	"testing"
)

func TestCellNames(t *testing.T) {
	g := MustGeometry(Standard)
	for _, tc := range []struct {
		name       string
		ring, col0 int
	}{{"a1", 0, 0}, {"d7", 3, 6}, {"g14", 6, 13}, {"b10", 1, 9}} {
		c, err := g.ParseCell(tc.name)
		if err != nil || c != g.At(tc.ring, tc.col0) {
			t.Errorf("ParseCell(%q) = %v, %v, want ring %d column %d", tc.name, c, err, tc.ring, tc.col0+1)
		}
		if got := g.CellName(c); got != tc.name {
			t.Errorf("CellName = %q, want %q", got, tc.name)
		}
	}
	for _, bad := range []string{"", "d", "7", "h1", "A1", "d0", "d15", "d07", "d+7", "d7x", "swap", "d-1"} {
		if _, err := g.ParseCell(bad); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseCell(%q) = %v, want ErrNotation", bad, err)
		}
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for _, text := range []string{
		"s.g.../.s..../......",
		"......./......./......./......./......./......./.......",
		"sgsgsgsgsgsgsg/gsgsgsgsgsgsgs/..............",
	} {
		b := mustPosition(t, text)
		if got := b.String(); got != text {
			t.Errorf("String(ParsePosition(%q)) = %q", text, got)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"s.x.../....../......", "ring a, column 3"},
		{"....../....../.....S", "ring c, column 6"},
		{"....../...../......", "ring b has 5 columns"},
		{"....../......", "2 rings"},
		{"", "1 rings"},
		{"...../...../.....", "5 columns"},
		{"...... /......./.......", "ring a, column 7"},
	} {
		_, err := ParsePosition(tc.text)
		if !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePosition(%q) = %v, want ErrNotation mentioning %q", tc.text, err, tc.want)
		}
	}
}

func TestRecord(t *testing.T) {
	g, err := ParseRecord("GYRE 7x14\nd7 swap c8 e5")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Swapped() || len(g.Record()) != 4 || g.ToMove() != Gyre {
		t.Errorf("record: swapped %v, %d moves, %v to move", g.Swapped(), len(g.Record()), g.ToMove())
	}
	if got, want := g.String(), "GYRE 7x14\nd7 swap c8 e5"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	ns, err := ParseRecord("GYRE 5x10 noswap")
	if err != nil || ns.Variant() != NoSwap || ns.String() != "GYRE 5x10 noswap" {
		t.Errorf("noswap header: %v, %v", ns, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"", "header"},
		{"HEX 7x14", "header"},
		{"GYRE 7x99", "99 columns"},
		{"GYRE 7x14\nd7 d7", "move 2 (d7)"},
		{"GYRE 7x14\nd7 c8 swap", "move 3 (swap)"},
		{"GYRE 7x14\nz9", "move 1"},
		{"GYRE 7x14 noswap d7 swap", "move 2"},
		{"GYRE 3x6 a1 b3 b1 b4 c1 c3", "game is over"},
	} {
		_, err := ParseRecord(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRecord(%q) = %v, want an error mentioning %q", tc.text, err, tc.want)
		}
	}
}

func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"a1", "d7", "g14", "h1", "d0", "", "d-1", "d99999999999999999999"} {
		f.Add(s)
	}
	g := MustGeometry(Standard)
	f.Fuzz(func(t *testing.T, text string) {
		c, err := g.ParseCell(text)
		if err != nil {
			return
		}
		if !g.Contains(c) {
			t.Fatalf("ParseCell(%q) = %d, outside the board", text, c)
		}
		if back, err := g.ParseCell(g.CellName(c)); err != nil || back != c {
			t.Fatalf("round trip of %q: %v, %v", text, back, err)
		}
	})
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"7x14", "15×40", "2x2", "x", "7x", "99999999999999999999x7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSize(text)
		if err != nil {
			return
		}
		if s.Valid() != nil {
			t.Fatalf("ParseSize(%q) = %v, not a valid size", text, s)
		}
		if back, err := ParseSize(s.String()); err != nil || back != s {
			t.Fatalf("round trip of %q: %v, %v", text, back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"s.g.../.s..../......", "gggggg/....../......", "///", "s", "....../....../.....x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParsePosition(text)
		if err != nil {
			return
		}
		if b.String() != text {
			t.Fatalf("String(ParsePosition(%q)) = %q", text, b.String())
		}
		if b.Bridge() && b.Loop() {
			t.Fatalf("%q has both a bridge and a loop", text)
		}
		if grid := gridOf(&b); refBridge(grid) != b.Bridge() || refLoop(grid) != b.Loop() {
			t.Fatalf("%q: incremental and reference disagree", text)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"GYRE 7x14\nd7 swap c8 e5", "GYRE 3x6 noswap a1 b3 b1", "GYRE 5x10", "GYRE", "GYRE 7x14 swap"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseRecord(text)
		if err != nil {
			return
		}
		back, err := ParseRecord(g.String())
		if err != nil || back.String() != g.String() {
			t.Fatalf("record %q does not round-trip: %v", text, err)
		}
	})
}

// FuzzPlayout plays a seeded random game and checks the playout invariants.
func FuzzPlayout(f *testing.F) {
	f.Add(uint64(1), uint8(7), uint8(14))
	f.Add(uint64(99), uint8(15), uint8(40))
	f.Fuzz(func(t *testing.T, seed uint64, r, c uint8) {
		s := Size{Rings: MinRings + int(r)%(MaxRings-MinRings+1), Cols: MinCols + int(c)%(MaxCols-MinCols+1)}
		b := NewBoard(MustGeometry(s))
		w := NewRoller(newRand(seed)).Playout(&b, Spoke)
		if w == Empty || w != b.Winner() || (b.Bridge() && b.Loop()) {
			t.Fatalf("playout on %v: winner %v, bridge %v, loop %v", s, w, b.Bridge(), b.Loop())
		}
	})
}

func TestGameFromPosition(t *testing.T) {
	g, err := GameFromPosition("s.g.../.s..../......", Classic)
	if err != nil {
		t.Fatal(err)
	}
	if g.ToMove() != Gyre || g.Position() != "s.g.../.s..../......" || g.SwapAvailable() {
		t.Errorf("GameFromPosition: %v to move, position %s, swap %v", g.ToMove(), g.Position(), g.SwapAvailable())
	}
	one, err := GameFromPosition("....../.s..../......", Classic)
	if err != nil || !one.SwapAvailable() {
		t.Errorf("one stone under the swap rule: swap offered %v, err %v", one != nil && one.SwapAvailable(), err)
	}
	for _, tc := range []struct{ text, want string }{
		{"gg..../....../......", "0 spoke and 2 gyre"},
		{"sss.../....../......", "3 spoke and 0 gyre"},
		{"s...../s...../s.gg..", "already won by spoke"},
		{"s..x../....../......", "ring a, column 4"},
	} {
		if _, err := GameFromPosition(tc.text, Classic); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("GameFromPosition(%q) = %v, want an error mentioning %q", tc.text, err, tc.want)
		}
	}
}
