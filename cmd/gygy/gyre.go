package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"gygy/cmd/internal/cli"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

func runGyre(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: gygy gyre winner|selfplay|bench|solve [flags]")
		return 2
	}
	switch args[0] {
	case "winner":
		return gyreWinner(args[1:], stdin, stdout, stderr)
	case "selfplay":
		return gyreSelfplay(args[1:], stdout, stderr)
	case "bench":
		return gyreBench(args[1:], stdout, stderr)
	case "solve":
		return gyreSolve(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, `usage:
  gygy gyre winner [POSITION...]   one line per position: spoke, gyre or none;
                                   with no arguments, positions are read from stdin
  gygy gyre selfplay [--size RxC] [--games N] [--seed S] [--noswap] [--records]
  gygy gyre bench [--size RxC] [--playouts N] [--seed S]
  gygy gyre solve [--tomove spoke|gyre] [--one] [--nodes N] [--table BITS] POSITION|RECORD|RxC
                                   proves who wins with perfect play and lists every
                                   winning move (boards of up to 64 cells; RxC: empty)
The studies (swapmap, blunders, match, solvedset, score, opening) are in
gygy-lab: "gygy-lab gyre -h".
`)
		return 0
	}
	fmt.Fprintf(stderr, "gygy gyre: unknown command %q (want winner, selfplay, bench or solve; the studies are in gygy-lab)\n", args[0])
	return 2
}

// winnerName is the CLI's word for a board's result.
func winnerName(c gyre.Color) string {
	if c == gyre.Empty {
		return "none"
	}
	return c.String()
}

// gyreWinner judges positions given as arguments or, with none, one per
// line of stdin. A malformed position stops it with the line named.
func gyreWinner(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	judge := func(where, text string) bool {
		b, err := gyre.ParsePosition(strings.TrimSpace(text))
		if err != nil {
			fmt.Fprintf(stderr, "gygy gyre winner: %s: %v\n", where, err)
			return false
		}
		fmt.Fprintln(stdout, winnerName(b.Winner()))
		return true
	}
	if len(args) > 0 {
		for i, a := range args {
			if !judge(fmt.Sprintf("position %d", i+1), a) {
				return 1
			}
		}
		return 0
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if !judge(fmt.Sprintf("line %d", line), sc.Text()) {
			return 1
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "gygy gyre winner: reading input: %v\n", err)
		return 1
	}
	return 0
}

func gyreSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy gyre selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := &cli.Size{Size: gyre.Standard}
	fs.Var(size, "size", "board size RxC")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	noswap := fs.Bool("noswap", false, "play the variant without the swap rule")
	records := fs.Bool("records", false, "print every game record")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v := gyre.Classic
	if *noswap {
		v = gyre.NoSwap
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	var wins [3]int
	var swaps, plies int
	var moves []gyre.Move
	for i := 0; i < *games; i++ {
		g, err := gyre.NewGame(size.Size, v)
		if err != nil {
			fmt.Fprintf(stderr, "gygy gyre selfplay: %v\n", err)
			return 1
		}
		for !g.Over() {
			moves = g.Moves(moves[:0])
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				fmt.Fprintf(stderr, "gygy gyre selfplay: game %d: %v\n", i+1, err)
				return 1
			}
		}
		b := g.Board()
		if b.Bridge() == b.Loop() {
			fmt.Fprintf(stderr, "gygy gyre selfplay: game %d ended with bridge %v and loop %v\n%s\n", i+1, b.Bridge(), b.Loop(), g)
			return 1
		}
		wins[g.Winner()]++
		if g.Swapped() {
			swaps++
		}
		plies += len(g.Record())
		if *records {
			fmt.Fprintf(stdout, "%s\n\n", g)
		}
	}
	fmt.Fprintf(stdout, "%d random games on %s%s: spoke %d, gyre %d, swaps %d, average %.1f moves; every game ended with exactly one winner\n",
		*games, size.Size, map[bool]string{true: " noswap", false: ""}[*noswap], wins[gyre.Spoke], wins[gyre.Gyre], swaps, float64(plies)/float64(max(*games, 1)))
	return 0
}

func gyreBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy gyre bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := &cli.Size{Size: gyre.Standard}
	fs.Var(size, "size", "board size RxC")
	n := fs.Int("playouts", 200_000, "playouts of each kind")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *n <= 0 {
		fmt.Fprintln(stderr, "gygy gyre bench: --playouts must be positive")
		return 2
	}
	geo, err := gyre.GeometryOf(size.Size)
	if err != nil {
		fmt.Fprintf(stderr, "gygy gyre bench: %v\n", err)
		return 1
	}
	empty := gyre.NewBoard(geo)
	r := gyre.NewRoller(rand.New(rand.NewPCG(*seed, 0)))
	var board gyre.Board
	incremental := timeIt(*n, func() gyre.Color {
		board = empty
		return r.Playout(&board, gyre.Spoke)
	})
	fill := timeIt(*n, func() gyre.Color { return r.Fill(&empty, gyre.Spoke) })
	fmt.Fprintf(stdout, "random playouts on an empty %s board, one core:\n", size.Size)
	fmt.Fprintf(stdout, "  incremental (stops at the winning stone): %10.0f playouts/s  (spoke wins %.1f%%)\n", incremental.rate, incremental.spoke*100)
	fmt.Fprintf(stdout, "  fill, then judge the full board:          %10.0f playouts/s  (spoke wins %.1f%%)\n", fill.rate, fill.spoke*100)
	return 0
}

