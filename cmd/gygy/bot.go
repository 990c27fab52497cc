package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"gygy/app/balance"
	"gygy/engine/bot"
	"gygy/engine/gyre"
)

// botFlags are the flags bestmove and tournament share.
type botFlags struct {
	game     string
	movetime time.Duration
	long     bool
	scale    float64
	size     sizeFlag
	noswap   bool
	variant  string
	seed     uint64
}

func (f *botFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.game, "game", "gyre", "gyre or gyges")
	fs.DurationVar(&f.movetime, "movetime", 0, "thinking time per move (default: each level's own budget; the level's work budget may stop it sooner)")
	fs.BoolVar(&f.long, "long", false, "Hard thinks longer (its \"think longer\" budget)")
	fs.Float64Var(&f.scale, "scale", 1, "multiply every time budget by this (shorter games for long tournaments)")
	f.size = sizeFlag{gyre.Standard}
	fs.Var(&f.size, "size", "GYRE board size RxC")
	fs.BoolVar(&f.noswap, "noswap", false, "GYRE without the swap rule")
	fs.StringVar(&f.variant, "variant", "", "Gygès variant: nodisplace")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
}

// timing is the clock and time budget per move of a bot of level l; own,
// when positive, is a time given for this bot alone.
func (f *botFlags) timing(l bot.Level, own time.Duration) bot.Timing {
	t := bot.Timing{Now: time.Now, MoveTime: own, Long: f.long}
	if t.MoveTime <= 0 {
		t.MoveTime = f.movetime
	}
	t.MoveTime = time.Duration(float64(t.Budget(l)) * f.scale)
	return t
}

func runBestmove(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy bestmove", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f botFlags
	f.register(fs)
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
	if len(rest) != 1 || f.scale <= 0 {
		fmt.Fprintln(stderr, "usage: gygy bestmove --game gyre|gyges [--level L] [--movetime T | --long] [--scale X>0] POSITION|RECORD")
		return 2
	}
	ctx := context.Background()
	switch f.game {
	case "gyre":
		return gyreBestmove(ctx, rest[0], level, f, stdout, stderr)
	case "gyges":
		return gygesBestmove(ctx, rest[0], level, f, stdout, stderr)
	}
	fmt.Fprintf(stderr, "gygy bestmove: unknown game %q (want gyre or gyges)\n", f.game)
	return 2
}

func gyreBestmove(ctx context.Context, text string, level bot.Level, f botFlags, stdout, stderr io.Writer) int {
	v := gyre.Classic
	if f.noswap {
		v = gyre.NoSwap
	}
	var g *gyre.Game
	var err error
	if strings.HasPrefix(strings.TrimSpace(text), "GYRE") {
		g, err = gyre.ParseRecord(text)
	} else {
		g, err = gyre.GameFromPosition(text, v)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 1
	}
	b := bot.NewGyre(level, f.seed)
	b.Timing = f.timing(level, 0)
	start := time.Now()
	m, err := b.Think(ctx, g, nil)
	if err != nil {
		fmt.Fprintf(stderr, "gygy bestmove: %v\n", err)
		return 1
	}
	info := b.Info()
	fmt.Fprintln(stdout, g.Geometry().MoveName(m))
	fmt.Fprintf(stderr, "%s: %s, %d playouts in %v of %v, value %.3f for %s\n", b, info.Reason, info.Iterations, time.Since(start).Round(time.Millisecond), b.MoveTime, info.Value, g.ToMove())
	return 0
}

// gameResult is one finished tournament game, seen from bot A.
type gameResult struct {
	aWon      bool
	plies     int
	firstWon  bool // the player who moved first won
	swapped   bool // GYRE: the second player took the swap
	colourWon string
}

