package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gygy/app/puzzles"
	"gygy/app/puzzles/build"
)

// puzzleFiles are the puzzle sets under /web/, which the service worker
// keeps for offline use; the page fetches them when the puzzle screen
// opens.
var puzzleFiles = []string{"/web/puzzles-gyre.json", "/web/puzzles-gyges.json"}

// runPuzzles builds the puzzle sets shipped under web/: GYRE positions the
// solver proved and Gygès wins in 1 to 3 found by exhaustive search, both
// from bot games. The games are deterministic for the seed, so the same
// command rebuilds the same files.
func runPuzzles(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "web", "the directory to write puzzles-gyre.json and puzzles-gyges.json to")
	which := fs.String("game", "both", "gyre, gyges or both")
	count := fs.Int("count", 220, "puzzles per game")
	seed := fs.Uint64("seed", 31, "the first game's seed")
	work := fs.Int("work", 300, "the bots' work a move (GYRE playouts, Gygès nodes)")
	nodes := fs.Int64("nodes", 2_000_000, "the node budget of each GYRE proof")
	regrade := fs.Bool("regrade", false, "grade the GYRE set in -out again, without building it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *regrade {
		return regradeGyre(filepath.Join(*out, "puzzles-gyre.json"), stdout, stderr)
	}
	cfg := build.Config{Count: *count, Seed: *seed, Work: *work, Nodes: *nodes, Log: stderr}
	type job struct {
		game string
		make func(context.Context, build.Config) ([]puzzles.Puzzle, error)
	}
	var jobs []job
	if *which == "both" || *which == puzzles.GameGyre {
		jobs = append(jobs, job{puzzles.GameGyre, build.Gyre})
	}
	if *which == "both" || *which == puzzles.GameGyges {
		jobs = append(jobs, job{puzzles.GameGyges, build.Gyges})
	}
	if len(jobs) == 0 {
		fmt.Fprintf(stderr, "gygy puzzles: unknown game %q (want gyre, gyges or both)\n", *which)
		return 2
	}
	for _, j := range jobs {
		ps, err := j.make(context.Background(), cfg)
		if err != nil {
			fmt.Fprintf(stderr, "gygy puzzles: %s: %v\n", j.game, err)
			return 1
		}
		path := filepath.Join(*out, "puzzles-"+j.game+".json")
		if err := writeSet(path, puzzles.Set{Game: j.game, Puzzles: ps}); err != nil {
			fmt.Fprintf(stderr, "gygy puzzles: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d puzzles\n", path, len(ps))
	}
	return 0
}

// regradeGyre grades the GYRE set at path again and writes it back.
func regradeGyre(path string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(path)
	if err == nil {
		var s puzzles.Set
		if s, err = puzzles.Parse(data); err == nil {
			if err = build.RegradeGyre(s.Puzzles); err == nil {
				err = writeSet(path, s)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "gygy puzzles: regrading %s: %v\n", path, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: regraded\n", path)
	return 0
}

// writeSet writes a set, one puzzle a line, and reads it back through
// the parser the page uses.
func writeSet(path string, s puzzles.Set) error {
	data, err := json.Marshal(s.Puzzles)
	if err != nil {
		return err
	}
	var lines []json.RawMessage
	if err := json.Unmarshal(data, &lines); err != nil {
		return err
	}
	text := fmt.Sprintf("{\"game\": %q, \"puzzles\": [\n", s.Game)
	for i, l := range lines {
		sep := ",\n"
		if i == len(lines)-1 {
			sep = "\n"
		}
		text += string(l) + sep
	}
	text += "]}\n"
	if _, err := puzzles.Parse([]byte(text)); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
