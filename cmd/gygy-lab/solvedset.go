package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// The solved set: positions proved by the solver, and the bots scored on
// them.

// solvedSizes are the boards of the solved set, from 5 x 6 to 6 x 8.
var solvedSizes = []gyre.Size{{Rings: 5, Cols: 6}, {Rings: 6, Cols: 6}, {Rings: 5, Cols: 7}, {Rings: 6, Cols: 7}, {Rings: 5, Cols: 8}, {Rings: 6, Cols: 8}}

// gyreSolvedSet writes a set of solved positions: from games between two
// Medium bots (the first moves at random, for variety), positions with 20
// to 30 empty cells that the side to move wins (see solvedFromGame), half
// with Gyre to move. Each line: position, side to move, kind, every
// winning move.
func gyreSolvedSet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre solvedset", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f studyFlags
	f.register(fs)
	count := fs.Int("count", 120, "positions to write, half with Gyre to move")
	source := fs.String("source", "games", "where positions come from: games (two bots) or random (stones at random)")
	fs.IntVar(&f.random, "random", 16, "at most this many opening moves played at random (at least half as many)")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 || *count < 2 {
		return 2
	}
	if f.playouts <= 0 {
		f.playouts = 2000
	}
	solvers := map[gyre.Size]*solve.Solver{}
	var have [3]int
	var tally setTally
	fmt.Fprintf(stdout, "# GYRE solved positions: position, side to move, kind, every winning move\n")
	fmt.Fprintf(stdout, "# at most two moves win; kind two: one of them makes two winning cells; narrow: none does, and the opponent threatens to\n")
	from := fmt.Sprintf("games of two bots at %d playouts a move", f.playouts)
	if *source == "random" {
		from = "stones placed at random"
	}
	fmt.Fprintf(stdout, "# from %s (seed %d, solver budget %d positions); made by gygy-lab gyre solvedset\n", from, f.seed, f.nodes)
	for game := 0; have[gyre.Spoke]+have[gyre.Gyre] < *count; game++ {
		size := solvedSizes[game%len(solvedSizes)]
		sv := solvers[size]
		if sv == nil {
			var err error
			if sv, err = solve.New(size, solve.Config{TableBits: f.table, MaxNodes: f.nodes}); err != nil {
				fmt.Fprintf(stderr, "gygy-lab gyre solvedset: %v\n", err)
				return 1
			}
			solvers[size] = sv
		}
		seed := f.seed*1_000_003 + uint64(game)
		var found []string
		var err error
		if *source == "random" {
			found = solvedAtRandom(sv, seed, (*count+1)/2, &have, &tally)
		} else {
			found, err = solvedFromGame(sv, f, seed, (*count+1)/2, &have, &tally)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre solvedset: game %d: %v\n", game+1, err)
			return 1
		}
		for _, line := range found {
			fmt.Fprintln(stdout, line)
		}
		fmt.Fprintf(stderr, "game %d (%s): %d spoke and %d gyre positions so far; tried %d, over budget %d, lost %d, more than two winning moves %d\n",
			game+1, size, have[gyre.Spoke], have[gyre.Gyre], tally.tried, tally.over, tally.lost, tally.many)
	}
	return 0
}

// setTally counts the positions a solved set tried, by why they were
// left out.
type setTally struct{ tried, over, lost, many int }

func (t *setTally) count(res solve.Result, err error) {
	t.tried++
	switch {
	case err != nil:
		t.over++
	case !res.Win:
		t.lost++
	case len(res.Winning) > 2:
		t.many++
	}
}

