package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"gygy/cmd/gygy-lab/internal/knobs"
	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// Studies of the bots against the solver's ground truth: where they throw
// games away, and how often they find the winning move.

// studyFlags are the flags the studies share.
type studyFlags struct {
	size     cli.Size
	games    int
	playouts int
	seed     uint64
	empties  int
	nodes    int64
	table    int
	random   int
}

func (f *studyFlags) register(fs *flag.FlagSet) {
	f.size = cli.Size{Size: gyre.Size{Rings: 8, Cols: 6}}
	fs.Var(&f.size, "size", "board size RxC (at most 64 cells)")
	fs.IntVar(&f.games, "games", 10, "number of games")
	fs.IntVar(&f.playouts, "playouts", 0, "playouts per move for every bot (0: each level's own budget)")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
	fs.IntVar(&f.empties, "empties", 40, "solve positions with at most this many empty cells")
	fs.Int64Var(&f.nodes, "nodes", 500_000, "solver budget per position; a position over it counts as unsolved")
	fs.IntVar(&f.table, "table", 22, "solver table of 2^BITS entries")
}

// newBot makes a bot of a level with the study's playout count.
func (f *studyFlags) newBot(l bot.Level, seed uint64) *bot.Player {
	return bot.NewPlayer(bot.Config{Level: l, Seed: seed, Tuning: bot.Tuning{Work: f.playouts}})
}

// playWithout plays one game of a variant without the swap (NoSwap or
// GyreFirst) between two bots to the end, and returns it.
func playWithout(size gyre.Size, v gyre.Variant, spoke, gyreBot *bot.Player) (*gyre.Game, error) {
	// Without the swap each player keeps a colour: player 1 plays the
	// colour that moves first.
	p1, p2 := spoke, gyreBot
	if v == gyre.GyreFirst {
		p1, p2 = gyreBot, spoke
	}
	return loop.PlayGyre(context.Background(), size, v, p1, p2, loop.Options{})
}

// gyreBlunders plays games between two levels and replays each through
// the solver from the first position it can prove, to find the moves that
// turned a won game into a lost one.
func gyreBlunders(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre blunders", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f studyFlags
	f.register(fs)
	spokeName := fs.String("spoke", "hard", "level playing Spoke")
	gyreName := fs.String("gyre", "hard", "level playing Gyre")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		return 2
	}
	ls, err1 := bot.ParseLevel(*spokeName)
	lg, err2 := bot.ParseLevel(*gyreName)
	if err1 != nil || err2 != nil {
		fmt.Fprintln(stderr, "gygy-lab gyre blunders: --spoke and --gyre take easy, medium or hard")
		return 2
	}
	sv, err := solve.New(f.size.Size, solve.Config{TableBits: f.table, MaxNodes: f.nodes})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre blunders: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s noswap, spoke %s vs gyre %s, %s playouts a move; solved back from the end, at most %d empty cells and %d positions each\n",
		f.size.Size, ls, lg, playoutName(f.playouts), f.empties, f.nodes)
	var wins [3]int
	var blunders [3]int // decisive errors by colour
	for i := 0; i < f.games; i++ {
		seed := f.seed*1_000_003 + uint64(i)
		g, err := playWithout(f.size.Size, gyre.NoSwap, f.newBot(ls, seed), f.newBot(lg, seed+500_000))
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre blunders: game %d: %v\n", i+1, err)
			return 1
		}
		wins[g.Winner()]++
		report, by := analyseGame(sv, g, f.empties)
		if by != gyre.Empty {
			blunders[by]++
		}
		fmt.Fprintf(stdout, "game %d: %s won in %d moves; %s\n", i+1, g.Winner(), len(g.Record()), report)
	}
	fmt.Fprintf(stdout, "spoke won %d, gyre won %d; the loser had a proven win and threw it away: spoke %d, gyre %d\n",
		wins[gyre.Spoke], wins[gyre.Gyre], blunders[gyre.Spoke], blunders[gyre.Gyre])
	return 0
}

func playoutName(n int) string {
	if n <= 0 {
		return "the level's"
	}
	return fmt.Sprint(n)
}

