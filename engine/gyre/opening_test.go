package gyre

import (
	"errors"
	"strings"
	"testing"
)

// step is one action of a game under test and what must hold just before
// it: who acts, the colour of the next stone, and whether the swap is
// offered.
type step struct {
	move   string
	player Player
	colour Color
	swap   bool
}

// walk plays the steps, checking each one's expectations first.
func walk(t *testing.T, g *Game, steps []step) {
	t.Helper()
	for i, s := range steps {
		if g.Turn() != s.player || g.ToMove() != s.colour || g.SwapAvailable() != s.swap {
			t.Fatalf("before action %d (%s): %v places %v, swap offered %v; want %v places %v, swap offered %v",
				i+1, s.move, g.Turn(), g.ToMove(), g.SwapAvailable(), s.player, s.colour, s.swap)
		}
		play(t, g, s.move)
	}
}

// Rulebook, Variant opening K: player 1 places K Gyre stones and one
// Spoke stone; player 2 keeps (plays Gyre, places the next stone) or
// swaps (takes Spoke; player 1 places the next stone, a Gyre one); then
// the colours alternate.
func TestOpeningWhoPlacesWhat(t *testing.T) {
	tests := []struct {
		name  string
		k     int
		steps []step
	}{
		{"K=0 keep: the plain swap rule", 0, []step{
			{"d7", One, Spoke, false},
			{"c8", Two, Gyre, true},
			{"e5", One, Spoke, false},
			{"b2", Two, Gyre, false},
		}},
		{"K=0 swap", 0, []step{
			{"d7", One, Spoke, false},
			{"swap", Two, Gyre, true},
			{"c8", One, Gyre, false},
			{"e5", Two, Spoke, false},
		}},
		{"K=2 keep", 2, []step{
			{"d1", One, Gyre, false},
			{"d8", One, Gyre, false},
			{"c4", One, Spoke, false},
			{"e3", Two, Gyre, true},
			{"b7", One, Spoke, false},
			{"f9", Two, Gyre, false},
		}},
		{"K=2 swap", 2, []step{
			{"d1", One, Gyre, false},
			{"d8", One, Gyre, false},
			{"c4", One, Spoke, false},
			{"swap", Two, Gyre, true},
			{"e3", One, Gyre, false},
			{"b7", Two, Spoke, false},
			{"f9", One, Gyre, false},
		}},
		{"K=3 keep", 3, []step{
			{"d1", One, Gyre, false},
			{"d6", One, Gyre, false},
			{"d11", One, Gyre, false},
			{"c4", One, Spoke, false},
			{"e3", Two, Gyre, true},
			{"b7", One, Spoke, false},
		}},
		{"K=3 swap", 3, []step{
			{"d1", One, Gyre, false},
			{"d6", One, Gyre, false},
			{"d11", One, Gyre, false},
			{"c4", One, Spoke, false},
			{"swap", Two, Gyre, true},
			{"e3", One, Gyre, false},
			{"b7", Two, Spoke, false},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, Standard, Opening(tc.k))
			walk(t, g, tc.steps)
			swapped := tc.steps[tc.k+1].move == "swap"
			if g.Swapped() != swapped {
				t.Errorf("Swapped = %v, want %v", g.Swapped(), swapped)
			}
			spoke, gyre := One, Two
			if swapped {
				spoke, gyre = Two, One
			}
			if g.Controller(Spoke) != spoke || g.Controller(Gyre) != gyre {
				t.Errorf("Spoke is %v's and Gyre %v's, want %v's and %v's", g.Controller(Spoke), g.Controller(Gyre), spoke, gyre)
			}
		})
	}
}

// The swap is offered exactly once, right after the K + 1 opening stones.
func TestOpeningSwapTiming(t *testing.T) {
	opening := []string{"d1", "d6", "d11", "c4"}
	for n := 0; n <= len(opening)+1; n++ {
		g := mustGame(t, Standard, Opening(3))
		play(t, g, append(opening, "e3")[:n]...)
		err := g.Play(Swap)
		if n == len(opening) {
			if err != nil {
				t.Errorf("swap right after the opening: %v", err)
			}
			if err := g.Play(Swap); !errors.Is(err, ErrIllegalMove) {
				t.Errorf("a second swap = %v, want ErrIllegalMove", err)
			}
			continue
		}
		if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "after the opening's 4 stones (3 Gyre, then 1 Spoke)") {
			t.Errorf("swap after %d stones = %v, want ErrIllegalMove naming the 4 opening stones", n, err)
		}
	}
	g := mustGame(t, Standard, Opening(3))
	play(t, g, opening...)
	if moves := g.Moves(nil); moves[0] != Swap || len(moves) != Standard.Cells()-4+1 {
		t.Errorf("Moves after the opening: %d starting with %v, want swap and the %d empty cells", len(moves), moves[0], Standard.Cells()-4)
	}
	play(t, g, "d2")
	if moves := g.Moves(nil); moves[0] == Swap {
		t.Error("Moves lists swap after player 2 kept")
	}
}

