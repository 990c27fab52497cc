package bot

import (
	"context"
	"errors"
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func parseGame(t *testing.T, record string) game.Game {
	t.Helper()
	g, err := game.Parse(record)
	if err != nil {
		t.Fatalf("game.Parse(%q): %v", record, err)
	}
	return g
}

// Next answers in notation for every kind of action, with the reason typed.
func TestNextActions(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, record string
		level        Level
		reason       Reason
		legal        func(g game.Game, action string) bool
	}{
		{"gyre win in one", "GYRE 3x6\na1 b3 b1 c4", Easy, ReasonWin, nil},
		{"gyre first stone", "GYRE 3x6", Medium, ReasonOpening, nil},
		{"gyre swap", "GYRE 7x14\nb3", Hard, ReasonSwap, nil},
		{"gyges setup", "GYGES", Easy, ReasonBeginnerLayout, func(_ game.Game, a string) bool {
			_, err := gyges.ParseLayout(a)
			return err == nil
		}},
		{"gyges move", "GYGES\n321123\n321123", Medium, ReasonSearch, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := parseGame(t, tc.record)
			before := g.Record()
			d, err := Next(ctx, g, Config{Level: tc.level, Seed: 1, Tuning: Tuning{Work: 300}})
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			if g.Record() != before {
				t.Errorf("Next changed the game: %q, was %q", g.Record(), before)
			}
			if d.Reason != tc.reason {
				t.Errorf("Next = %q for %v, want %v", d.Action, d.Reason, tc.reason)
			}
			if err := game.PlayText(g.Clone(), d.Action); err != nil {
				t.Errorf("Next = %q, which the game refuses: %v", d.Action, err)
			}
		})
	}
	if _, err := Next(ctx, parseGame(t, "GYRE 3x6\na1 b3 b1 c4 c1"), Config{Level: Easy}); !errors.Is(err, ErrGameOver) {
		t.Errorf("Next in a finished game: %v, want ErrGameOver", err)
	}
}

// A Player's actions are the engine bot's, one seed for the whole game:
// the same moves as GyreBot.Think on the engine's game.
func TestPlayerMatchesTheBot(t *testing.T) {
	ctx := context.Background()
	tuning := Tuning{Work: 200}
	g, _ := gyre.NewGame(gyre.Size{Rings: 4, Cols: 6}, gyre.Classic)
	played := game.FromGyre(g.Clone())
	one, two := NewGyre(Medium, 5), NewGyre(Medium, 6)
	one.Tuning, two.Tuning = tuning, tuning
	p1, p2 := NewPlayer(Config{Level: Medium, Seed: 5, Tuning: tuning}), NewPlayer(Config{Level: Medium, Seed: 6, Tuning: tuning})
	for !g.Over() {
		b, p := one, p1
		if g.Turn() == gyre.Two {
			b, p = two, p2
		}
		m, err := b.Think(ctx, g, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Next(ctx, played)
		if err != nil {
			t.Fatal(err)
		}
		if want := g.Geometry().MoveName(m); d.Action != want || d.Info != b.Info() {
			t.Fatalf("after %q the player chose %q (%+v), the bot %q (%+v)", game.Notations(played), d.Action, d.Info, want, b.Info())
		}
		g.Apply(m)
		if err := game.PlayText(played, d.Action); err != nil {
			t.Fatal(err)
		}
	}
}

func TestNextGygesPosition(t *testing.T) {
	p, err := gyges.ParsePosition("321123/....../....../....../....../321123 S")
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewPlayer(Config{Level: Medium, Seed: 2, Tuning: Tuning{Work: 2000}}).NextGyges(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	m, err := gyges.ParseMove(d.Action)
	if err != nil || p.Legal(m) != nil || d.Reason != ReasonSearch || d.Depth < 1 {
		t.Errorf("NextGyges = %q (%v, depth %d), want a legal move by search", d.Action, d.Reason, d.Depth)
	}
}

func TestReasonString(t *testing.T) {
	for r, want := range map[Reason]string{ReasonSearch: "search", ReasonDoubleThreat: "double threat", ReasonLookAhead: "one-move look-ahead", Reason(99): "reason(99)"} {
		if got := r.String(); got != want {
			t.Errorf("Reason(%d).String() = %q, want %q", r, got, want)
		}
	}
}