// analyseGame solves the positions of a finished game where the eventual
// loser is to move, from the end backwards until the solver's budget runs
// out, among those with at most empties empty cells, and
// describes the earliest proven error: a move by the loser from a position
// it could win. It returns the description and the colour of that move,
// or Empty.
func analyseGame(sv *solve.Solver, g *gyre.Game, empties int) (string, gyre.Color) {
	rec := g.Record()
	geo := g.Geometry()
	loser := g.Winner().Other()
	boards := make([]gyre.Board, len(rec))
	replay, _ := gyre.NewGame(g.Size(), gyre.NoSwap)
	for ply, m := range rec {
		boards[ply] = replay.Board()
		replay.Apply(m)
	}
	from := len(rec)
	var earliest string
	var flips int
	for ply := len(rec) - 1; ply >= 0; ply-- {
		b := boards[ply]
		if b.Stones(gyre.Empty) > empties {
			break
		}
		if (b.Stones(gyre.Spoke) > b.Stones(gyre.Gyre)) != (loser == gyre.Gyre) {
			continue // the winner moves here
		}
		res, err := sv.SolveAll(context.Background(), &b, loser)
		if err != nil {
			break
		}
		from = ply
		if m := rec[ply]; res.Win && !contains(res.Winning, m) {
			flips++
			names := make([]string, len(res.Winning))
			for i, c := range res.Winning {
				names[i] = geo.CellName(c)
			}
			earliest = fmt.Sprintf("move %d (%s %s, %d empty) lost a won game; winning were %s",
				ply+1, loser, geo.MoveName(m), b.Stones(gyre.Empty), strings.Join(names, " "))
		}
	}
	switch {
	case from == len(rec):
		return "no position of the loser solved", gyre.Empty
	case flips == 0:
		return fmt.Sprintf("%s was lost from move %d on (%d empty), as far back as solved", loser, from+1, boards[from].Stones(gyre.Empty)), gyre.Empty
	}
	return fmt.Sprintf("solved from move %d: %s (%d such moves)", from+1, earliest, flips), loser
}

func contains(cells []gyre.Cell, m gyre.Move) bool {
	for _, c := range cells {
		if gyre.Place(c) == m {
			return true
		}
	}
	return false
}

