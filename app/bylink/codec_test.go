package bylink

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// playout plays up to n random actions of spec from a seeded source,
// avoiding a Gygès goal move while another move exists (so that a game
// lasts), and returns the game.
func playout(t testing.TB, spec game.Spec, seed uint64, n int) game.Game {
	t.Helper()
	g, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for range n {
		if g.Result().Over() {
			break
		}
		var legal []string
		if g.InSetup() {
			legal = []string{gyges.RandomLayout(r).String()}
		} else {
			legal = game.Notations(g)[:0]
			for _, a := range g.Legal(nil) {
				legal = append(legal, g.Notation(a))
			}
		}
		if len(legal) == 0 {
			break
		}
		quiet := slices.DeleteFunc(slices.Clone(legal), func(a string) bool { return strings.HasSuffix(a, "-G") })
		if len(quiet) > 0 && g.Len() < n-1 {
			legal = quiet
		}
		if err := game.PlayText(g, legal[r.IntN(len(legal))]); err != nil {
			t.Fatalf("Play: %v", err)
		}
	}
	return g
}

func linkOf(g game.Game, from game.Seat) Link {
	return Link{ID: ID{1, 2, 3, 4, 5, 6, 7, 8}, From: from, Spec: g.Spec(), Actions: game.Notations(g)}
}

var specs = []game.Spec{
	game.Standard(game.GYRE),
	{Kind: game.GYRE, Size: gyre.Size{Rings: 7, Cols: 14}, Gyre: gyre.Opening(12)},
	{Kind: game.GYRE, Size: gyre.Size{Rings: 5, Cols: 10}, Gyre: gyre.NoSwap},
	{Kind: game.GYRE, Size: gyre.Size{Rings: 9, Cols: 18}},
	game.Standard(game.Gyges),
	{Kind: game.Gyges, Gyges: gyges.NoDisplace},
}

func TestRoundTrip(t *testing.T) {
	for _, spec := range specs {
		for seed := range uint64(8) {
			g := playout(t, spec, seed, 400)
			l := linkOf(g, game.Seat(1+seed%2))
			if seed%3 == 0 && !g.Result().Over() {
				l.Resigned = game.Two
			}
			text, err := Encode(l)
			if err != nil {
				t.Fatalf("%v seed %d: Encode: %v", spec, seed, err)
			}
			back, err := Decode(text)
			if err != nil {
				t.Fatalf("%v seed %d: Decode: %v", spec, seed, err)
			}
			if back.ID != l.ID || back.From != l.From || back.Spec != l.Spec || back.Resigned != l.Resigned || !slices.Equal(back.Actions, l.Actions) {
				t.Fatalf("%v seed %d: Decode(Encode(l)) = %+v, want %+v", spec, seed, back, l)
			}
		}
	}
}

// TestLinkSizes measures the links of a full 7 × 14 GYRE game (every
// cell filled, the longest game the board allows) and of a 100-move
// Gygès game, and holds them under 2,000 characters with the address
// around them.
func TestLinkSizes(t *testing.T) {
	const around = len("https://gygy.example.org/some/path/?view=link#")
	g, _ := game.Standard(game.GYRE).New()
	geo, _ := gyre.GeometryOf(gyre.Size{Rings: 7, Cols: 14})
	// The longest record: every cell, in an order that wins only at the
	// end if at all, as far as the engine lets it go on.
	for c := range geo.Cells() {
		if g.Result().Over() {
			break
		}
		g.Play(gyre.Place(gyre.Cell(c)))
	}
	long := playout(t, game.Standard(game.GYRE), 7, 200)
	if long.Len() > g.Len() {
		g = long
	}
	gy := playout(t, game.Standard(game.Gyges), 3, 102)
	if gy.Len() != 102 {
		t.Fatalf("the Gygès playout lasted %d actions, want 2 setups and 100 moves", gy.Len())
	}
	// The bound of any 7 × 14 game: the swap and all 98 cells (Encode
	// packs without replaying).
	all := Link{ID: ID{1}, From: game.One, Spec: game.Standard(game.GYRE), Actions: []string{"a1", "swap"}}
	for c := 1; c < geo.Cells(); c++ {
		all.Actions = append(all.Actions, geo.CellName(gyre.Cell(c)))
	}
	text, err := Encode(all)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("any GYRE 7x14 game, at most %d actions: at most %d characters of link", len(all.Actions), len(text))
	if len(text)+around >= 2000 {
		t.Errorf("the longest GYRE 7x14 link: %d characters, want under 2000", len(text)+around)
	}
	for _, c := range []struct {
		name string
		g    game.Game
	}{{"GYRE 7x14", g}, {"Gygès 100 moves", gy}} {
		text, err := Encode(linkOf(c.g, game.One))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s, %d actions: %d characters of link (record text %d)", c.name, c.g.Len(), len(text), len(c.g.Record()))
		if len(text)+around >= 2000 {
			t.Errorf("%s: a link of %d characters, want under %d", c.name, len(text)+around, 2000)
		}
	}
}

