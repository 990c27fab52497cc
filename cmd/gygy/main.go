// Command gygy is the project's one binary. Today it holds the engine tools
// for both games; the web server and the printable boards join it later.
//
//	gygy gyre winner [POSITION...]
//	gygy gyre selfplay [--size 7x14] [--games N] [--seed S] [--noswap]
//	gygy gyre bench [--size 7x14] [--playouts N]
//	gygy gyges moves POSITION [--variant nodisplace]
//	gygy gyges perft POSITION DEPTH [--variant nodisplace]
//	gygy gyges bench
//	gygy demo
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
	case "gyre":
		return runGyre(args[1:], stdin, stdout, stderr)
	case "gyges":
		return runGyges(args[1:], stdin, stdout, stderr)
	case "demo":
		return runDemo(args[1:], stdout, stderr)
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
  gyre winner [POSITION...]     spoke, gyre or none for each position (stdin if none given)
  gyre selfplay [flags]         random self-play games; checks each ends with one winner
  gyre bench [flags]            random playouts per second
  gyges moves POSITION          every legal move, sorted, then "count N"
  gyges perft POSITION DEPTH    number of move sequences of that depth
  gyges bench                   move generation speed on fixed positions
  demo                          a short tour of both rules engines

Run "gygy gyre -h" or "gygy gyges -h" for the flags of each.
`)
}
