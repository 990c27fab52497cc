package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gygy/cmd/internal/cli"
	"gygy/engine/gyges"
)

const gygesUsage = `usage:
  gygy gyges moves POSITION [--variant nodisplace]
        every legal move, sorted, one per line, then "count N"
  gygy gyges perft POSITION DEPTH [--variant nodisplace]
        the number of move sequences of that depth
  gygy gyges bench [--time 500ms]
        move generation speed on fixed positions, and perft(3) of the start

POSITION is rows 1 to 6 joined by '/', then the side to move, e.g.
  "321123/....../....../....../....../321123 S"
(quoted, or with the side as the next argument). Flags may follow the
arguments.
`

// runGyges runs a "gygy gyges" subcommand and returns the exit code: 0 on
// success, 1 for bad input or a failure, 2 for a usage error.
func runGyges(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, gygesUsage)
		return 2
	}
	switch args[0] {
	case "moves":
		return gygesMoves(args[1:], stdout, stderr)
	case "perft":
		return gygesPerft(args[1:], stdout, stderr)
	case "bench":
		return gygesBench(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, gygesUsage)
		return 0
	}
	fmt.Fprintf(stderr, "gygy gyges: unknown command %q (want moves, perft or bench)\n", args[0])
	return 2
}

// errUsage marks a command line that does not fit the usage.
var errUsage = cli.ErrUsage

// parseFlagsAnywhere parses fs's flags wherever they stand among the
// arguments (see cli.ParseAnywhere).
func parseFlagsAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	return cli.ParseAnywhere(fs, args)
}

// gygesArgs parses the flags of moves and perft and the position, which
// may come as one argument or as the board and the side in two. It
// returns the position and the remaining positional arguments.
func gygesArgs(cmd string, args []string, stderr io.Writer) (gyges.Position, []string, error) {
	fs := flag.NewFlagSet("gygy gyges "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "rule variant: standard or nodisplace (default: as the position says)")
	pos, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return gyges.Position{}, nil, err
	}
	if len(pos) == 0 {
		return gyges.Position{}, nil, fmt.Errorf("%w: missing POSITION", errUsage)
	}
	text := pos[0]
	pos = pos[1:]
	if !strings.Contains(text, " ") && len(pos) > 0 && strings.Trim(pos[0], "SN#") == "" {
		text, pos = text+" "+pos[0], pos[1:]
	}
	p, err := gyges.ParsePosition(text)
	if err != nil {
		return p, nil, err
	}
	if *variant != "" {
		v, err := gyges.ParseVariant(*variant)
		if err != nil {
			return p, nil, err
		}
		p = p.WithVariant(v)
	}
	return p, pos, nil
}

// gygesFail reports err for cmd and returns the exit code it deserves.
func gygesFail(cmd string, err error, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "gygy gyges %s: %v\n", cmd, err)
	if errors.Is(err, errUsage) {
		fmt.Fprint(stderr, gygesUsage)
		return 2
	}
	return 1
}

func gygesMoves(args []string, stdout, stderr io.Writer) int {
	p, rest, err := gygesArgs("moves", args, stderr)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("%w: unexpected %q after the position", errUsage, strings.Join(rest, " "))
	}
	if err != nil {
		return gygesFail("moves", err, stderr)
	}
	moves := p.Moves(nil)
	lines := make([]string, len(moves))
	for i, m := range moves {
		lines[i] = m.String()
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "count %d\n", len(lines))
	return 0
}

func gygesPerft(args []string, stdout, stderr io.Writer) int {
	p, rest, err := gygesArgs("perft", args, stderr)
	if err == nil && len(rest) != 1 {
		err = fmt.Errorf("%w: want POSITION DEPTH", errUsage)
	}
	var depth int
	if err == nil {
		depth, err = strconv.Atoi(rest[0])
		if err != nil || depth < 0 || depth > 12 {
			err = fmt.Errorf("depth %q: want a whole number from 0 to 12", rest[0])
		}
	}
	if err != nil {
		return gygesFail("perft", err, stderr)
	}
	fmt.Fprintln(stdout, gyges.Perft(p, depth))
	return 0
}

