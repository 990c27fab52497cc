// Command gygy is what an operator runs and a player's tools: the web
// app's server, hub and static site writer, the hub's probe, the app's
// icons, the printable boards, the bot's best move, the puzzle sets and
// the engine tools for both games. The studies that measure the bots and
// the games are in cmd/gygy-lab.
//
// "gygy help" lists the commands (see usage); each takes -h for its
// flags, and README's "The command-line tool" shows them at work.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit code:
// 0 on success, 1 when the input was bad or a command failed, 2 for usage.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "signal":
		return runSignal(args[1:], stdout, stderr)
	case "probe":
		return runProbe(args[1:], stdout, stderr)
	case "static":
		return runStatic(args[1:], stdout, stderr)
	case "icons":
		return runIcons(args[1:], stdout, stderr)
	case "boards":
		return runBoards(args[1:], stdout, stderr)
	case "bestmove":
		return runBestmove(args[1:], stdout, stderr)
	case "gyre":
		return runGyre(args[1:], stdin, stdout, stderr)
	case "gyges":
		return runGyges(args[1:], stdin, stdout, stderr)
	case "demo":
		return runDemo(args[1:], stdout, stderr)
	case "puzzles":
		return runPuzzles(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "gygy: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: gygy COMMAND [ARGS]

commands:
  serve [flags]                 serve the web app (build web/app.wasm first: make wasm)
  signal [flags]                run the signalling hub for online play alone, at /signal
  probe [--turn] URL [URL2]     check a deployment's hubs: a room on URL joined from URL2
  static [flags]                write the web app as plain files for any static host
  icons [flags]                 draw the app's icons (SVG and PNG) into the web directory
  boards [--out DIR] [--size RxC] [--paper a4|letter|both]
                                print-and-play sheets as SVG
  bestmove [flags] POSITION     the bot's move: --game gyre|gyges --level L --movetime T
  gyre solve POSITION|RxC       who wins with perfect play, and every winning move
  gyre winner [POSITION...]     spoke, gyre or none for each position (stdin if none given)
  gyre selfplay [flags]         random self-play games; checks each ends with one winner
  gyre bench [flags]            random playouts per second
  gyges moves POSITION          every legal move, sorted, then "count N"
  gyges perft POSITION DEPTH    number of move sequences of that depth
  gyges bench                   move generation speed on fixed positions
  demo                          a short tour of both rules engines
  puzzles [--out web]           build the puzzle sets (web/puzzles-gyre.json, web/puzzles-gyges.json)

Run "gygy gyre -h" or "gygy gyges -h" for the flags of each. The studies
(tournaments, the balance map, solved sets, openings) are in gygy-lab.
`)
}