// K must leave a column free of Gyre stones, or the opening could close a
// loop by itself; K runs from 0 to MaxOpening.
func TestOpeningRange(t *testing.T) {
	for _, tc := range []struct {
		size Size
		k    int
		ok   bool
	}{
		{Size{3, 6}, 5, true},
		{Size{3, 6}, 6, false},
		{Size{3, 6}, 9, false},
		{Standard, 9, true},
		{Standard, 13, true},
		{Standard, 14, false},
		{Standard, -1, false},
		{Size{3, 40}, 39, true},
		{Size{3, 40}, 40, false},
		{Small, 10, false},
	} {
		_, err := NewGame(tc.size, Opening(tc.k))
		if (err == nil) != tc.ok {
			t.Errorf("NewGame(%v, opening %d) = %v, want ok %v", tc.size, tc.k, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrVariant) {
			t.Errorf("NewGame(%v, opening %d) = %v, want ErrVariant", tc.size, tc.k, err)
		}
	}
	for _, v := range []Variant{-1, -100, GyreFirst + 1, 127} {
		if _, err := NewGame(Standard, v); !errors.Is(err, ErrVariant) {
			t.Errorf("NewGame(variant %d) = %v, want ErrVariant", int(v), err)
		}
	}
}

func TestVariantText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Variant
		back string
	}{
		{"", Classic, ""},
		{"noswap", NoSwap, "noswap"},
		{"opening0", Classic, ""},
		{"opening1", Opening(1), "opening1"},
		{"opening3", Opening(3), "opening3"},
		{"opening 3", Opening(3), "opening3"},
		{"opening9", Opening(9), "opening9"},
		{"opening12", Opening(12), "opening12"},
		{"opening39", Opening(39), "opening39"},
	} {
		v, err := ParseVariant(tc.text)
		if err != nil || v != tc.want || v.String() != tc.back {
			t.Errorf("ParseVariant(%q) = %q, %v; want %q", tc.text, v, err, tc.back)
		}
	}
	for _, bad := range []string{"opening", "opening40", "opening100", "opening-1", "opening+1", "opening03", "openingx", "swap", "Opening3", "opening  3"} {
		if v, err := ParseVariant(bad); !errors.Is(err, ErrVariant) {
			t.Errorf("ParseVariant(%q) = %v, %v; want ErrVariant", bad, v, err)
		}
	}
	if got := Opening(3).K(); got != 3 || Opening(3).OpeningStones() != 4 || NoSwap.K() != 0 || NoSwap.OpeningStones() != 1 {
		t.Errorf("Opening(3).K() = %d; stones %d, noswap %d %d", got, Opening(3).OpeningStones(), NoSwap.K(), NoSwap.OpeningStones())
	}
}

func TestOpeningRecords(t *testing.T) {
	t.Run("round trip", func(t *testing.T) {
		for _, text := range []string{
			"GYRE 7x14 opening3\nd1 d6 d11 c4 swap e3 b7",
			"GYRE 7x14 opening3\nd1 d6 d11 c4 e3 b7",
			"GYRE 5x10 opening1\na1 c5",
			"GYRE 5x10 opening2",
			"GYRE 3x6\na1 swap b1", // records from before the variant
			"GYRE 3x6 noswap\na1 b1 a2",
		} {
			g, err := ParseRecord(text)
			if err != nil {
				t.Fatalf("ParseRecord(%q): %v", text, err)
			}
			if g.String() != text {
				t.Errorf("record %q written back as %q", text, g.String())
			}
		}
	})
	t.Run("spaced and zero forms", func(t *testing.T) {
		for text, want := range map[string]string{
			"GYRE 7x14 opening 2 d1 d8 c4": "GYRE 7x14 opening2\nd1 d8 c4",
			"GYRE 3x6 opening0 a1 swap":    "GYRE 3x6\na1 swap",
		} {
			g, err := ParseRecord(text)
			if err != nil || g.String() != want {
				t.Errorf("ParseRecord(%q) = %v, %v; want %q", text, g, err, want)
			}
		}
	})
	t.Run("bad", func(t *testing.T) {
		for text, want := range map[string]string{
			"GYRE 5x10 opening12\nd1":              "fewer Gyre stones than the 10 columns",
			"GYRE 7x14 opening40\nd1":              "K must be a number from 0 to 39",
			"GYRE 7x14 opening-1\nd1":              "K must be a number from 0 to 39",
			"GYRE 3x6 opening6\na1":                "fewer Gyre stones than the 6 columns",
			"GYRE 7x14 opening2\nd1 swap":          "after the opening's 3 stones",
			"GYRE 7x14 opening2\nd1 d8 c4 e3 swap": "after the opening's 3 stones",
			"GYRE 7x14 opening2\nd1 d8 c4 swap d1": "d1 is occupied",
			"GYRE 7x14 noswap opening2\nd1 d8 c4":  "exclude each other",
			"GYRE 7x14 opening2 noswap\nd1 d8 c4":  "exclude each other",
			"GYRE 7x14 opening2\nd1 d8 c4 e":       "move 4",
		} {
			_, err := ParseRecord(text)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("ParseRecord(%q) = %v, want an error containing %q", text, err, want)
			}
		}
	})
}

