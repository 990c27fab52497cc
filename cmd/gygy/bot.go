package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

func runBestmove(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy bestmove", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f cli.BotFlags
	f.Register(fs)
	levelName := fs.String("level", "hard", "easy, medium or hard")
	rest, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return 2
	}
	level, err := bot.ParseLevel(*levelName)
	if err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 2
	}
	if len(rest) != 1 || f.Scale <= 0 {
		fmt.Fprintln(stderr, "usage: gygy bestmove --game gyre|gyges [--level L] [--movetime T | --long] [--scale X>0] POSITION|RECORD")
		return 2
	}
	if f.Game != "gyre" && f.Game != "gyges" {
		fmt.Fprintf(stderr, "gygy bestmove: unknown game %q (want gyre or gyges)\n", f.Game)
		return 2
	}
	if _, err := f.GygesVariant(); err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 2
	}
	c := bot.Config{Level: level, Seed: f.Seed, Timing: f.Timing(level, 0)}
	p := bot.NewPlayer(c)
	start := time.Now()
	d, toMove, err := bestmove(context.Background(), p, rest[0], f)
	if err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, d.Action)
	reason := d.Reason.String()
	if d.Depth > 0 {
		reason = fmt.Sprintf("%s depth %d", reason, d.Depth)
	}
	work := "playouts"
	if f.Game == "gyges" {
		work = "positions"
	}
	if toMove != "" {
		toMove = " for " + toMove
	}
	fmt.Fprintf(stderr, "%s: %s, %d %s in %v of %v, value %.3f%s\n", p, reason, d.Iterations, work, time.Since(start).Round(time.Millisecond), c.Timing.MoveTime, d.Value, toMove)
	return 0
}

// bestmove asks p for the next action after text: a record of the game
// the flags name (a GYRE move or swap, a Gygès setup or move) or a
// position (GYRE: the side to move from the stone counts; Gygès: a
// position in play). For GYRE it also names the colour to move.
func bestmove(ctx context.Context, p *bot.Player, text string, f cli.BotFlags) (d bot.Decision, toMove string, err error) {
	var g game.Game
	switch header := strings.TrimSpace(text); {
	case strings.HasPrefix(header, "GYRE") || strings.HasPrefix(header, "GYGES"):
		if g, err = game.Parse(text); err != nil {
			return d, "", err
		}
		if want := map[string]game.Kind{"gyre": game.GYRE, "gyges": game.Gyges}[f.Game]; g.Kind() != want {
			return d, "", fmt.Errorf("a %v record, but --game %s", g.Kind(), f.Game)
		}
	case f.Game == "gyges":
		v, err := f.GygesVariant()
		if err != nil {
			return d, "", err
		}
		pos, err := gyges.ParsePosition(text)
		if err != nil {
			return d, "", err
		}
		d, err = p.NextGyges(ctx, pos.WithVariant(v))
		return d, "", err
	default:
		gg, err := gyre.GameFromPosition(text, f.GyreVariant())
		if err != nil {
			return d, "", err
		}
		g = game.FromGyre(gg)
	}
	if gg := game.AsGyre(g); gg != nil && !gg.Over() {
		toMove = gg.ToMove().String()
	}
	d, err = p.Next(ctx, g)
	return d, toMove, err
}