// benchPositions are the positions "gygy gyges bench" measures: the start,
// a midgame with many moves, and one with many paths.
var benchPositions = []struct{ name, pos string }{
	{"start", "321123/....../....../....../....../321123 S"},
	{"midgame", "....../121132/..3.../..2.23/....../.3..1. S"},
	{"bouncy", "....../.113.1/..2.2./.2..13/2.33../...... N"},
	{"bouncy nodisplace", ".2..12/..3.3./.2...1/...3../.3..../.11.2. S nodisplace"},
}

func gygesBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy gyges bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	per := fs.Duration("time", 500*time.Millisecond, "time spent on each position")
	rest, err := parseFlagsAnywhere(fs, args)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("%w: unexpected %q", errUsage, strings.Join(rest, " "))
	}
	if err != nil {
		return gygesFail("bench", err, stderr)
	}
	fmt.Fprintf(stdout, "%-18s %6s %14s %14s\n", "position", "moves", "positions/s", "moves/s")
	buf := make([]gyges.Move, 0, 4096)
	for _, bp := range benchPositions {
		p, err := gyges.ParsePosition(bp.pos)
		if err != nil {
			return gygesFail("bench", err, stderr)
		}
		n, start := 0, time.Now()
		for time.Since(start) < *per || n == 0 {
			buf = p.Moves(buf[:0])
			n++
		}
		rate := float64(n) / time.Since(start).Seconds()
		fmt.Fprintf(stdout, "%-18s %6d %14.0f %14.0f\n", bp.name, len(buf), rate, rate*float64(len(buf)))
	}
	p, _ := gyges.ParsePosition(benchPositions[0].pos)
	start := time.Now()
	count := gyges.Perft(p, 3)
	d := time.Since(start)
	fmt.Fprintf(stdout, "perft(3) of the start: %d in %v (%.0f leaves/s)\n", count, d.Round(time.Millisecond), float64(count)/d.Seconds())
	return 0
}

// gygesDemo shows the start of a game on a small board, the number of
// legal moves, and a short seeded random game.
func gygesDemo(w io.Writer) error {
	layouts := gyges.BeginnerLayouts()
	g := gyges.NewGame(gyges.Standard)
	for _, l := range layouts[:2] {
		if err := g.Setup(l); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "Gygès: South sets up %s, North %s (beginner layouts).\n", layouts[0], layouts[1])
	writeGygesBoard(w, g.Position())
	fmt.Fprintf(w, "%d legal moves for South.\n\n", g.Position().CountMoves())

	rng := rand.New(rand.NewPCG(2026, 3))
	var moves []gyges.Move
	var path gyges.Path
	for ply := 0; ply < 8 && g.Phase() == gyges.Playing; ply++ {
		moves = g.Position().Moves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		var err error
		if path, err = g.Position().Path(m); err != nil {
			return err
		}
		if err := g.Play(m); err != nil {
			return err
		}
	}
	played := g.Played()
	fmt.Fprintf(w, "A seeded random game of %d moves: %s\n", len(played), joinMoves(played))
	fmt.Fprintf(w, "The last one took the path %s ('*' marks a bounce).\n", path)
	writeGygesBoard(w, g.Position())
	if win, over := g.Winner(); over {
		fmt.Fprintf(w, "%s wins.\n", win)
	}
	return nil
}

func joinMoves(moves []gyges.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// writeGygesBoard draws the board with North's row 6 on top, between the
// two goals.
func writeGygesBoard(w io.Writer, p gyges.Position) {
	fmt.Fprintln(w, "      North's goal")
	for row := gyges.Size - 1; row >= 0; row-- {
		var sb strings.Builder
		fmt.Fprintf(&sb, "  %d ", row+1)
		for col := range gyges.Size {
			if size := p.Piece(gyges.SquareAt(col, row)); size > 0 {
				fmt.Fprintf(&sb, " %d", size)
			} else {
				sb.WriteString(" .")
			}
		}
		fmt.Fprintln(w, sb.String())
	}
	fmt.Fprintln(w, "     a b c d e f")
	fmt.Fprintln(w, "      South's goal")
	fmt.Fprintf(w, "  %s\n", p)
}
