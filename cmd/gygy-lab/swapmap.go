package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gygy/cmd/internal/cli"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// gyreSwapMap solves every first stone under the plain swap rule: where
// Spoke's stone wins, player 2 should swap.
func gyreSwapMap(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre swapmap", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f cli.SolveFlags
	f.Register(fs)
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyre swapmap RxC")
		return 2
	}
	size, err := gyre.ParseSize(rest[0])
	var sv *solve.Solver
	if err == nil {
		sv, err = f.Solver(size)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre swapmap: %v\n", err)
		return 1
	}
	start := time.Now()
	wins, nodes, err := sv.FirstStones(context.Background())
	if err != nil {
		code := 1
		if errors.Is(err, solve.ErrBudget) {
			code = 3
		}
		fmt.Fprintf(stderr, "gygy-lab gyre swapmap: %v\n", err)
		return code
	}
	geo := gyre.MustGeometry(size)
	spoke := 0
	fmt.Fprintf(stdout, "%s: the first stone (Spoke), Gyre to move; S: Spoke wins (swap), g: Gyre wins (keep)\n", size)
	for r := 0; r < size.Rings; r++ {
		var sb strings.Builder
		for c := 0; c < size.Cols; c++ {
			mark := byte('g')
			if wins[geo.At(r, c)] {
				mark = 'S'
				spoke++
			}
			sb.WriteByte(mark)
		}
		fmt.Fprintf(stdout, "  ring %c  %s\n", 'a'+r, sb.String())
	}
	fmt.Fprintf(stdout, "%d of %d first stones win for Spoke; %d positions in %v\n", spoke, size.Cells(), nodes, time.Since(start).Round(time.Microsecond))
	return 0
}