func TestRefused(t *testing.T) {
	g := playout(t, game.Standard(game.Gyges), 1, 30)
	text, err := Encode(linkOf(g, game.One))
	if err != nil {
		t.Fatal(err)
	}
	// Every single character changed, every cut: all refused.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := range text {
		for _, c := range []byte{alphabet[(strings.IndexByte(alphabet, text[i])+1)%64], '*'} {
			edited := text[:i] + string(c) + text[i+1:]
			if _, err := Decode(edited); !errors.Is(err, ErrDamaged) {
				t.Fatalf("Decode(link with character %d as %q) = %v, want ErrDamaged", i, c, err)
			}
		}
	}
	for n := range len(text) {
		if _, err := Decode(text[:n]); !errors.Is(err, ErrDamaged) {
			t.Fatalf("Decode(first %d characters) = %v, want ErrDamaged", n, err)
		}
	}
	if _, err := Decode(text + "A"); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Decode(link and one more character) = %v, want ErrDamaged", err)
	}
	if _, err := Decode(strings.Repeat("A", MaxLen+1)); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Decode(very long) = %v, want ErrDamaged", err)
	}
}

// TestIllegalRefused: a link whose check is right but whose moves the
// rules refuse (written by hand, not by Encode's caller) is refused.
func TestIllegalRefused(t *testing.T) {
	l := Link{ID: ID{9}, From: game.One, Spec: game.Standard(game.GYRE), Actions: []string{"d7", "d7"}}
	text, err := Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(text); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Decode(d7 twice) = %v, want ErrDamaged", err)
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint16(50), true)
	f.Add(uint64(2), uint8(4), uint16(120), false)
	f.Fuzz(func(t *testing.T, seed uint64, which uint8, n uint16, resign bool) {
		spec := specs[int(which)%len(specs)]
		g := playout(t, spec, seed, int(n%300))
		l := linkOf(g, game.Seat(1+seed%2))
		if resign && !g.Result().Over() {
			l.Resigned = game.One
		}
		text, err := Encode(l)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(text)
		if err != nil || !slices.Equal(back.Actions, l.Actions) || back.Resigned != l.Resigned {
			t.Fatalf("Decode(Encode) = %+v, %v, want %+v", back, err, l)
		}
	})
}

// FuzzDecode: no text makes Decode panic, and what it accepts encodes to
// a link that decodes to the same game. (The text itself may differ: the
// decoder skips line breaks, which a messenger may put in a long link.)
func FuzzDecode(f *testing.F) {
	g := playout(f, game.Standard(game.Gyges), 5, 20)
	text, _ := Encode(linkOf(g, game.Two))
	f.Add(text)
	g = playout(f, game.Standard(game.GYRE), 5, 20)
	text, _ = Encode(linkOf(g, game.One))
	f.Add(text)
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := Decode(text)
		if err != nil {
			return
		}
		again, err := Encode(l)
		if err != nil {
			t.Fatalf("Encode(Decode(%q)): %v", text, err)
		}
		back, err := Decode(again)
		if err != nil || back.ID != l.ID || back.From != l.From || back.Spec != l.Spec || back.Resigned != l.Resigned || !slices.Equal(back.Actions, l.Actions) {
			t.Fatalf("Decode(Encode(Decode(%q))) = %+v, %v, want %+v", text, back, err, l)
		}
	})
}
