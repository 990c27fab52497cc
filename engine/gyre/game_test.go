package gyre

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustGame(t testing.TB, s Size, v Variant) *Game {
	t.Helper()
	g, err := NewGame(s, v)
	if err != nil {
		t.Fatalf("NewGame(%v, %v): %v", s, v, err)
	}
	return g
}

func cell(t testing.TB, g *Game, name string) Move {
	t.Helper()
	m, err := g.Geometry().ParseMove(name)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", name, err)
	}
	return m
}

func play(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, name := range moves {
		if err := g.Play(cell(t, g, name)); err != nil {
			t.Fatalf("Play(%s): %v", name, err)
		}
	}
}

// Rulebook, Players and turns: Spoke first, strict alternation.
func TestColoursAlternate(t *testing.T) {
	g := mustGame(t, Standard, NoSwap)
	want := []Color{Spoke, Gyre, Spoke, Gyre}
	for i, name := range []string{"d7", "d8", "a1", "g14"} {
		if got := g.ToMove(); got != want[i] {
			t.Fatalf("before move %d ToMove = %v, want %v", i+1, got, want[i])
		}
		play(t, g, name)
	}
	b := g.Board()
	for i, name := range []string{"d7", "d8", "a1", "g14"} {
		c, _ := b.Geometry().ParseCell(name)
		if b.At(c) != want[i] {
			t.Errorf("At(%s) = %v, want %v", name, b.At(c), want[i])
		}
	}
}

func TestSwapRule(t *testing.T) {
	t.Run("keep by placing", func(t *testing.T) {
		g := mustGame(t, Standard, Classic)
		if g.SwapAvailable() {
			t.Fatal("swap offered before the first stone")
		}
		if g.LastStone() != NoCell {
			t.Errorf("last stone %v before any, want none", g.LastStone())
		}
		play(t, g, "d7")
		if d7, _ := g.Geometry().ParseCell("d7"); g.LastStone() != d7 {
			t.Errorf("last stone %v after d7", g.LastStone())
		}
		if !g.SwapAvailable() || g.Turn() != Two || g.ToMove() != Gyre {
			t.Fatalf("after d7: swap %v, turn %v, to move %v; want true, player 2, gyre", g.SwapAvailable(), g.Turn(), g.ToMove())
		}
		play(t, g, "c8")
		if g.Swapped() || g.Controller(Spoke) != One || g.Controller(Gyre) != Two {
			t.Errorf("after keeping: swapped %v, spoke %v, gyre %v", g.Swapped(), g.Controller(Spoke), g.Controller(Gyre))
		}
		if err := g.Play(Swap); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("swap after the second stone = %v, want ErrIllegalMove", err)
		}
		if g.Turn() != One || g.ToMove() != Spoke {
			t.Errorf("third stone: turn %v colour %v, want player 1 spoke", g.Turn(), g.ToMove())
		}
	})
	t.Run("swap", func(t *testing.T) {
		g := mustGame(t, Standard, Classic)
		play(t, g, "d7")
		if err := g.Play(Swap); err != nil {
			t.Fatalf("Play(swap): %v", err)
		}
		// The board is unchanged; the colours change hands.
		b := g.Board()
		d7, _ := b.Geometry().ParseCell("d7")
		if b.At(d7) != Spoke || b.Stones(Spoke) != 1 || b.Stones(Gyre) != 0 {
			t.Errorf("swap changed the board: %s", b.String())
		}
		if !g.Swapped() || g.Controller(Spoke) != Two || g.Controller(Gyre) != One {
			t.Errorf("after swap: spoke %v, gyre %v, want player 2, player 1", g.Controller(Spoke), g.Controller(Gyre))
		}
		if g.LastStone() != NoCell {
			t.Errorf("last stone %v after the swap, want none: the swap places no stone", g.LastStone())
		}
		if g.ToMove() != Gyre || g.Turn() != One {
			t.Errorf("after swap: %v to move by %v, want gyre by player 1", g.ToMove(), g.Turn())
		}
		if err := g.Play(Swap); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("second swap = %v, want ErrIllegalMove", err)
		}
		play(t, g, "c8")
		if g.Turn() != Two || g.ToMove() != Spoke {
			t.Errorf("after swap and c8: %v by %v, want spoke by player 2", g.ToMove(), g.Turn())
		}
	})
	t.Run("no swap before the first stone", func(t *testing.T) {
		g := mustGame(t, Standard, Classic)
		if err := g.Play(Swap); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("swap on an empty board = %v, want ErrIllegalMove", err)
		}
	})
	t.Run("noswap variant", func(t *testing.T) {
		g := mustGame(t, Standard, NoSwap)
		play(t, g, "d7")
		if g.SwapAvailable() {
			t.Error("SwapAvailable in the noswap variant")
		}
		if err := g.Play(Swap); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("swap in noswap = %v, want ErrIllegalMove", err)
		}
	})
	t.Run("swap is listed once", func(t *testing.T) {
		g := mustGame(t, Small, Classic)
		play(t, g, "c5")
		moves := g.Moves(nil)
		if len(moves) != Small.Cells() || moves[0] != Swap {
			t.Errorf("Moves after the first stone: %d moves starting %v, want %d starting with swap", len(moves), moves[0], Small.Cells())
		}
	})
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	g := mustGame(t, Small, Classic)
	play(t, g, "c5", "c6")
	before := g.String()
	for _, m := range []Move{cell(t, g, "c5"), cell(t, g, "c6"), Move(Small.Cells()), Move(-7), Swap} {
		if err := g.Play(m); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("Play(%d) = %v, want ErrIllegalMove", m, err)
		}
	}
	if g.String() != before {
		t.Errorf("record after illegal moves = %q, want %q", g.String(), before)
	}
	err := g.Play(cell(t, g, "c5"))
	if err == nil || !strings.Contains(err.Error(), "c5 is occupied") {
		t.Errorf("Play(c5) error = %v, want it to name c5", err)
	}
}