func runTournament(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f botFlags
	f.register(fs)
	aName := fs.String("a", "hard", "level of bot A")
	bName := fs.String("b", "medium", "level of bot B")
	aTime := fs.Duration("atime", 0, "thinking time per move of A (default: --movetime, else A's level's budget)")
	bTime := fs.Duration("btime", 0, "thinking time per move of B (default: --movetime, else B's level's budget)")
	games := fs.Int("games", 20, "number of games; A and B alternate who moves first")
	parallel := fs.Int("parallel", 1, "games played at once (one core each)")
	clock := fs.String("clock", "wall", "what the time budgets count: wall (the time that passes) or cpu (each game's own CPU time, so that a busy machine changes the results less; Linux)")
	maxPlies := fs.Int("maxplies", 400, "Gygès: a game this long is stopped and counted for nobody")
	if rest, err := parseFlagsAnywhere(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(stderr, "gygy tournament: unexpected argument %q\n", rest[0])
		}
		return 2
	}
	la, errA := bot.ParseLevel(*aName)
	lb, errB := bot.ParseLevel(*bName)
	if errA != nil || errB != nil || *games <= 0 || *parallel <= 0 || f.scale <= 0 {
		fmt.Fprintln(stderr, "gygy tournament: --a and --b take easy, medium or hard; --games, --parallel and --scale must be positive")
		return 2
	}
	ta, tb := f.timing(la, *aTime), f.timing(lb, *bTime)
	switch *clock {
	case "wall":
	case "cpu":
		now, err := threadClock()
		if err != nil {
			fmt.Fprintf(stderr, "gygy tournament: %v\n", err)
			return 2
		}
		ta.Now, tb.Now = now, now
	default:
		fmt.Fprintf(stderr, "gygy tournament: --clock takes wall or cpu, not %q\n", *clock)
		return 2
	}
	var play func(i int, aFirst bool) (gameResult, error)
	switch f.game {
	case "gyre":
		play = func(i int, aFirst bool) (gameResult, error) { return playGyre(i, aFirst, la, lb, ta, tb, f) }
	case "gyges":
		play = func(i int, aFirst bool) (gameResult, error) {
			return playGyges(i, aFirst, la, lb, ta, tb, f, *maxPlies)
		}
	default:
		fmt.Fprintf(stderr, "gygy tournament: unknown game %q\n", f.game)
		return 2
	}
	results := make([]gameResult, *games)
	errs := make([]error, *games)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < *parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each game keeps to one thread, which the cpu clock reads.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range next {
				results[i], errs[i] = play(i, i%2 == 0)
			}
		}()
	}
	for i := 0; i < *games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			fmt.Fprintf(stderr, "gygy tournament: game %d: %v\n", i+1, err)
			return 1
		}
	}
	writeTable(stdout, f, la, lb, ta.MoveTime, tb.MoveTime, *clock, results)
	return 0
}

// writeTable prints the score of A with a 95% Wilson interval, and what
// the games say about the sides.
func writeTable(w io.Writer, f botFlags, la, lb bot.Level, ta, tb time.Duration, clock string, rs []gameResult) {
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
	lo, hi := balance.Wilson(aWins, len(rs))
	what := f.game
	if f.game == "gyre" {
		what = fmt.Sprintf("gyre %s%s", f.size.size, map[bool]string{true: " noswap", false: " swap"}[f.noswap])
	} else if f.variant != "" {
		what += " " + f.variant
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
	if f.game == "gyre" && !f.noswap {
		fmt.Fprintf(w, "; swap taken in %d games (%.1f%%)", swaps, 100*float64(swaps)/n)
	}
	fmt.Fprintln(w)
}

// playGyre plays one game; A is player One when aFirst.
func playGyre(i int, aFirst bool, la, lb bot.Level, ta, tb bot.Timing, f botFlags) (gameResult, error) {
	v := gyre.Classic
	if f.noswap {
		v = gyre.NoSwap
	}
	g, err := gyre.NewGame(f.size.size, v)
	if err != nil {
		return gameResult{}, err
	}
	seed := f.seed*1_000_003 + uint64(i)
	one, two := bot.NewGyre(la, seed), bot.NewGyre(lb, seed+500_000)
	one.Timing, two.Timing = ta, tb
	if !aFirst {
		one, two = two, one
	}
	if err := balance.Play(context.Background(), g, one, two); err != nil {
		return gameResult{}, err
	}
	winner := g.Controller(g.Winner())
	return gameResult{
		aWon:      (winner == gyre.One) == aFirst,
		plies:     len(g.Record()),
		firstWon:  winner == gyre.One,
		swapped:   g.Swapped(),
		colourWon: g.Winner().String(),
	}, nil
}
