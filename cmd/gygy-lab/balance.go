package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"gygy/cmd/gygy-lab/internal/balance"
	"gygy/cmd/internal/cli"
)

// balanceFlags are the flags the balance commands share.
type balanceFlags struct {
	sizes    string
	minRatio float64
	maxRatio float64
	games    int
	playouts int
	movetime time.Duration
	parallel int
	seed     uint64
	out      string
}

func (f *balanceFlags) register(fs *flag.FlagSet, sizes string, games int) {
	fs.StringVar(&f.sizes, "sizes", sizes, "board sizes: RxC items or R1-R2xC1-C2 ranges, comma-separated")
	fs.Float64Var(&f.minRatio, "min-ratio", 0.5, "leave out sizes with rings / columns below this")
	fs.Float64Var(&f.maxRatio, "max-ratio", 3, "leave out sizes with rings / columns above this")
	fs.IntVar(&f.games, "games", games, "games of each kind on each size")
	fs.IntVar(&f.playouts, "playouts", 1000, "Hard's playouts a move (a fixed work budget; 0: use --movetime)")
	fs.DurationVar(&f.movetime, "movetime", 0, "time a move instead of playouts (wall clock; load skews it)")
	fs.IntVar(&f.parallel, "parallel", 1, "sizes measured at once (one core each)")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
	fs.StringVar(&f.out, "out", "balance.jsonl", "results file (JSON lines); a rerun skips what it holds and appends")
}

func (f *balanceFlags) config(stderr io.Writer) balance.Config {
	cfg := balance.Config{Games: f.games, Playouts: f.playouts, Parallel: f.parallel, Seed: f.seed, Progress: stderr, Now: time.Now}
	if f.movetime > 0 {
		cfg.Playouts, cfg.MoveTime = 0, f.movetime
	}
	return cfg
}

// readBalance reads a results file; a missing file is an empty one.
func readBalance(path string) (*balance.Table, *balance.EffortTable, error) {
	file, err := os.Open(path)
	if os.IsNotExist(err) {
		return &balance.Table{}, &balance.EffortTable{}, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	t, e, err := balance.Read(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, e, nil
}

func runBalance(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "effort":
			return balanceEffort(args[1:], stdout, stderr)
		case "render":
			return balanceRender(args[1:], stdout, stderr)
		case "-h", "--help", "help":
			fmt.Fprint(stdout, `usage:
  gygy-lab balance [--sizes 3-15x6-16] [--games N] [--playouts P | --movetime T] [--parallel J]
               [--nodes N] [--out FILE] [--svg FILE] [--md FILE]
               [--gyrefirst-only]
      Hard against Hard on each size, without the swap with Spoke moving first (as
      the rules say) and with Gyre moving first (the variant gyrefirst), and with
      the swap (how often player 2 swaps, who wins). The solver proves the small
      boards: Spoke to move, Gyre to move and every first stone under the swap.
      A rerun skips the sizes the results file holds and plays only the Gyre-first
      games for sizes measured before they existed; --gyrefirst-only plays just
      those, for a separate file.
  gygy-lab balance effort [--sizes 7x14,5x10,11x8] [--factors 1,2,4,8] [--games N] [--playouts P] [--out FILE] [--md FILE]
      Spoke's share as one side's playouts double against the other's base
  gygy-lab balance render [--in FILE] [--svg FILE] [--md FILE]
      the table (Markdown) and the heat map (SVG) of a results file
`)
			return 0
		}
	}
	fs := flag.NewFlagSet("gygy-lab balance", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f balanceFlags
	f.register(fs, "3-15x6-16", 4)
	nodes := fs.Int64("nodes", 20_000_000, "solver budget a proof on boards of up to 64 cells (0: no solver)")
	tableBits := fs.Int("table", 22, "solver table of 2^BITS entries")
	svg := fs.String("svg", "", "also write the heat map here")
	md := fs.String("md", "", "also write the Markdown table here")
	gyreFirstOnly := fs.Bool("gyrefirst-only", false, "play only the games with Gyre moving first (no solver), for sizes without them")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(stderr, "gygy-lab balance: unexpected argument %q\n", rest[0])
		}
		return 2
	}
	sizes, err := balance.ParseSizes(f.sizes, f.minRatio, f.maxRatio)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab balance: %v\n", err)
		return 2
	}
	cfg := f.config(stderr)
	cfg.Nodes, cfg.TableBits, cfg.GyreFirstOnly = *nodes, *tableBits, *gyreFirstOnly
	err = appendResults(f.out, func(done *balance.Table, _ *balance.EffortTable, out io.Writer) error {
		todo := balance.Todo(sizes, cfg, done)
		part := 0
		for _, j := range todo {
			if j.GyreFirstOnly {
				part++
			}
		}
		fmt.Fprintf(stderr, "gygy-lab balance: %d sizes, %d done in %s, %d to measure (%d of them Gyre first only)\n", len(sizes), len(sizes)-len(todo), f.out, len(todo), part)
		_, err := balance.Run(context.Background(), sizes, cfg, done, out)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab balance: %v\n", err)
		return 1
	}
	return renderFiles(f.out, *svg, *md, stdout, stderr)
}

