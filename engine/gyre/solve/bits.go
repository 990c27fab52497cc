package solve

import (
	"fmt"
	"math/bits"

	"gygy/engine/gyre"
)

// MaxCells is the largest board the solver takes: one bit a cell in a
// uint64.
const MaxCells = 64

// bitGeo is a board size seen as bit masks: bit r*C+c is the cell at ring
// r, column c, the same index as gyre.Cell. Neighbour sets of many cells
// at once are a handful of shifts, so a flood fill advances a whole front
// per step.
type bitGeo struct {
	rings, cols int
	all         uint64 // every cell
	inner       uint64 // ring 0
	outer       uint64 // ring R-1
	first       uint64 // column 0 of every ring
	last        uint64 // column C-1 of every ring
	// syms are the cell permutations that map the board onto itself
	// (rulebook, Board): the C rotations, each also mirrored, and each of
	// those also turned inside out. All of them keep bridges and loops.
	syms [][]uint8
	// nbr lists each cell's neighbours with the change of column along the
	// edge before wrapping, as gyre.Geometry does.
	nbr [MaxCells][6]bitNbr
	deg [MaxCells]uint8
}

type bitNbr struct {
	cell uint8
	dcol int8
}

func newBitGeo(s gyre.Size) (*bitGeo, error) {
	if err := s.Valid(); err != nil {
		return nil, err
	}
	if s.Cells() > MaxCells {
		return nil, fmt.Errorf("%w: %s has %d cells, the solver takes at most %d", ErrTooBig, s, s.Cells(), MaxCells)
	}
	g := &bitGeo{rings: s.Rings, cols: s.Cols}
	g.all = ^uint64(0) >> (64 - s.Cells())
	for c := 0; c < s.Cols; c++ {
		g.inner |= 1 << c
		g.outer |= 1 << ((s.Rings-1)*s.Cols + c)
	}
	for r := 0; r < s.Rings; r++ {
		g.first |= 1 << (r * s.Cols)
		g.last |= 1 << (r*s.Cols + s.Cols - 1)
	}
	g.syms = symmetries(s)
	geo := gyre.MustGeometry(s)
	for c := 0; c < s.Cells(); c++ {
		for _, n := range geo.Neighbours(gyre.Cell(c)) {
			g.nbr[c][g.deg[c]] = bitNbr{cell: uint8(n.Cell), dcol: n.DCol}
			g.deg[c]++
		}
	}
	return g, nil
}

// symmetries lists the 4C automorphisms of the board graph. A rotation
// takes (r,c) to (r,c+k). The mirror takes (r,c) to (r,-c-r): a cell is
// drawn at angle c + r/2, and the mirror negates the angle. Turning the
// ring inside out takes (r,c) to (R-1-r,-c): it swaps the rims, which
// Spoke needs both of, and keeps the hole inside every loop. Checking that
// each one keeps adjacency is left to the tests.
func symmetries(s gyre.Size) [][]uint8 {
	R, C := s.Rings, s.Cols
	mod := func(x int) int { return ((x % C) + C) % C }
	var out [][]uint8
	for k := 0; k < C; k++ {
		for _, mirror := range []bool{false, true} {
			for _, flip := range []bool{false, true} {
				p := make([]uint8, R*C)
				for r := 0; r < R; r++ {
					for c := 0; c < C; c++ {
						nr, nc := r, c
						if mirror {
							nc = -nc - nr
						}
						if flip {
							nr, nc = R-1-nr, -nc
						}
						p[r*C+c] = uint8(nr*C + mod(nc+k))
					}
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// left and right move every cell of x one column down or up, wrapping.
func (g *bitGeo) left(x uint64) uint64 {
	return (x&^g.first)>>1 | (x&g.first)<<(g.cols-1)
}

func (g *bitGeo) right(x uint64) uint64 {
	return (x&^g.last)<<1 | (x&g.last)>>(g.cols-1)
}

// neighbours returns every cell that touches a cell of x (rulebook, Board,
// Adjacency): (r,c±1), (r-1,c), (r-1,c+1), (r+1,c-1), (r+1,c).
func (g *bitGeo) neighbours(x uint64) uint64 {
	l, r := g.left(x), g.right(x)
	return l | r | (x|r)>>g.cols | ((x|l)<<g.cols)&g.all
}

// atLeastTwo returns the cells with two or more neighbours in x.
func (g *bitGeo) atLeastTwo(x uint64) uint64 {
	l, r := g.left(x), g.right(x)
	dirs := [6]uint64{l, r, x >> g.cols, r >> g.cols, (x << g.cols) & g.all, (l << g.cols) & g.all}
	var one, two uint64
	for _, d := range dirs {
		two |= one & d
		one |= d
	}
	return two
}

// flood returns the cells of within that connect to seed through within.
func (g *bitGeo) flood(seed, within uint64) uint64 {
	reach := seed & within
	for {
		next := (reach | g.neighbours(reach)) & within
		if next == reach {
			return reach
		}
		reach = next
	}
}

// bridge reports whether the stones of s connect the rims (rulebook,
// Winning).
func (g *bitGeo) bridge(s uint64) bool {
	return g.flood(g.inner, s)&g.outer != 0
}

// loop reports whether the stones of y hold a loop around the hole. By the
// rulebook's no-draw argument, y goes round the hole exactly when the
// other cells (stones of the other colour and empty cells) do not connect
// the rims.
func (g *bitGeo) loop(y uint64) bool {
	return !g.bridge(g.all &^ y)
}

// spokeWins returns the empty cells where a Spoke stone completes a
// bridge: those that touch (or lie on) the inner rim through Spoke stones
// and also the outer rim. s and y are the Spoke and Gyre stones, and there
// is no bridge yet.
func (g *bitGeo) spokeWins(s, y uint64) uint64 {
	empty := g.all &^ (s | y)
	if bits.OnesCount64(s) < g.rings-1 {
		return 0 // a bridge has a stone on every ring
	}
	in := g.flood(g.inner, s)
	out := g.flood(g.outer, s)
	return empty & (g.neighbours(in) | g.inner) & (g.neighbours(out) | g.outer)
}

// gyreWins returns the empty cells where a Gyre stone completes a loop,
// with no loop yet: those whose removal cuts every rim-to-rim path of the
// other cells. A loop has a stone in every column and passes through the
// new stone along two Gyre neighbours, which narrows the cells to try.
func (g *bitGeo) gyreWins(s, y uint64) uint64 {
	if bits.OnesCount64(y) < g.cols-1 {
		return 0
	}
	open := g.all &^ y
	path := g.flood(g.inner, open) // reaches the outer rim: no loop yet
	cand := path &^ s & g.atLeastTwo(y)
	var wins uint64
	for c := cand; c != 0; c &= c - 1 {
		x := c & -c
		if g.flood(g.inner, path&^x)&g.outer == 0 {
			wins |= x
		}
	}
	return wins
}

// wins returns the winning cells of colour col.
func (g *bitGeo) wins(col gyre.Color, s, y uint64) uint64 {
	if col == gyre.Spoke {
		return g.spokeWins(s, y)
	}
	return g.gyreWins(s, y)
}

// permute applies a cell permutation to a set of cells.
func permute(p []uint8, x uint64) uint64 {
	var out uint64
	for ; x != 0; x &= x - 1 {
		out |= 1 << p[bits.TrailingZeros64(x)]
	}
	return out
}
