package main

import (
	"context"
	"fmt"

	"gygy/engine/bot"
	"gygy/engine/game"
)

// stateless plays every action as the browser's worker does
// (wasm/bot/main.go): the game is read back from its record, and a new
// bot, with a new seed, chooses the one action through bot.Next. Nothing
// carries over from one action to the next, neither the random source
// nor the search tree. Its seeds come from the game's seed and the ply
// rather than the page's clock, so that a game can be played again.
type stateless struct {
	c    bot.Config // Seed is the game's seed for this player
	name string
}

func newStateless(c bot.Config) *stateless {
	return &stateless{c: c, name: fmt.Sprintf("stateless bot (%s)", c.Level)}
}

// Next parses g's record, as the worker gets it, and asks bot.Next.
func (s *stateless) Next(ctx context.Context, g game.Game) (bot.Decision, error) {
	played, err := game.Parse(g.Record())
	if err != nil {
		return bot.Decision{}, fmt.Errorf("reading back the record at action %d: %w", g.Len()+1, err)
	}
	c := s.c
	c.Seed = actionSeed(s.c.Seed, g.Len())
	return bot.Next(ctx, played, c)
}

func (s *stateless) String() string { return s.name }

// actionSeed is the seed of the action after ply actions of a game with
// seed seed: mixed (splitmix64) so that neighbouring plies share nothing,
// and cut to 53 bits, as the page's seed is (it travels as a JavaScript
// number).
func actionSeed(seed uint64, ply int) uint64 {
	z := seed + uint64(ply+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return (z ^ z>>31) >> 11
}