// appendResults reads what a results file holds (nothing if it is
// missing), lets run append to it, and closes it.
func appendResults(path string, run func(*balance.Table, *balance.EffortTable, io.Writer) error) error {
	t, e, err := readBalance(path)
	if err != nil {
		return err
	}
	file, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	err = run(t, e, file)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}

func balanceEffort(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab balance effort", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f balanceFlags
	f.register(fs, "7x14,5x10,11x8", 6)
	factorList := fs.String("factors", "1,2,4,8", "effort multiples of the stronger side")
	md := fs.String("md", "", "also write the Markdown tables here")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		return 2
	}
	sizes, err := balance.ParseSizes(f.sizes, f.minRatio, f.maxRatio)
	var factors []int
	for _, s := range strings.Split(*factorList, ",") {
		n, perr := strconv.Atoi(strings.TrimSpace(s))
		if perr != nil || n < 1 || n > 64 {
			err = fmt.Errorf("--factors: %q is not a whole number from 1 to 64", s)
		}
		factors = append(factors, n)
	}
	if err == nil && f.playouts <= 0 {
		err = fmt.Errorf("the effort study needs --playouts")
	}
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab balance effort: %v\n", err)
		return 2
	}
	err = appendResults(f.out, func(_ *balance.Table, done *balance.EffortTable, out io.Writer) error {
		_, err := balance.RunEffort(context.Background(), balance.EffortJobs(sizes, f.playouts, factors), f.config(stderr), done, out)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab balance effort: %v\n", err)
		return 1
	}
	return renderFiles(f.out, "", *md, stdout, stderr)
}

func balanceRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab balance render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "balance.jsonl", "results files, comma-separated")
	svg := fs.String("svg", "", "write the heat map here")
	md := fs.String("md", "", "write the Markdown table here (default: standard output)")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 {
		return 2
	}
	return renderFiles(*in, *svg, *md, stdout, stderr)
}

// renderFiles writes the Markdown tables (to md, or stdout when md is
// empty) and the heat map (to svg, if given) of results files (a
// comma-separated list).
func renderFiles(in, svg, md string, stdout, stderr io.Writer) int {
	t, e := &balance.Table{}, &balance.EffortTable{}
	for _, path := range strings.Split(in, ",") {
		ti, ei, err := readBalance(path)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab balance: %v\n", err)
			return 1
		}
		t.Results = append(t.Results, ti.Results...)
		e.Rows = append(e.Rows, ei.Rows...)
	}
	var sb strings.Builder
	balance.WriteMarkdown(&sb, t, e)
	if md == "" {
		fmt.Fprint(stdout, sb.String())
	} else if err := os.WriteFile(md, []byte(sb.String()), 0o644); err != nil {
		fmt.Fprintf(stderr, "gygy-lab balance: %v\n", err)
		return 1
	}
	if svg != "" {
		if err := os.WriteFile(svg, []byte(balance.HeatMap(t)), 0o644); err != nil {
			fmt.Fprintf(stderr, "gygy-lab balance: %v\n", err)
			return 1
		}
	}
	return 0
}