// gyreMatch plays two bots against each other with fixed playout counts
// (not time: on a shared machine a clock measures the load as much as the
// bots), colours alternated, and reports A's score and each colour's.
func gyreMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f studyFlags
	f.register(fs)
	aName := fs.String("a", "hard", "level of bot A")
	bName := fs.String("b", "hard", "level of bot B")
	aPlayouts := fs.Int("a-playouts", 0, "A's playouts a move (0: its level's budget)")
	bPlayouts := fs.Int("b-playouts", 0, "B's playouts a move (0: its level's budget)")
	aPlain := fs.Bool("a-plain", false, "A without the added knowledge (the bot as it was)")
	bPlain := fs.Bool("b-plain", false, "B without the added knowledge")
	aKnow := fs.String("a-know", "", "A's knowledge as Spoke/as Gyre, e.g. pr/- (p the distances' priors, r last-good-reply playouts, l the learned priors, - none; default: the bot's own)")
	bKnow := fs.String("b-know", "", "B's knowledge, as --a-know")
	aPriors := fs.String("a-priors", "", "A's prior terms: Spoke own, Spoke cut, Gyre own, Gyre cut (four numbers, comma-separated)")
	bPriors := fs.String("b-priors", "", "B's prior terms, as --a-priors")
	aSpoke := fs.Bool("a-spoke", false, "A always plays Spoke (default: colours alternate)")
	gyreFirst := fs.Bool("gyrefirst", false, "Gyre moves first (the variant gyrefirst; default noswap, Spoke first)")
	movetime := fs.Duration("movetime", 0, "also bound every move by this much time (the level's or --a/b-playouts' work still bounds it)")
	clock := fs.String("clock", "cpu", "with --movetime: wall or cpu (this thread's CPU time; Linux)")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 || f.games <= 0 {
		return 2
	}
	now := time.Now
	if *movetime > 0 && *clock == "cpu" {
		runtime.LockOSThread() // the games run on this goroutine: its thread's clock
		defer runtime.UnlockOSThread()
		c, err := threadClock()
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre match: %v\n", err)
			return 2
		}
		now = c
	} else if *clock != "cpu" && *clock != "wall" {
		fmt.Fprintf(stderr, "gygy-lab gyre match: --clock takes wall or cpu, not %q\n", *clock)
		return 2
	}
	la, err1 := bot.ParseLevel(*aName)
	lb, err2 := bot.ParseLevel(*bName)
	if err1 != nil || err2 != nil {
		fmt.Fprintln(stderr, "gygy-lab gyre match: --a and --b take easy, medium or hard")
		return 2
	}
	mk := func(l bot.Level, t bot.Tuning, seed uint64) *bot.Player {
		c := bot.Config{Level: l, Seed: seed, Tuning: t}
		if *movetime > 0 {
			c.Timing = bot.Timing{Now: now, MoveTime: *movetime}
		}
		return bot.NewPlayer(c)
	}
	pa, errA := parsePriors(*aPriors)
	pb, errB := parsePriors(*bPriors)
	ka, errKA := parseKnowledge(*aKnow)
	kb, errKB := parseKnowledge(*bKnow)
	if err := errors.Join(errA, errB, errKA, errKB); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre match: %v\n", err)
		return 2
	}
	variant := gyre.NoSwap
	if *gyreFirst {
		variant = gyre.GyreFirst
	}
	var aWins, spokeWins int
	var asSpoke, asSpokeWon, asGyre, asGyreWon int
	for i := 0; i < f.games; i++ {
		seed := f.seed*1_000_003 + uint64(i)
		a := mk(la, bot.Tuning{Work: *aPlayouts, Plain: *aPlain, Knowledge: ka, Priors: pa}, seed)
		b := mk(lb, bot.Tuning{Work: *bPlayouts, Plain: *bPlain, Knowledge: kb, Priors: pb}, seed+500_000)
		aIsSpoke := *aSpoke || i%2 == 0
		spoke, gyreBot := a, b
		if !aIsSpoke {
			spoke, gyreBot = b, a
		}
		g, err := playWithout(f.size.Size, variant, spoke, gyreBot)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre match: game %d: %v\n", i+1, err)
			return 1
		}
		won := (g.Winner() == gyre.Spoke) == aIsSpoke
		if won {
			aWins++
		}
		if g.Winner() == gyre.Spoke {
			spokeWins++
		}
		if aIsSpoke {
			asSpoke++
			if won {
				asSpokeWon++
			}
		} else {
			asGyre++
			if won {
				asGyreWon++
			}
		}
	}
	n := float64(f.games)
	lo, hi := stats.Wilson(aWins, f.games)
	desc := func(l bot.Level, p int, plain bool, know, priors string) string {
		s := fmt.Sprintf("%s/%s", l, playoutName(p))
		if plain {
			s += "/plain"
		}
		if know != "" {
			s += "/know=" + know
		}
		if priors != "" {
			s += "/priors=" + priors
		}
		return s
	}
	budget := "fixed playouts"
	if *movetime > 0 {
		budget = fmt.Sprintf("%v a move (%s clock) or the playouts, whichever first", *movetime, *clock)
	}
	fmt.Fprintf(stdout, "%s %s, A %s vs B %s, %d games, %s\n", f.size.Size, variant, desc(la, *aPlayouts, *aPlain, *aKnow, *aPriors), desc(lb, *bPlayouts, *bPlain, *bKnow, *bPriors), f.games, budget)
	fmt.Fprintf(stdout, "A won %d (%.1f%%, 95%% %.1f-%.1f%%)", aWins, 100*float64(aWins)/n, 100*lo, 100*hi)
	for _, side := range []struct {
		name string
		k, n int
	}{{"spoke", asSpokeWon, asSpoke}, {"gyre", asGyreWon, asGyre}} {
		if side.n > 0 {
			l, h := stats.Wilson(side.k, side.n)
			fmt.Fprintf(stdout, "; as %s %d of %d (%.0f-%.0f%%)", side.name, side.k, side.n, 100*l, 100*h)
		}
	}
	sl, sh := stats.Wilson(spokeWins, f.games)
	fmt.Fprintf(stdout, "; spoke won %d of %d (%.0f-%.0f%%)\n", spokeWins, f.games, 100*sl, 100*sh)
	return 0
}

// parsePriors reads --a-priors: "" for the defaults, else four numbers
// (knobs.Priors).
func parsePriors(text string) (*[2]bot.PriorTerms, error) {
	if text == "" {
		return nil, nil
	}
	p, err := knobs.Priors(text)
	return &p, err
}

// parseKnowledge reads --a-know: "" for the bot's own, else the knowledge
// as Spoke and as Gyre (knobs.Knowledge).
func parseKnowledge(text string) (*[2]bot.Knowledge, error) {
	if text == "" {
		return nil, nil
	}
	k, err := knobs.Knowledge(text)
	return &k, err
}
