// Package loop is the laboratory's one game loop: two players, of either
// game, take turns over a game.Game until it ends, every action checked
// by the rules.
package loop

import (
	"context"
	"fmt"

	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// Player chooses the next action of a game (*bot.Player is one).
type Player interface {
	Next(ctx context.Context, g game.Game) (bot.Decision, error)
}

// Func is a Player written as a function, e.g. one that plays at random.
type Func func(ctx context.Context, g game.Game) (bot.Decision, error)

// Next calls f.
func (f Func) Next(ctx context.Context, g game.Game) (bot.Decision, error) { return f(ctx, g) }

// Options change how a game is played.
type Options struct {
	// MaxActions, when positive, stops the game after this many actions
	// in all (setups and the swap included), unfinished and without an
	// error.
	MaxActions int
	// Watch, if not nil, sees each decision before it is played, with the
	// game as it was when the player chose.
	Watch func(before game.Game, d bot.Decision)
}

// Play asks one for seat One's actions and two for seat Two's until g is
// over, and plays each, checked.
func Play(ctx context.Context, g game.Game, one, two Player, o Options) error {
	for g.Turn() != game.NoSeat && (o.MaxActions <= 0 || g.Len() < o.MaxActions) {
		player := one
		if g.Turn() == game.Two {
			player = two
		}
		d, err := player.Next(ctx, g)
		if err != nil {
			return fmt.Errorf("%v: %w", player, err)
		}
		if o.Watch != nil {
			o.Watch(g, d)
		}
		if err := game.PlayText(g, d.Action); err != nil {
			return fmt.Errorf("%v played an illegal action: %w\n%s", player, err, g.Record())
		}
	}
	return nil
}

// PlayGyre plays a new GYRE game of size s and variant v to its end (one
// is player 1) and returns it.
func PlayGyre(ctx context.Context, s gyre.Size, v gyre.Variant, one, two Player, o Options) (*gyre.Game, error) {
	g, err := gyre.NewGame(s, v)
	if err != nil {
		return nil, err
	}
	played := game.FromGyre(g)
	if err := Play(ctx, played, one, two, o); err != nil {
		return nil, err
	}
	return game.AsGyre(played), nil
}
