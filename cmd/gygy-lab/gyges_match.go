package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/gyges"
)

// The match of two Hards that differ only in how they judge a position
// (gygy-lab gyges match): setups shared by each pair of games, colours
// swapped, each side's time counted on its own thread's CPU clock.

// evaluation is what a Hard of the laboratory judges positions by: the
// learned one with weights (HandGygesWeights: the hand one), or a
// function of the features (a network).
type evaluation struct {
	weights *bot.GygesWeights
	eval    func(*bot.GygesFeatures) int
}

// give makes b judge by e.
func (e evaluation) give(b *bot.GygesBot) { b.Weights, b.Eval = e.weights, e.eval }

// loadEvaluation reads an evaluation by name: hand, shipped, a weights
// file, or net:FILE, a network written by gygy-lab gyges net.
func loadEvaluation(name string) (evaluation, error) {
	switch name {
	case "hand":
		w := bot.HandGygesWeights
		return evaluation{weights: &w}, nil
	case "shipped":
		w := bot.ShippedGygesWeights()
		return evaluation{weights: &w}, nil
	}
	if file, ok := strings.CutPrefix(name, "net:"); ok {
		n, err := readGygesNet(file)
		if err != nil {
			return evaluation{}, err
		}
		return evaluation{eval: n.evaluator()}, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return evaluation{}, err
	}
	w, err := bot.ParseGygesWeights(string(data))
	return evaluation{weights: &w}, err
}

func gygesMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s selfplay
	games := fs.Int("games", 20, "number of games, an even number: each pair shares its setups, colours swapped")
	fs.Uint64Var(&s.seed, "seed", 1, "seed of the setups")
	fs.IntVar(&s.nodes, "nodes", 0, "Hard's nodes a move (default: Hard's own budget; with --movetime, whichever ends first)")
	fs.DurationVar(&s.moveTime, "movetime", 0, "thinking time a move (default: none, the nodes decide)")
	fs.DurationVar(&s.bMoveTime, "b-movetime", 0, "B's thinking time a move, if not --movetime's (B given twice the time, say)")
	clock := fs.String("clock", "cpu", "what --movetime counts: wall or cpu (the thread's CPU time; Linux)")
	aName := fs.String("a", "shipped", "A's evaluation: hand, shipped, a weights file or net:FILE (gygy-lab gyges net)")
	bName := fs.String("b", "hand", "B's evaluation")
	fs.IntVar(&s.maxPlies, "maxplies", 200, "a game this long is stopped and counted half a point each")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 || *games <= 0 || *games%2 != 0 {
		fmt.Fprintln(stderr, "gygy-lab gyges match: --games must be positive and even, and no argument")
		return 2
	}
	for i, name := range []string{*aName, *bName} {
		e, err := loadEvaluation(name)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyges match: %s: %v\n", name, err)
			return 1
		}
		s.evals[i] = e
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	switch *clock {
	case "wall":
		s.now = time.Now
	case "cpu":
		now, err := threadClock()
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyges match: %v\n", err)
			return 2
		}
		s.now = now
	default:
		fmt.Fprintf(stderr, "gygy-lab gyges match: --clock takes wall or cpu, not %q\n", *clock)
		return 2
	}
	var points2, firstPoints2 [2]int // half points of A, by A's seat (0 South)
	var played [2]int
	for i := range *games {
		g, err := s.matchGame(context.Background(), i)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyges match: game %d: %v\n", i+1, err)
			return 1
		}
		aSide := gyges.Side(i % 2) // A is South in the even games
		pts := 1
		if g.over {
			pts = map[bool]int{true: 2, false: 0}[g.winner == aSide]
		}
		points2[aSide] += pts
		played[aSide]++
		if g.over && g.winner == gyges.South {
			firstPoints2[0] += 2
		}
		fmt.Fprintf(stderr, "game %d: A %s, %s, %d plies: %s\n", i+1, aSide, map[int]string{2: "A won", 1: "stopped", 0: "B won"}[pts], len(g.moves), g)
	}
	total := points2[0] + points2[1]
	lo, hi := stats.Wilson(total/2, *games) // half points rounded down: the interval errs low
	bTime := s.moveTime
	if s.bMoveTime > 0 {
		bTime = s.bMoveTime
	}
	fmt.Fprintf(stdout, "gyges match, %d games, setups shared by pairs, colours swapped, A %v and B %v a move (%s clock), nodes %d\n", *games, s.moveTime, bTime, *clock, s.nodes)
	fmt.Fprintf(stdout, "A %s against B %s: A scored %.1f of %d (%.1f%%), 95%% interval %.1f%% to %.1f%%\n",
		*aName, *bName, float64(total)/2, *games, 50*float64(total)/float64(*games), 100*lo, 100*hi)
	fmt.Fprintf(stdout, "A as South %.1f of %d, as North %.1f of %d; South won %d games\n",
		float64(points2[0])/2, played[0], float64(points2[1])/2, played[1], firstPoints2[0]/2)
	return 0
}

// matchGame plays game i of a match: the setups of pair i/2, A South in
// the even games.
func (s selfplay) matchGame(ctx context.Context, i int) (selfGame, error) {
	rng := rand.New(rand.NewPCG(s.seed, uint64(i/2)))
	south, north := randomLayouts(rng)
	var bots [2]*bot.GygesBot
	for k := range 2 {
		sd := (k + i) % 2 // A (k 0) is South in the even games
		b := bot.NewGyges(bot.Hard, s.seed+uint64(i)<<1+uint64(k))
		b.Nodes = s.nodes
		s.evals[k].give(b)
		if t := s.moveTime; t > 0 || s.bMoveTime > 0 {
			if k == 1 && s.bMoveTime > 0 {
				t = s.bMoveTime
			}
			b.Timing = bot.Timing{Now: s.now, MoveTime: t}
		}
		bots[sd] = b
	}
	return s.play(ctx, south, north, bots, rng)
}
