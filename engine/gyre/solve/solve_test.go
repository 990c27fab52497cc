package solve

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"gygy/engine/gyre"
)

var testSizes = []gyre.Size{{Rings: 3, Cols: 6}, {Rings: 4, Cols: 6}, {Rings: 3, Cols: 7}, {Rings: 5, Cols: 6},
	{Rings: 4, Cols: 8}, {Rings: 3, Cols: 10}, {Rings: 6, Cols: 8}, {Rings: 8, Cols: 8}, {Rings: 3, Cols: 21}}

// randomBoard fills cells at random with alternating colours until
// stones stones are placed or the next would end the game; it returns the
// board and the side to move.
func randomBoard(rng *rand.Rand, s gyre.Size, stones int) (gyre.Board, gyre.Color) {
	b := gyre.NewBoard(gyre.MustGeometry(s))
	col := gyre.Spoke
	for _, c := range rng.Perm(s.Cells())[:stones] {
		next := b
		next.Place(gyre.Cell(c), col)
		if next.Winner() != gyre.Empty {
			continue
		}
		b = next
		col = col.Other()
	}
	return b, col
}

func bitsOf(b *gyre.Board) (sp, gy uint64) {
	for c := 0; c < b.Geometry().Cells(); c++ {
		switch b.At(gyre.Cell(c)) {
		case gyre.Spoke:
			sp |= 1 << c
		case gyre.Gyre:
			gy |= 1 << c
		}
	}
	return sp, gy
}

// The bit-set win tests agree with the rules engine's union-find on
// random boards of many sizes: bridges, loops, and every winning cell.
func TestBitWinTestsMatchTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range testSizes {
		geo, err := newBitGeo(s)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 400; i++ {
			b, _ := randomBoard(rng, s, rng.IntN(s.Cells()+1))
			sp, gy := bitsOf(&b)
			if geo.bridge(sp) != b.Bridge() || geo.loop(gy) != b.Loop() {
				t.Fatalf("%s: bridge %v loop %v, engine says %v %v", b.String(), geo.bridge(sp), geo.loop(gy), b.Bridge(), b.Loop())
			}
			for _, col := range []gyre.Color{gyre.Spoke, gyre.Gyre} {
				var want uint64
				for c := 0; c < s.Cells(); c++ {
					if b.At(gyre.Cell(c)) != gyre.Empty {
						continue
					}
					next := b
					next.Place(gyre.Cell(c), col)
					if next.Winner() == col {
						want |= 1 << c
					}
				}
				if got := geo.wins(col, sp, gy); got != want {
					t.Fatalf("%s: %s wins at %x, want %x", b.String(), col, got, want)
				}
			}
		}
	}
}

// Every symmetry maps neighbours to neighbours, rims to rims, and is a
// permutation; there are 4C of them, all different.
func TestSymmetries(t *testing.T) {
	for _, s := range testSizes {
		geo, _ := newBitGeo(s)
		g := gyre.MustGeometry(s)
		if len(geo.syms) != 4*s.Cols {
			t.Fatalf("%s: %d symmetries, want %d", s, len(geo.syms), 4*s.Cols)
		}
		seen := map[string]bool{}
		for i, p := range geo.syms {
			seen[string(p)] = true
			if permute(p, geo.all) != geo.all {
				t.Fatalf("%s: symmetry %d is not a permutation", s, i)
			}
			if r := permute(p, geo.inner|geo.outer); r != geo.inner|geo.outer {
				t.Fatalf("%s: symmetry %d moves the rims", s, i)
			}
			for c := 0; c < s.Cells(); c++ {
				for _, n := range g.Neighbours(gyre.Cell(c)) {
					if !g.Adjacent(gyre.Cell(p[c]), gyre.Cell(p[n.Cell])) {
						t.Fatalf("%s: symmetry %d breaks the edge %d-%d", s, i, c, n.Cell)
					}
				}
			}
		}
		if len(seen) != len(geo.syms) {
			t.Errorf("%s: %d distinct symmetries of %d", s, len(seen), len(geo.syms))
		}
	}
}

