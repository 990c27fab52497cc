// Command gygy-lab is the laboratory: the studies that measure the bots
// and the games, apart from the product (cmd/gygy). Their results reach
// the product only as files: the balance map's SVG in app/rulebook, the
// solved positions in engine/bot/testdata, and the figures the rulebooks
// quote, each with the command and seed that replay it.
//
//	gygy-lab tournament --game gyre|gyges --a hard --b medium --games N --movetime T [--size 7x14]
//	                    [--opening K] [--stateless] [--log FILE]
//	gygy-lab balance [--sizes 3-15x6-16] [--games N] [--playouts P] [--out FILE] [--svg FILE]
//	gygy-lab balance effort|render [flags]
//	gygy-lab gyre swapmap RxC
//	gygy-lab gyre blunders|match|solvedset|score|opening|patterns [flags]
//	gygy-lab gyges selfplay|tune|match [flags]
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a study and returns the process exit code: 0 on
// success, 1 when the input was bad or a study failed, 2 for usage, 3 when
// a proof ran over its budget.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "tournament":
		return runTournament(args[1:], stdout, stderr)
	case "balance":
		return runBalance(args[1:], stdout, stderr)
	case "gyre":
		return runGyre(args[1:], stdin, stdout, stderr)
	case "gyges":
		return runGyges(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "gygy-lab: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: gygy-lab STUDY [ARGS]

studies:
  tournament [flags]     bot against bot: --game G --a L --b L --games N --movetime T
                         (--stateless: every action by a new bot, as the browser plays)
  balance [flags]        GYRE's fairness on each board size: table and heat map
                         ("gygy-lab balance -h" for the effort and render commands)
  gyre swapmap RxC       every first stone solved: should player 2 swap?
  gyre blunders [flags]  bot games proved back from their end by the solver
  gyre match [flags]     two bots at fixed playouts, with the knowledge switched
  gyre solvedset [flags] solved positions for the bots' tests
  gyre score [FILE]      how often each level finds a winning move in a solved set
  gyre opening [flags]   opening K measured: which K makes a board fair
  gyre patterns LOG...   the learned move priors, trained on tournament logs
  gyges selfplay|tune|match  Gygès's learned evaluation: games at fixed nodes, the
                         weights fitted to them, Hard against Hard by evaluation

Run "gygy-lab gyre -h" for the flags of each GYRE study. The player's
tools (bestmove, gyre solve, gyges perft, ...) are in gygy.
`)
}

func runGyre(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyre swapmap|blunders|match|solvedset|score|opening|patterns [flags]")
		return 2
	}
	switch args[0] {
	case "swapmap":
		return gyreSwapMap(args[1:], stdout, stderr)
	case "blunders":
		return gyreBlunders(args[1:], stdout, stderr)
	case "solvedset":
		return gyreSolvedSet(args[1:], stdout, stderr)
	case "match":
		return gyreMatch(args[1:], stdout, stderr)
	case "score":
		return gyreScore(args[1:], stdin, stdout, stderr)
	case "opening":
		return gyreOpening(args[1:], stdout, stderr)
	case "patterns":
		return gyrePatterns(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, `usage:
  gygy-lab gyre swapmap [--nodes N] [--table BITS] RxC
                                   solves every first stone: S where it wins for Spoke
                                   (player 2 should swap), g where Gyre wins
  gygy-lab gyre blunders [--size RxC] [--games N] [--spoke L] [--gyre L] [--playouts N] [--nodes N]
                                   bot games replayed through the solver from the end:
                                   where the loser threw away a proven win
  gygy-lab gyre match [--size RxC] [--games N] [--a L] [--b L] [--a-playouts N] [--b-playouts N]
                  [--a-plain] [--b-plain]  two bots at fixed playouts, colours alternated
  gygy-lab gyre solvedset [--source games|random] [--count N] [--nodes N] > FILE
                                   positions with 20-30 empty cells and at most two
                                   winning moves, solved, half with Gyre to move
  gygy-lab gyre score [--levels L,L] [--playouts N] [--plain] [FILE]
                                   how often each level finds a winning move in a set
  gygy-lab gyre opening [--size RxC] [--k 0..6] [--games N] [--playouts N] [--parallel J] [--log FILE] [--report]
                                   opening K measured: bots build openings, decide the swap and
                                   play on; per K the openings' values and who won
  gygy-lab gyre patterns [--epochs N] [--rate R] [--l2 X] [--seed S] [--out FILE] LOG...
                                   the learned move priors fitted to the moves of logged
                                   games, with the fit on a held-out tenth
`)
		return 0
	}
	fmt.Fprintf(stderr, "gygy-lab gyre: unknown study %q (want swapmap, blunders, match, solvedset, score, opening or patterns)\n", args[0])
	return 2
}
