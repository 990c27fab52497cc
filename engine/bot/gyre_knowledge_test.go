package bot

import (
	"context"
	"math/rand/v2"
	"testing"

	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// mustPlay never drops a winning move: on random positions where the
// opponent threatens a win in two, every move the solver proves winning
// is among those it keeps, and when it keeps none, none wins.
func TestMustPlayKeepsEveryWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for _, s := range []gyre.Size{{Rings: 4, Cols: 6}, {Rings: 5, Cols: 6}, {Rings: 4, Cols: 8}} {
		sv, err := solve.New(s, solve.Config{TableBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 400 && checked < 60*(1+int(s.Rings)); i++ {
			b := gyre.NewBoard(gyre.MustGeometry(s))
			col := gyre.Spoke
			for _, c := range rng.Perm(s.Cells())[:s.Cells()-10-rng.IntN(4)] {
				next := b
				next.Place(gyre.Cell(c), col)
				if next.Winner() == gyre.Empty {
					b, col = next, col.Other()
				}
			}
			if len(b.WinningCells(nil, col)) > 0 || len(b.WinningCells(nil, col.Other())) > 0 {
				continue
			}
			if _, ok := b.DoubleThreat(col); ok {
				continue
			}
			keep := mustPlay(&b, col)
			if keep == nil {
				if _, ok := b.DoubleThreat(col.Other()); ok {
					// threatened, and nothing survives: the game is lost
				} else {
					continue
				}
			}
			res, err := sv.SolveAll(context.Background(), &b, col)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			kept := map[gyre.Cell]bool{}
			for _, c := range keep {
				kept[c] = true
			}
			for _, w := range res.Winning {
				if !kept[w] {
					t.Fatalf("%s %s to move: mustPlay %v drops the winning move %s", b.String(), col, keep, b.Geometry().CellName(w))
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d threatened positions checked", checked)
	}
}