// brute is plain minimax on the rules engine's board: no table, no
// pruning, no bit sets. It reports whether the side to move wins.
func brute(b gyre.Board, col gyre.Color) bool {
	for c := 0; c < b.Geometry().Cells(); c++ {
		if b.At(gyre.Cell(c)) != gyre.Empty {
			continue
		}
		next := b
		next.Place(gyre.Cell(c), col)
		if next.Winner() == col || !brute(next, col.Other()) {
			return true
		}
	}
	return false
}

// The solver agrees with brute force on random positions with up to nine
// empty cells, both on the value and on the set of winning moves.
func TestSolverMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range testSizes[:7] {
		sv, err := New(s, Config{TableBits: 12})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 40; i++ {
			b, col := randomBoard(rng, s, s.Cells()-6-rng.IntN(4))
			if rng.IntN(2) == 0 {
				col = col.Other() // either side to move
			}
			res, err := sv.SolveAll(context.Background(), &b, col)
			if err != nil {
				t.Fatal(err)
			}
			var want []gyre.Cell
			for c := 0; c < s.Cells(); c++ {
				if b.At(gyre.Cell(c)) != gyre.Empty {
					continue
				}
				next := b
				next.Place(gyre.Cell(c), col)
				if next.Winner() == col || !brute(next, col.Other()) {
					want = append(want, gyre.Cell(c))
				}
			}
			if !slices.Equal(res.Winning, want) || res.Win != (len(want) > 0) {
				t.Fatalf("%s %s to move: winning %v, brute force %v", b.String(), col, res.Winning, want)
			}
			one, _ := sv.Solve(context.Background(), &b, col)
			if one.Win != res.Win {
				t.Fatalf("%s %s to move: Solve says %v, SolveAll %v", b.String(), col, one.Win, res.Win)
			}
		}
	}
}

// Symmetric positions get the same value; the table's use of symmetry
// does not change an answer, checked against a solver without it.
func TestSymmetryDoesNotChangeResults(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := gyre.Size{Rings: 4, Cols: 6}
	with, _ := New(s, Config{TableBits: 16})
	without, _ := New(s, Config{TableBits: 16, SymmetryStones: -1})
	geo := with.geo
	for i := 0; i < 30; i++ {
		b, col := randomBoard(rng, s, 8+rng.IntN(6))
		sp, gy := bitsOf(&b)
		p := geo.syms[rng.IntN(len(geo.syms))]
		img := boardOf(t, s, permute(p, sp), permute(p, gy))
		a, err1 := with.Solve(context.Background(), &b, col)
		c, err2 := without.Solve(context.Background(), &img, col)
		if err1 != nil || err2 != nil || a.Win != c.Win {
			t.Fatalf("%s and its image %s: %v/%v, %v/%v", b.String(), img.String(), a.Win, err1, c.Win, err2)
		}
	}
}

func boardOf(t *testing.T, s gyre.Size, sp, gy uint64) gyre.Board {
	t.Helper()
	b := gyre.NewBoard(gyre.MustGeometry(s))
	for x := sp; x != 0; x &= x - 1 {
		b.Place(gyre.Cell(bits.TrailingZeros64(x)), gyre.Spoke)
	}
	for x := gy; x != 0; x &= x - 1 {
		b.Place(gyre.Cell(bits.TrailingZeros64(x)), gyre.Gyre)
	}
	return b
}