func TestOpeningFromPosition(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		k      int
		colour Color
		swap   bool
		ok     bool
	}{
		{"......../......../........", 3, Gyre, false, true},
		{"g......./......../........", 3, Gyre, false, true},
		{"g..g..g./......../........", 3, Spoke, false, true},
		{"g..g..g./.s....../........", 3, Gyre, true, true},
		{"g..g..gg/.s....../........", 3, Spoke, false, true},
		{"g..g..gg/.s....s./........", 3, Gyre, false, true},
		{"s......./......../........", 3, Empty, false, false},
		{"g..g..../.s....../........", 3, Empty, false, false},
		{"s......./......../........", 0, Gyre, true, true},
	} {
		g, err := GameFromPosition(tc.pos, Opening(tc.k))
		if (err == nil) != tc.ok {
			t.Errorf("GameFromPosition(%s, opening%d) = %v, want ok %v", tc.pos, tc.k, err, tc.ok)
			continue
		}
		if err != nil {
			continue
		}
		if g.ToMove() != tc.colour || g.SwapAvailable() != tc.swap || g.Position() != tc.pos {
			t.Errorf("GameFromPosition(%s, opening%d): %v to move, swap %v, position %s", tc.pos, tc.k, g.ToMove(), g.SwapAvailable(), g.Position())
		}
		if back, err := ParseRecord(g.String()); err != nil || back.Position() != tc.pos {
			t.Errorf("record %q of %s does not replay: %v", g.String(), tc.pos, err)
		}
	}
}

// The recommended fair start exists for the named sizes, and fits them.
func TestFairOpening(t *testing.T) {
	for _, s := range []Size{Small, Standard} {
		k, ok := FairOpening(s)
		if !ok || k < 1 {
			t.Errorf("FairOpening(%v) = %d, %v; want a measured K", s, k, ok)
		}
		if err := Opening(k).Fits(s); err != nil {
			t.Errorf("FairOpening(%v) = %d does not fit: %v", s, k, err)
		}
	}
	if k, ok := FairOpening(Size{Rings: 9, Cols: 9}); ok {
		t.Errorf("FairOpening(9x9) = %d, true; that size was not measured", k)
	}
}

// fair.txt reads back as FormatFair writes it, and a malformed line is
// refused with its number.
func TestParseFair(t *testing.T) {
	var lines []string
	for _, s := range []Size{Small, Standard} {
		f, ok := FairStart(s)
		if !ok {
			t.Fatalf("FairStart(%v): not measured", s)
		}
		if f.Games <= 0 || f.OneWins > f.Games || f.SpokeWins > f.Games {
			t.Errorf("FairStart(%v) = %+v: wins beyond the games", s, f)
		}
		lines = append(lines, FormatFair(s, f))
	}
	m, err := ParseFair(strings.Join(lines, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for s, f := range m {
		if want, _ := FairStart(s); f != want {
			t.Errorf("ParseFair(FormatFair(%v)) = %+v, want %+v", s, f, want)
		}
	}
	for _, text := range []string{"7x14 12 100 44", "7x14 12 100 44 54 fair", "7x14 99 100 44 54 even", "9 12 100 44 54 even", "7x14 12 100 144 54 even", "7x14 12 0 0 0 even"} {
		if _, err := ParseFair("# c\n" + text); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("ParseFair(%q) = %v, want an error on line 2", text, err)
		}
	}
}

func TestFairAhead(t *testing.T) {
	for _, tc := range []struct {
		f    Fair
		want Player
	}{{Fair{Games: 100, OneWins: 44}, Two}, {Fair{Games: 100, OneWins: 51}, One}, {Fair{Games: 10, OneWins: 5}, NoPlayer}} {
		if got := tc.f.Ahead(); got != tc.want {
			t.Errorf("%+v.Ahead() = %v, want %v", tc.f, got, tc.want)
		}
	}
}

// Whatever ParseFair accepts, FormatFair writes back to the same starts.
func FuzzParseFair(f *testing.F) {
	f.Add(fairText)
	f.Add("7x14 12 100 44 54 even")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseFair(text)
		if err != nil {
			return
		}
		var lines []string
		for s, fair := range m {
			lines = append(lines, FormatFair(s, fair))
		}
		back, err := ParseFair(strings.Join(lines, "\n"))
		if err != nil || len(back) != len(m) {
			t.Fatalf("ParseFair(FormatFair(%q)) = %v, %v", text, back, err)
		}
		for s, fair := range m {
			if back[s] != fair {
				t.Errorf("%v: %+v, back %+v", s, fair, back[s])
			}
		}
	})
}