type benchResult struct{ rate, spoke float64 }

func timeIt(n int, playout func() gyre.Color) benchResult {
	spoke := 0
	start := time.Now()
	for i := 0; i < n; i++ {
		if playout() == gyre.Spoke {
			spoke++
		}
	}
	elapsed := time.Since(start)
	return benchResult{rate: float64(n) / elapsed.Seconds(), spoke: float64(spoke) / float64(n)}
}

// solveInput reads what solve is asked about: an empty board given by its
// size, a game record, or a position string. The side to move comes from
// the record or the stone counts unless toMove names it; open reports a
// record whose swap decision is still to come.
func solveInput(text, toMove string) (b gyre.Board, col gyre.Color, open bool, err error) {
	text = strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(text, "GYRE"):
		g, err := gyre.ParseRecord(text)
		if err != nil {
			return b, 0, false, err
		}
		b, col, open = g.Board(), g.ToMove(), g.SwapAvailable()
	case !strings.Contains(text, "/"):
		s, err := gyre.ParseSize(text)
		if err != nil {
			return b, 0, false, err
		}
		b = gyre.NewBoard(gyre.MustGeometry(s))
		col = gyre.Spoke
	default:
		if b, err = gyre.ParsePosition(text); err != nil {
			return b, 0, false, err
		}
		if w := b.Winner(); w != gyre.Empty {
			return b, 0, false, fmt.Errorf("%w: %s has won", solve.ErrOver, w)
		}
		switch sp, gy := b.Stones(gyre.Spoke), b.Stones(gyre.Gyre); {
		case sp == gy:
			col = gyre.Spoke
		case sp == gy+1:
			col = gyre.Gyre
		case toMove == "":
			return b, 0, false, fmt.Errorf("%d spoke and %d gyre stones: say who moves with --tomove", sp, gy)
		}
	}
	switch toMove {
	case "":
	case "spoke":
		col, open = gyre.Spoke, false
	case "gyre":
		col, open = gyre.Gyre, false
	default:
		return b, 0, false, fmt.Errorf("--tomove %q: want spoke or gyre", toMove)
	}
	return b, col, open, nil
}

func gyreSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy gyre solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f cli.SolveFlags
	f.Register(fs)
	toMove := fs.String("tomove", "", "side to move: spoke or gyre (default: from the record or the stone counts)")
	one := fs.Bool("one", false, "stop at the first winning move instead of listing them all")
	rest, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) == 0 {
		fmt.Fprintln(stderr, "usage: gygy gyre solve [--tomove spoke|gyre] POSITION|RECORD|RxC")
		return 2
	}
	b, col, open, err := solveInput(strings.Join(rest, " "), *toMove)
	if err != nil {
		fmt.Fprintf(stderr, "gygy gyre solve: %v\n", err)
		return 1
	}
	sv, err := f.Solver(b.Size())
	if err != nil {
		fmt.Fprintf(stderr, "gygy gyre solve: %v\n", err)
		return 1
	}
	start := time.Now()
	most := b.Stones(gyre.Empty)
	if *one {
		most = 0
	}
	res, err := sv.SolveUpTo(context.Background(), &b, col, most)
	elapsed := time.Since(start)
	if err != nil {
		fmt.Fprintf(stderr, "gygy gyre solve: %v (after %d positions, %v)\n", err, res.Nodes, elapsed.Round(time.Millisecond))
		return 1
	}
	geo := b.Geometry()
	fmt.Fprintf(stdout, "%s, %s to move: %s wins\n", b.Size(), col, res.Winner())
	names := make([]string, len(res.Winning))
	for i, c := range res.Winning {
		names[i] = geo.CellName(c)
	}
	if *one && res.Win {
		fmt.Fprintf(stdout, "a winning move: %s\n", names[0])
	} else {
		fmt.Fprintf(stdout, "winning moves (%d of %d): %s\n", len(names), b.Stones(gyre.Empty), strings.Join(names, " "))
	}
	if open {
		advice := "keep"
		if !res.Win {
			advice = "swap"
		}
		fmt.Fprintf(stdout, "swap rule: player 2 should %s\n", advice)
	}
	fmt.Fprintf(stdout, "%d positions in %v\n", res.Nodes, elapsed.Round(time.Microsecond))
	return 0
}
