package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

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
	record    string
}

// tournament is one tournament's set-up.
type tournament struct {
	f        cli.BotFlags
	la, lb   bot.Level
	ta, tb   bot.Timing
	maxPlies int
	// opening is K of the GYRE variant `opening K`, or -1 for the swap
	// rule of the flags (--noswap or the plain swap).
	opening int
	// stateless plays every action through bot.Next on the record so
	// far, with a new seed, as the browser does (stateless.go).
	stateless bool
	// work, when positive, caps every move's work (bot.Tuning.Work):
	// with time to spare, the games depend on the seed alone.
	work int
	// know, if not nil, is both GYRE bots' knowledge (bot.Tuning.Knowledge).
	know *[2]bot.Knowledge
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
	fs.IntVar(&t.opening, "opening", -1, "GYRE: the variant `opening K` (player 1 places K Gyre stones and a Spoke one, player 2 chooses a side)")
	logName := fs.String("log", "", "append one line a finished game to this file (who won, and the record), so that a long run can be read before its end")
	fs.IntVar(&t.work, "work", 0, "at most this much work a move for both bots, playouts for GYRE and nodes for Gygès (default: each level's own); with a --movetime to spare, the games depend on --seed alone")
	knowText := fs.String("know", "", "GYRE: both bots' knowledge as Spoke/as Gyre, e.g. pr/p (as for gyre match; default: each level's own)")
	fs.BoolVar(&t.stateless, "stateless", false, "every action by a new bot on the record so far, with a new seed, as the browser's worker plays (default: one bot a seat for the whole game)")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(stderr, "gygy-lab tournament: unexpected argument %q\n", rest[0])
		}
		return 2
	}
	var errA, errB error
	t.la, errA = bot.ParseLevel(*aName)
	t.lb, errB = bot.ParseLevel(*bName)
	if errA != nil || errB != nil || *games <= 0 || *parallel <= 0 || t.f.Scale <= 0 || t.work < 0 {
		fmt.Fprintln(stderr, "gygy-lab tournament: --a and --b take easy, medium or hard; --games, --parallel and --scale must be positive, --work not negative")
		return 2
	}
	var err error
	if t.know, err = parseKnowledge(*knowText); err != nil {
		fmt.Fprintf(stderr, "gygy-lab tournament: --know: %v\n", err)
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
	if t.opening >= 0 {
		if t.f.Game != "gyre" || t.f.NoSwap {
			fmt.Fprintln(stderr, "gygy-lab tournament: --opening is for GYRE with the swap (not with --noswap or --game gyges)")
			return 2
		}
		if err := t.gyreVariant().Fits(t.f.Size.Size); err != nil {
			fmt.Fprintf(stderr, "gygy-lab tournament: --opening %d: %v\n", t.opening, err)
			return 2
		}
	}
	results := make([]gameResult, *games)
	jobs := make([]int, *games)
	for i := range jobs {
		jobs[i] = i
	}
	var logFile *os.File
	if *logName != "" {
		if logFile, err = os.OpenFile(*logName, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			fmt.Fprintf(stderr, "gygy-lab tournament: %v\n", err)
			return 1
		}
		defer logFile.Close()
	}
	err = pool.Run(context.Background(), jobs, *parallel, t.play, func(i int, r gameResult) error {
		results[i] = r
		if logFile == nil {
			return nil
		}
		_, err := fmt.Fprintf(logFile, "game %d: A %s %s, won by %s, A %s, swap %v: %s\n", i+1, t.la,
			map[bool]string{true: "first", false: "second"}[i%2 == 0], r.colourWon,
			map[bool]string{true: "won", false: "lost"}[r.aWon], r.swapped, r.record)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab tournament: %v\n", err)
		return 1
	}
	writeTable(stdout, t, *clock, results)
	return 0
}

// gyreVariant is the GYRE variant the flags ask for.
func (t *tournament) gyreVariant() gyre.Variant {
	if t.opening >= 0 {
		return gyre.Opening(t.opening)
	}
	return t.f.GyreVariant()
}

// player is the bot of one seat for a game of seed seed.
func (t *tournament) player(l bot.Level, seed uint64, tm bot.Timing) loop.Player {
	c := bot.Config{Level: l, Seed: seed, Timing: tm, Tuning: bot.Tuning{Work: t.work, Knowledge: t.know}}
	if t.stateless {
		return newStateless(c)
	}
	return bot.NewPlayer(c)
}

// newGame is a new game of the tournament's kind.
func (t *tournament) newGame() (game.Game, error) {
	if t.f.Game == "gyre" {
		g, err := gyre.NewGame(t.f.Size.Size, t.gyreVariant())
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
	a := t.player(t.la, seed, t.ta)
	b := t.player(t.lb, seed+500_000, t.tb)
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
		record:   strings.ReplaceAll(g.Record(), "\n", " "),
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
func writeTable(w io.Writer, t tournament, clock string, rs []gameResult) {
	f, la, lb, ta, tb := t.f, t.la, t.lb, t.ta.MoveTime, t.tb.MoveTime
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
		v := t.gyreVariant().String()
		if v == "" {
			v = "swap"
		}
		what = fmt.Sprintf("gyre %s %s", f.Size.Size, v)
	} else if f.Variant != "" {
		what += " " + f.Variant
	}
	how := ""
	if t.stateless {
		how = ", stateless per action"
	}
	fmt.Fprintf(w, "%s, %d games, sides alternated, %s time per move%s\n", what, len(rs), clock, how)
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
	writeSeats(w, t, rs)
}

// writeSeats prints A's score by seat and, for GYRE, by the side A played:
// with `opening K` player 1 builds the opening and player 2 chooses the
// side, so the two seats measure different skills.
func writeSeats(w io.Writer, t tournament, rs []gameResult) {
	var won, played [2]int // by seat: 0 first, 1 second
	sides := map[string][2]int{}
	for i, r := range rs {
		seat := i % 2 // A moves first in the even games
		played[seat]++
		side := r.colourWon
		if !r.aWon {
			side = map[string]string{"spoke": "gyre", "gyre": "spoke"}[r.colourWon]
		}
		s := sides[side]
		s[1]++
		if r.aWon {
			won[seat]++
			s[0]++
		}
		sides[side] = s
	}
	line := func(what string, wins, n int) string {
		lo, hi := stats.Wilson(wins, n)
		return fmt.Sprintf("%s %d of %d (%.0f%% to %.0f%%)", what, wins, n, 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "A by seat: %s; %s\n", line("first", won[0], played[0]), line("second", won[1], played[1]))
	if t.f.Game != "gyre" {
		return
	}
	var parts []string
	for _, side := range []string{"spoke", "gyre"} {
		if s := sides[side]; s[1] > 0 {
			parts = append(parts, line("as "+side, s[0], s[1]))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "A by side: %s\n", strings.Join(parts, "; "))
	}
}
