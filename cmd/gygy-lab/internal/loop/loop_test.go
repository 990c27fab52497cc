package loop

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func botAt(seed uint64) *bot.Player {
	return bot.NewPlayer(bot.Config{Level: bot.Medium, Seed: seed, Tuning: bot.Tuning{Work: 20}})
}

// Every variant's game runs to its end, the first action coming from
// player 1 whichever colour that is.
func TestPlayGyre(t *testing.T) {
	for _, tc := range []struct {
		variant gyre.Variant
		first   gyre.Color // the colour of the first stone
	}{
		{gyre.NoSwap, gyre.Spoke},
		{gyre.GyreFirst, gyre.Gyre},
		{gyre.Classic, gyre.Spoke},
	} {
		var firstBy gyre.Color
		watch := func(before game.Game, d bot.Decision) {
			if before.Len() == 0 {
				firstBy = game.AsGyre(before).ToMove()
			}
		}
		g, err := PlayGyre(context.Background(), gyre.Size{Rings: 3, Cols: 6}, tc.variant, botAt(1), botAt(2), Options{Watch: watch})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() || firstBy != tc.first {
			t.Errorf("%q: over %v, first stone %s; want over, %s", tc.variant, g.Over(), firstBy, tc.first)
		}
	}
}

// Gygès: both setups, then moves, until the end or the cap.
func TestPlayGygesWithCap(t *testing.T) {
	g := game.FromGyges(gyges.NewGame(gyges.Standard))
	easy := func(seed uint64) *bot.Player { return bot.NewPlayer(bot.Config{Level: bot.Easy, Seed: seed}) }
	if err := Play(context.Background(), g, easy(1), easy(2), Options{MaxActions: 6}); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 6 || g.InSetup() {
		t.Errorf("after a cap of 6 actions: %d actions, in setup %v; want 6, playing", g.Len(), g.InSetup())
	}
}

// A player's error and an illegal action stop the game with the player
// named.
func TestPlayErrors(t *testing.T) {
	broken := Func(func(context.Context, game.Game) (bot.Decision, error) { return bot.Decision{}, errors.New("no idea") })
	illegal := Func(func(context.Context, game.Game) (bot.Decision, error) { return bot.Decision{Action: "z99"}, nil })
	for _, tc := range []struct {
		p    Player
		want string
	}{{broken, "no idea"}, {illegal, "illegal action"}} {
		gg, err := gyre.NewGame(gyre.Size{Rings: 3, Cols: 6}, gyre.NoSwap)
		if err != nil {
			t.Fatal(err)
		}
		g := game.FromGyre(gg)
		err = Play(context.Background(), g, tc.p, tc.p, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || g.Len() != 0 {
			t.Errorf("Play = %v after %d actions, want an error with %q and no action", err, g.Len(), tc.want)
		}
	}
}