// solvedFromGame plays one game and returns at most one position of each
// side to move that fits the set, counting them in have: positions with
// no win in one for either side where the mover wins with at most two
// winning moves, of two kinds: "two" when it can win with two stones (a
// double threat), "narrow" when it cannot.
func solvedFromGame(sv *solve.Solver, f studyFlags, seed uint64, per int, have *[3]int, tally *setTally) ([]string, error) {
	size := sv.Size()
	geo := gyre.MustGeometry(size)
	rng := newStudyRand(seed)
	// Spoke wins most games on these boards: when Gyre's positions lag,
	// Spoke plays at random, which leaves Gyre won positions.
	randomSpoke := have[gyre.Gyre] < have[gyre.Spoke]
	spoke, gyreBot := f.newBot(bot.Medium, seed), f.newBot(bot.Medium, seed+500_000)
	var out []string
	sample := sampler(sv, per, have, tally, &out)
	random := f.random/2 + rng.IntN(f.random/2+1) // varied openings
	// Each player first looks at the position for the set, then moves:
	// at random in the opening (and as Spoke when Gyre's positions lag),
	// else as its bot.
	player := func(p *bot.Player) loop.Func {
		return func(ctx context.Context, played game.Game) (bot.Decision, error) {
			g := game.AsGyre(played)
			sample(g)
			if len(g.Record()) < random || randomSpoke && g.ToMove() == gyre.Spoke {
				moves := g.Moves(nil)
				return bot.Decision{Action: geo.MoveName(moves[rng.IntN(len(moves))])}, nil
			}
			return p.Next(ctx, played)
		}
	}
	_, err := loop.PlayGyre(context.Background(), size, gyre.NoSwap, player(spoke), player(gyreBot), loop.Options{})
	return out, err
}

// sampler returns a function that adds the position of a game to out,
// the set's count have and tally, if it fits the set (see solvedFromGame)
// and the side to move has none in out yet.
func sampler(sv *solve.Solver, per int, have *[3]int, tally *setTally, out *[]string) func(g *gyre.Game) {
	var taken [3]bool
	return func(g *gyre.Game) {
		b := g.Board()
		col := g.ToMove()
		empty := b.Stones(gyre.Empty)
		if empty < 20 || empty > 30 || taken[col] || have[col] >= per {
			return
		}
		kind := setKind(&b, col)
		if kind == "" {
			return
		}
		res, err := sv.SolveUpTo(context.Background(), &b, col, 2)
		tally.count(res, err)
		if err == nil && res.Win && len(res.Winning) <= 2 {
			*out = append(*out, setLine(&b, col, kind, res.Winning))
			taken[col] = true
			have[col]++
		}
	}
}

// setLine is a position's line in the set.
func setLine(b *gyre.Board, col gyre.Color, kind string, winning []gyre.Cell) string {
	names := make([]string, len(winning))
	for i, c := range winning {
		names[i] = b.Geometry().CellName(c)
	}
	return fmt.Sprintf("%s %s %s %s", b.String(), col, kind, strings.Join(names, " "))
}

// solvedAtRandom tries one position of stones placed at random, colours
// alternating, none of them winning, with 20 to 30 cells left empty; it
// returns it if it fits the set (see solvedFromGame).
func solvedAtRandom(sv *solve.Solver, seed uint64, per int, have *[3]int, tally *setTally) []string {
	rng := newStudyRand(seed)
	size := sv.Size()
	geo := gyre.MustGeometry(size)
	b := gyre.NewBoard(geo)
	stones := size.Cells() - 20 - rng.IntN(11)
	col := gyre.Spoke
	for _, c := range rng.Perm(size.Cells()) {
		if b.Stones(gyre.Spoke)+b.Stones(gyre.Gyre) == stones {
			break
		}
		next := b
		next.Place(gyre.Cell(c), col)
		if next.Winner() == gyre.Empty {
			b, col = next, col.Other()
		}
	}
	if b.Stones(gyre.Empty) > 30 || have[col] >= per {
		return nil
	}
	kind := setKind(&b, col)
	if kind == "" {
		return nil
	}
	res, err := sv.SolveUpTo(context.Background(), &b, col, 2)
	tally.count(res, err)
	if err != nil || !res.Win || len(res.Winning) > 2 {
		return nil
	}
	have[col]++
	return []string{setLine(&b, col, kind, res.Winning)}
}

// setKind says whether a position may join the solved set, and as what:
// "two" when col can win with two stones (a stone that makes two winning
// cells, which the bots' tactical check finds without searching),
// "narrow" when it cannot but the opponent has such a stone, so that only
// the few moves that meet it can win (the solver decides); "" when either
// side can win in one or neither has such a stone, where positions with
// only one or two winning moves are too rare to look for.
func setKind(b *gyre.Board, col gyre.Color) string {
	if len(b.WinningCells(nil, col)) > 0 || len(b.WinningCells(nil, col.Other())) > 0 {
		return ""
	}
	if _, ok := b.DoubleThreat(col); ok {
		return "two"
	}
	if _, ok := b.DoubleThreat(col.Other()); ok {
		return "narrow"
	}
	return ""
}

func newStudyRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x73747564)) }

// solvedPosition is one line of a solved set.
type solvedPosition struct {
	game    *gyre.Game
	kind    string
	winning []gyre.Move
}

// readSolvedSet reads a solved set: lines of position, side to move and
// winning cells; '#' starts a comment.
func readSolvedSet(r io.Reader) ([]solvedPosition, error) {
	text, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var out []solvedPosition
	for i, line := range strings.Split(string(text), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 4 || (fields[2] != "two" && fields[2] != "narrow") {
			return nil, fmt.Errorf("line %d: want a position, the side to move, two or narrow, and the winning cells", i+1)
		}
		g, err := gyre.GameFromPosition(fields[0], gyre.NoSwap)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if g.ToMove().String() != fields[1] {
			return nil, fmt.Errorf("line %d: %s to move, but the stones say %s", i+1, fields[1], g.ToMove())
		}
		p := solvedPosition{game: g, kind: fields[2]}
		for _, name := range fields[3:] {
			m, err := g.Geometry().ParseMove(name)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			p.winning = append(p.winning, m)
		}
		out = append(out, p)
	}
	return out, nil
}

// gyreScore plays each position of a solved set with a bot of each level
// and counts the winning moves it finds, by side to move.
func gyreScore(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f studyFlags
	f.register(fs)
	levels := fs.String("levels", "medium,hard", "levels to score, comma-separated")
	plain := fs.Bool("plain", false, "the bots without the added knowledge")
	know := fs.String("know", "", "the bots' knowledge as Spoke/as Gyre, e.g. pr/- (p priors, r last-good-reply playouts; default: the bots' own)")
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil || len(rest) > 1 {
		return 2
	}
	in := stdin
	if len(rest) == 1 {
		file, err := os.Open(rest[0])
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre score: %v\n", err)
			return 1
		}
		defer file.Close()
		in = file
	}
	k, err := parseKnowledge(*know)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre score: --know: %v\n", err)
		return 2
	}
	set, err := readSolvedSet(in)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre score: %v\n", err)
		return 1
	}
	for _, name := range strings.Split(*levels, ",") {
		l, err := bot.ParseLevel(name)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre score: %v\n", err)
			return 2
		}
		for _, kind := range []string{"narrow", "two"} {
			var right, total [3]int
			for i, p := range set {
				if p.kind != kind {
					continue
				}
				c := bot.Config{Level: l, Seed: f.seed + uint64(i), Tuning: bot.Tuning{Work: f.playouts, Plain: *plain, Knowledge: k}}
				d, err := bot.Next(context.Background(), game.FromGyre(p.game.Clone()), c)
				var m gyre.Move
				if err == nil {
					m, err = p.game.Geometry().ParseMove(d.Action)
				}
				if err != nil {
					fmt.Fprintf(stderr, "gygy-lab gyre score: position %d: %v\n", i+1, err)
					return 1
				}
				col := p.game.ToMove()
				total[col]++
				for _, w := range p.winning {
					if w == m {
						right[col]++
					}
				}
			}
			k, n := right[gyre.Spoke]+right[gyre.Gyre], total[gyre.Spoke]+total[gyre.Gyre]
			if n == 0 {
				continue
			}
			lo, hi := stats.Wilson(k, n)
			glo, ghi := stats.Wilson(right[gyre.Gyre], total[gyre.Gyre])
			fmt.Fprintf(stdout, "%-6s %s playouts, %-6s %d of %d winning moves (%.1f%%, 95%% %.1f-%.1f%%); gyre to move %d of %d (%.1f-%.1f%%), spoke to move %d of %d\n",
				l, playoutName(f.playouts), kind, k, n, 100*float64(k)/float64(n), 100*lo, 100*hi,
				right[gyre.Gyre], total[gyre.Gyre], 100*glo, 100*ghi, right[gyre.Spoke], total[gyre.Spoke])
		}
	}
	return 0
}
