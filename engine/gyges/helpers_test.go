package gyges

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

const startFEN = "321123/....../....../....../....../321123 S"

// mustPosition parses a position written in notation.
func mustPosition(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

// mustSquare parses a square name.
func mustSquare(t testing.TB, s string) Square {
	t.Helper()
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatalf("ParseSquare(%q): %v", s, err)
	}
	return sq
}

// mustSet parses a space-separated list of squares.
func mustSet(t testing.TB, s string) SquareSet {
	t.Helper()
	var ss SquareSet
	for _, name := range strings.Fields(s) {
		ss |= bit(mustSquare(t, name))
	}
	return ss
}

// mustMove parses a move.
func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// moveStrings returns the moves in notation, sorted.
func moveStrings(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

// sortedFields splits a space-separated list and sorts it.
func sortedFields(s string) []string {
	out := strings.Fields(s)
	slices.Sort(out)
	return out
}

// randomPositions plays n random games of up to maxPlies from random
// setups and calls visit on every position reached, stopping after limit
// positions.
func randomPositions(seed uint64, v Variant, limit, maxPlies int, visit func(Position)) {
	r := rand.New(rand.NewPCG(seed, 0x6779676573))
	var buf []Move
	for seen := 0; seen < limit; {
		p := StartPosition(RandomLayout(r), RandomLayout(r), v)
		plies := r.IntN(maxPlies + 1)
		for ply := 0; ; ply++ {
			visit(p)
			if seen++; seen >= limit || ply >= plies {
				break
			}
			buf = p.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			p.Apply(buf[r.IntN(len(buf))])
			if _, over := p.Winner(); over {
				break
			}
		}
	}
}
