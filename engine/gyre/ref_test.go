package gyre

import "testing"

// This file holds the slow reference: win conditions by breadth-first
// search straight from the rulebook's definitions, with adjacency computed
// from the rulebook's formula rather than taken from Geometry.

// refNeighbours lists (cell, dcol) for (r,c) by the rulebook's formula.
func refNeighbours(s Size, r, c int) [][3]int {
	var out [][3]int
	for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 0}} {
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nr >= s.Rings {
			continue
		}
		out = append(out, [3]int{nr, ((nc % s.Cols) + s.Cols) % s.Cols, d[1]})
	}
	return out
}

// refGrid is a board as a plain grid of colours, [ring][col].
type refGrid [][]Color

func gridOf(b *Board) refGrid {
	s := b.Size()
	g := make(refGrid, s.Rings)
	for r := range g {
		g[r] = make([]Color, s.Cols)
		for c := range g[r] {
			g[r][c] = b.At(b.Geometry().At(r, c))
		}
	}
	return g
}

func (g refGrid) size() Size { return Size{Rings: len(g), Cols: len(g[0])} }

// refBridge: is some ring R-1 Spoke cell reachable from a ring 0 Spoke cell?
func refBridge(g refGrid) bool {
	s := g.size()
	seen := make([][]bool, s.Rings)
	for r := range seen {
		seen[r] = make([]bool, s.Cols)
	}
	var queue [][2]int
	for c := 0; c < s.Cols; c++ {
		if g[0][c] == Spoke {
			seen[0][c] = true
			queue = append(queue, [2]int{0, c})
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p[0] == s.Rings-1 {
			return true
		}
		for _, n := range refNeighbours(s, p[0], p[1]) {
			if g[n[0]][n[1]] == Spoke && !seen[n[0]][n[1]] {
				seen[n[0]][n[1]] = true
				queue = append(queue, [2]int{n[0], n[1]})
			}
		}
	}
	return false
}

// refLoop: does some Gyre group hold two different lifts of one cell? Each
// group is searched with unwrapped columns; reaching a visited cell at
// another unwrapped column means the group goes around the hole.
func refLoop(g refGrid) bool {
	s := g.size()
	const unseen = -1 << 30
	lift := make([][]int, s.Rings)
	for r := range lift {
		lift[r] = make([]int, s.Cols)
		for c := range lift[r] {
			lift[r][c] = unseen
		}
	}
	for r := 0; r < s.Rings; r++ {
		for c := 0; c < s.Cols; c++ {
			if lift[r][c] != unseen || g[r][c] != Gyre {
				continue
			}
			lift[r][c] = c
			queue := [][2]int{{r, c}}
			for len(queue) > 0 {
				p := queue[0]
				queue = queue[1:]
				for _, n := range refNeighbours(s, p[0], p[1]) {
					if g[n[0]][n[1]] != Gyre {
						continue
					}
					want := lift[p[0]][p[1]] + n[2]
					switch got := lift[n[0]][n[1]]; {
					case got == unseen:
						lift[n[0]][n[1]] = want
						queue = append(queue, [2]int{n[0], n[1]})
					case got != want:
						return true
					}
				}
			}
		}
	}
	return false
}

// mustPosition parses a position string or fails the test.
func mustPosition(t testing.TB, text string) Board {
	t.Helper()
	b, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return b
}
