package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"gygy/engine/bot"
	"gygy/engine/gyges"
)

func gygesVariant(f botFlags) (gyges.Variant, error) {
	if f.variant == "" {
		return gyges.Standard, nil
	}
	return gyges.ParseVariant(f.variant)
}

// gygesBestmove answers for a position (or a record): a move in play, or a
// layout during the setup of a record.
func gygesBestmove(ctx context.Context, text string, level bot.Level, f botFlags, stdout, stderr io.Writer) int {
	v, err := gygesVariant(f)
	if err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 2
	}
	b := bot.NewGyges(level, f.seed)
	b.Timing = f.timing(level, 0)
	start := time.Now()
	var answer string
	if strings.HasPrefix(strings.TrimSpace(text), "GYGES") {
		g, err := gyges.ParseRecord(text)
		if err != nil {
			fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
			return 1
		}
		switch g.Phase() {
		case gyges.SouthSetup, gyges.NorthSetup:
			var l gyges.Layout
			l, err = b.Setup(ctx, g, nil)
			answer = l.String()
		default:
			var m gyges.Move
			m, err = b.Think(ctx, g, nil)
			answer = m.String()
		}
		if err != nil {
			fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
			return 1
		}
	} else {
		p, err := gyges.ParsePosition(text)
		if err != nil {
			fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
			return 1
		}
		p = p.WithVariant(v)
		m, err := b.Move(ctx, p, nil)
		if err != nil {
			fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
			return 1
		}
		answer = m.String()
	}
	info := b.Info()
	fmt.Fprintln(stdout, answer)
	fmt.Fprintf(stderr, "%s: %s, %d positions in %v of %v, value %.3f\n", b, info.Reason, info.Iterations, time.Since(start).Round(time.Millisecond), b.MoveTime, info.Value)
	return 0
}

// playGyges plays one game, setups included; A is South when aFirst. A
// game longer than maxPlies is stopped and counted for nobody.
func playGyges(i int, aFirst bool, la, lb bot.Level, ta, tb bot.Timing, f botFlags, maxPlies int) (gameResult, error) {
	v, err := gygesVariant(f)
	if err != nil {
		return gameResult{}, err
	}
	g := gyges.NewGame(v)
	seed := f.seed*1_000_003 + uint64(i)
	south, north := bot.NewGyges(la, seed), bot.NewGyges(lb, seed+500_000)
	south.Timing, north.Timing = ta, tb
	if !aFirst {
		south, north = north, south
	}
	for _, b := range []*bot.GygesBot{south, north} {
		l, err := b.Setup(context.Background(), g, nil)
		if err == nil {
			err = g.Setup(l)
		}
		if err != nil {
			return gameResult{}, fmt.Errorf("%v setup: %w", b, err)
		}
	}
	plies := 0
	for ; g.Phase() != gyges.Over && plies < maxPlies; plies++ {
		player := south
		if g.Position().Side() == gyges.North {
			player = north
		}
		m, err := player.Think(context.Background(), g, nil)
		if err != nil {
			return gameResult{}, err
		}
		if err := g.Play(m); err != nil {
			return gameResult{}, fmt.Errorf("%v played an illegal move: %w\n%s", player, err, g)
		}
	}
	winner, over := g.Winner()
	if !over {
		return gameResult{plies: plies, colourWon: "nobody"}, nil
	}
	return gameResult{
		aWon:      (winner == gyges.South) == aFirst,
		plies:     plies,
		firstWon:  winner == gyges.South,
		colourWon: strings.ToLower(winner.String()),
	}, nil
}
