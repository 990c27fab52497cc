package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"gygy/engine/gyre"
)

// runDemo is what `make run` shows until the web app lands: a random game
// of each game, played by the rules engines.
func runDemo(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: gygy demo")
		return 2
	}
	fmt.Fprintln(stdout, "gygy demo: the rules engines on the command line (the web app comes later).")
	fmt.Fprintln(stdout)
	if err := gyreDemo(stdout); err != nil {
		fmt.Fprintf(stderr, "gygy demo: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout)
	if err := gygesDemo(stdout); err != nil {
		fmt.Fprintf(stderr, "gygy demo: %v\n", err)
		return 1
	}
	return 0
}

// gyreDemo plays one seeded random game of GYRE on the small board.
func gyreDemo(w io.Writer) error {
	g, err := gyre.NewGame(gyre.Small, gyre.Classic)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	var moves []gyre.Move
	for !g.Over() {
		moves = g.Moves(moves[:0])
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "GYRE: a random game on the 5 x 10 board.")
	fmt.Fprintln(w, g)
	fmt.Fprintln(w)
	writeGyreBoard(w, g)
	win := g.Winner()
	what := "a bridge from the inner rim to the outer rim"
	if win == gyre.Gyre {
		what = "a loop around the hole"
	}
	fmt.Fprintf(w, "%s wins with %s (%s).\n", win, what, g.Controller(win))
	return nil
}

// writeGyreBoard draws the rings outer first, each shifted half a cell
// against the one inside it, as the hex lattice is sheared; S and G mark the
// winning group.
func writeGyreBoard(w io.Writer, g *gyre.Game) {
	b := g.Board()
	geo := g.Geometry()
	win := map[gyre.Cell]bool{}
	for _, c := range b.WinningGroup(nil) {
		win[c] = true
	}
	s := geo.Size()
	for r := s.Rings - 1; r >= 0; r-- {
		var sb strings.Builder
		fmt.Fprintf(&sb, "  %c %s", 'a'+r, strings.Repeat(" ", s.Rings-1-r))
		for c := 0; c < s.Cols; c++ {
			cell := geo.At(r, c)
			ch := map[gyre.Color]string{gyre.Empty: ".", gyre.Spoke: "s", gyre.Gyre: "g"}[b.At(cell)]
			if win[cell] {
				ch = strings.ToUpper(ch)
			}
			sb.WriteString(ch + " ")
		}
		fmt.Fprintln(w, strings.TrimRight(sb.String(), " "))
	}
	fmt.Fprintln(w, "  (ring a is the inner rim; columns wrap around)")
}
