package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/cmd/gygy-lab/internal/pool"
	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// gameResult is one finished tournament game, seen from bot A.
type gameResult struct {
	aWon      bool
	plies     int
	firstWon  bool // the player who moved first won
	swapped   bool // GYRE: the second player took the swap
	colourWon string
}

// tournament is one tournament's set-up.
type tournament struct {
	f        cli.BotFlags
	la, lb   bot.Level
	ta, tb   bot.Timing
	maxPlies int
}

func runTournament(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var t tournament
	t.f.Register(fs)
	aName := fs.String("a", "hard", "level of bot A")
	bName := fs.String("b", "medium", "level of bot B")
	aTime := fs.Duration("atime", 0, "thinking time per move of A (default: --movetime, else A's level's budget)")
	bTime := fs.Duration("btime", 0, "thinking time per move of B (default: --movetime, else B's level's budget)")
	games := fs.Int("games", 20, "number of games; A and B alternate who moves first")
	parallel := fs.Int("parallel", 1, "games played at once (one core each)")
	clock := fs.String("clock", "wall", "what the time budgets count: wall (the time that passes) or cpu (each game's own CPU time, so that a busy machine changes the results less; Linux)")
	fs.IntVar(&t.maxPlies, "maxplies", 400, "Gygès: a game this long is stopped and counted for nobody")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(stderr, "gygy-lab tournament: unexpected argument %q\n", rest[0])
		}
		return 2
	}
	var errA, errB error
	t.la, errA = bot.ParseLevel(*aName)
	t.lb, errB = bot.ParseLevel(*bName)
	if errA != nil || errB != nil || *games <= 0 || *parallel <= 0 || t.f.Scale <= 0 {
		fmt.Fprintln(stderr, "gygy-lab tournament: --a and --b take easy, medium or hard; --games, --parallel and --scale must be positive")
		return 2
	}
	t.ta, t.tb = t.f.Timing(t.la, *aTime), t.f.Timing(t.lb, *bTime)
	switch *clock {
	case "wall":
	case "cpu":
		now, err := threadClock()
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab tournament: %v\n", err)
			return 2
		}
		t.ta.Now, t.tb.Now = now, now
	default:
		fmt.Fprintf(stderr, "gygy-lab tournament: --clock takes wall or cpu, not %q\n", *clock)
		return 2
	}
	if t.f.Game != "gyre" && t.f.Game != "gyges" {
		fmt.Fprintf(stderr, "gygy-lab tournament: unknown game %q\n", t.f.Game)
		return 2
	}
	results := make([]gameResult, *games)
	jobs := make([]int, *games)
	for i := range jobs {
		jobs[i] = i
	}
	err := pool.Run(context.Background(), jobs, *parallel, t.play, func(i int, r gameResult) error {
		results[i] = r
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab tournament: %v\n", err)
		return 1
	}
	writeTable(stdout, t.f, t.la, t.lb, t.ta.MoveTime, t.tb.MoveTime, *clock, results)
	return 0
}

// newGame is a new game of the tournament's kind.
func (t *tournament) newGame() (game.Game, error) {
	if t.f.Game == "gyre" {
		g, err := gyre.NewGame(t.f.Size.Size, t.f.GyreVariant())
		if err != nil {
			return nil, err
		}
		return game.FromGyre(g), nil
	}
	v, err := t.f.GygesVariant()
	if err != nil {
		return nil, err
	}
	return game.FromGyges(gyges.NewGame(v)), nil
}

// play plays game i: A moves first (player 1, or South) in the even
// games. A Gygès game longer than maxPlies moves is stopped and counted
// for nobody.
func (t *tournament) play(ctx context.Context, i int) (gameResult, error) {
	g, err := t.newGame()
	if err != nil {
		return gameResult{}, err
	}
	seed := t.f.Seed*1_000_003 + uint64(i)
	a := bot.NewPlayer(bot.Config{Level: t.la, Seed: seed, Timing: t.ta})
	b := bot.NewPlayer(bot.Config{Level: t.lb, Seed: seed + 500_000, Timing: t.tb})
	aFirst := i%2 == 0
	one, two := a, b
	if !aFirst {
		one, two = b, a
	}
	var o loop.Options
	if g.Kind() == game.Gyges {
		o.MaxActions = 2 + t.maxPlies // the two setups, then the moves
	}
	if err := loop.Play(ctx, g, one, two, o); err != nil {
		return gameResult{}, fmt.Errorf("game %d: %w", i+1, err)
	}
	r := gameResult{
		aWon:     (g.Winner() == game.One) == aFirst && g.Winner() != game.NoSeat,
		plies:    g.Len(),
		firstWon: g.Winner() == game.One,
	}
	if gg := game.AsGyre(g); gg != nil {
		r.swapped, r.colourWon = gg.Swapped(), gg.Winner().String()
		return r, nil
	}
	r.plies -= 2
	winner, over := game.AsGyges(g).Winner()
	if !over {
		return gameResult{plies: r.plies, colourWon: "nobody"}, nil
	}
	r.colourWon = strings.ToLower(winner.String())
	return r, nil
}

// writeTable prints the score of A with a 95% Wilson interval, and what
// the games say about the sides.
func writeTable(w io.Writer, f cli.BotFlags, la, lb bot.Level, ta, tb time.Duration, clock string, rs []gameResult) {
	n := float64(len(rs))
	var aWins, firstWins, swaps, plies int
	colours := map[string]int{}
	for _, r := range rs {
		if r.aWon {
			aWins++
		}
		if r.firstWon {
			firstWins++
		}
		if r.swapped {
			swaps++
		}
		plies += r.plies
		colours[r.colourWon]++
	}
	lo, hi := stats.Wilson(aWins, len(rs))
	what := f.Game
	if f.Game == "gyre" {
		what = fmt.Sprintf("gyre %s%s", f.Size.Size, map[bool]string{true: " noswap", false: " swap"}[f.NoSwap])
	} else if f.Variant != "" {
		what += " " + f.Variant
	}
	fmt.Fprintf(w, "%s, %d games, sides alternated, %s time per move\n", what, len(rs), clock)
	fmt.Fprintf(w, "A %-6s %7v a move  %4d wins  score %5.1f%%  95%% interval %5.1f%% to %5.1f%%\n", la, ta, aWins, 100*float64(aWins)/n, 100*lo, 100*hi)
	fmt.Fprintf(w, "B %-6s %7v a move  %4d wins\n", lb, tb, len(rs)-aWins)
	fmt.Fprintf(w, "first player won %d (%.1f%%); average length %.1f moves\n", firstWins, 100*float64(firstWins)/n, float64(plies)/n)
	var parts []string
	for _, c := range []string{"spoke", "gyre", "south", "north", "nobody"} {
		if colours[c] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c, colours[c]))
		}
	}
	fmt.Fprintf(w, "won by side: %s", strings.Join(parts, ", "))
	if f.Game == "gyre" && !f.NoSwap {
		fmt.Fprintf(w, "; swap taken in %d games (%.1f%%)", swaps, 100*float64(swaps)/n)
	}
	fmt.Fprintln(w)
}