func TestGameEndsAtTheWinningStone(t *testing.T) {
	g := mustGame(t, Size{3, 6}, NoSwap)
	// Spoke builds a bridge down column 1; Gyre plays elsewhere.
	play(t, g, "a1", "a3", "b1", "b4")
	if g.Over() {
		t.Fatal("over before the bridge")
	}
	play(t, g, "c1")
	if g.Winner() != Spoke || !g.Over() || g.ToMove() != Empty || g.Turn() != NoPlayer {
		t.Fatalf("after c1: winner %v, over %v, to move %v", g.Winner(), g.Over(), g.ToMove())
	}
	if err := g.Play(cell(t, g, "c3")); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("move after the end = %v, want ErrIllegalMove", err)
	}
	if len(g.Moves(nil)) != 0 {
		t.Errorf("Moves after the end is not empty")
	}
	if g.Controller(g.Winner()) != One {
		t.Errorf("winning player = %v, want player 1", g.Controller(g.Winner()))
	}
}

func TestUndo(t *testing.T) {
	g := mustGame(t, Size{3, 6}, Classic)
	var states []string
	var swapped []bool
	for _, m := range []string{"a1", "swap", "b3", "b1", "b4", "c1"} {
		states = append(states, g.Position())
		swapped = append(swapped, g.Swapped())
		play(t, g, m)
	}
	if g.Winner() != Spoke || g.Controller(Spoke) != Two {
		t.Fatalf("winner %v by %v, want spoke by player 2", g.Winner(), g.Controller(Spoke))
	}
	for i := len(states) - 1; i >= 0; i-- {
		if _, ok := g.Undo(); !ok {
			t.Fatalf("Undo %d failed", i)
		}
		if g.Position() != states[i] || g.Swapped() != swapped[i] {
			t.Errorf("after undo to move %d: %s swapped %v, want %s %v", i, g.Position(), g.Swapped(), states[i], swapped[i])
		}
	}
	if _, ok := g.Undo(); ok {
		t.Error("Undo on a new game succeeded")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := mustGame(t, Small, Classic)
	play(t, g, "c5")
	before := g.Position()
	c := g.Clone()
	play(t, c, "c6")
	if len(g.Record()) != 1 || g.Position() != before {
		t.Errorf("playing on a clone changed the original: %s", g.String())
	}
}

// TestRandomSelfPlay plays random games through Play, swap decisions
// included, and checks each ends with exactly one winner, at the stone that
// made it, and that undo and records reproduce the game.
func TestRandomSelfPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := boards(t, 4000)
	var buf []Move
	for i := 0; i < n; i++ {
		s := testSizes[i%len(testSizes)]
		v := []Variant{Classic, NoSwap, Opening(2), Opening(5)}[i%4]
		g := mustGame(t, s, v)
		for !g.Over() {
			if g.InOpening() != (len(g.Record()) < v.OpeningStones()) {
				t.Fatalf("game %d: InOpening %v after %d moves of %q", i, g.InOpening(), len(g.Record()), v)
			}
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("game %d: no moves, no winner: %s", i, g.String())
			}
			mover := g.ToMove()
			if err := g.Play(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if w := g.Winner(); w != Empty && w != mover {
				t.Fatalf("game %d: %v won on %v's move", i, w, mover)
			}
			if g.Over() && len(g.Record()) <= v.OpeningStones() {
				t.Fatalf("game %d: the opening won by itself: %s", i, g.String())
			}
		}
		b := g.Board()
		if b.Bridge() == b.Loop() {
			t.Fatalf("game %d ended with bridge %v loop %v", i, b.Bridge(), b.Loop())
		}
		if i%50 == 0 {
			back, err := ParseRecord(g.String())
			if err != nil || back.String() != g.String() || back.Winner() != g.Winner() {
				t.Fatalf("game %d: record does not replay: %v", i, err)
			}
			last, _ := g.Undo()
			if g.Over() {
				t.Fatalf("game %d: still over after undoing the winning move", i)
			}
			if err := g.Play(last); err != nil || !g.Over() {
				t.Fatalf("game %d: replaying the last move: %v", i, err)
			}
		}
	}
}