func TestSolverErrors(t *testing.T) {
	if _, err := New(gyre.Size{Rings: 9, Cols: 8}, Config{}); !errors.Is(err, ErrTooBig) {
		t.Errorf("New(9x8) = %v, want ErrTooBig", err)
	}
	if _, err := New(gyre.Size{Rings: 2, Cols: 8}, Config{}); !errors.Is(err, gyre.ErrSize) {
		t.Errorf("New(2x8) = %v, want ErrSize", err)
	}
	sv, _ := New(gyre.Size{Rings: 3, Cols: 6}, Config{TableBits: 10})
	won, _ := gyre.ParsePosition("s...../s...../s.....")
	if _, err := sv.Solve(context.Background(), &won, gyre.Gyre); !errors.Is(err, ErrOver) {
		t.Errorf("Solve(won) = %v, want ErrOver", err)
	}
	other, _ := gyre.ParsePosition("....../....../....../......")
	if _, err := sv.Solve(context.Background(), &other, gyre.Spoke); err == nil {
		t.Error("a 4x6 board given to a 3x6 solver: no error")
	}
	empty, _ := gyre.ParsePosition("....../....../......")
	if _, err := sv.Solve(context.Background(), &empty, gyre.Empty); !errors.Is(err, ErrColour) {
		t.Errorf("Solve(empty to move) = %v, want ErrColour", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big, _ := New(gyre.Size{Rings: 6, Cols: 8}, Config{TableBits: 10})
	b := gyre.NewBoard(gyre.MustGeometry(big.Size()))
	if _, err := big.Solve(ctx, &b, gyre.Spoke); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context = %v", err)
	}
	budget, _ := New(gyre.Size{Rings: 6, Cols: 8}, Config{TableBits: 10, MaxNodes: 50_000})
	if _, err := budget.Solve(context.Background(), &b, gyre.Spoke); !errors.Is(err, ErrBudget) {
		t.Errorf("Solve over budget = %v, want ErrBudget", err)
	}
}

// Whenever a virtual bridge or loop is found, its owner wins by brute
// force with the other side to move, and its cells are pairs of empty
// cells.
func TestVirtualWinsAreSound(t *testing.T) {
	for _, tc := range []struct {
		name  string
		owner gyre.Color
		vc    func(g *bitGeo, s, y uint64) (uint64, bool)
		least int
	}{
		{"spoke", gyre.Spoke, (*bitGeo).spokeVC, 50},
		{"gyre", gyre.Gyre, (*bitGeo).gyreVC, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.owner)))
			found := 0
			for _, s := range testSizes[:7] {
				geo, _ := newBitGeo(s)
				for i := 0; i < 600 && found < 200; i++ {
					b, _ := randomBoard(rng, s, s.Cells()-5-rng.IntN(4))
					sp, gy := bitsOf(&b)
					carrier, ok := tc.vc(geo, sp, gy)
					if !ok {
						continue
					}
					found++
					if bits.OnesCount64(carrier)%2 != 0 || carrier&(sp|gy) != 0 {
						t.Fatalf("%s: carrier %x is not pairs of empty cells", b.String(), carrier)
					}
					if brute(b, tc.owner.Other()) {
						t.Fatalf("%s: a virtual win for %s (carrier %x), yet the other side to move wins", b.String(), tc.owner, carrier)
					}
				}
			}
			if found < tc.least {
				t.Errorf("only %d virtual wins among the random boards", found)
			}
		})
	}
}

func TestVirtualLoop(t *testing.T) {
	// Four Gyre stones linked round the ring by four bridges.
	b, err := gyre.ParsePosition("..g..g/g..g../ssss..")
	if err != nil {
		t.Fatal(err)
	}
	geo, _ := newBitGeo(b.Size())
	sp, gy := bitsOf(&b)
	if carrier, ok := geo.gyreVC(sp, gy); !ok || bits.OnesCount64(carrier) != 8 {
		t.Errorf("%s: gyreVC = %x, %v; want the four bridges", b.String(), carrier, ok)
	}
	if brute(b, gyre.Spoke) {
		t.Errorf("%s: Spoke to move wins against a virtual loop", b.String())
	}
}

func TestSolveUpTo(t *testing.T) {
	b, _ := gyre.ParsePosition("....../....../......")
	sv, _ := New(b.Size(), Config{TableBits: 12})
	res, err := sv.SolveUpTo(context.Background(), &b, gyre.Spoke, 2)
	if err != nil || len(res.Winning) != 3 || !res.Win {
		t.Errorf("SolveUpTo(2) on the empty 3x6 = %v, %v; want 3 winning moves, then a stop", res.Winning, err)
	}
}
