package bot

import (
	"context"
	"os"
	"strings"
	"testing"

	"gygy/engine/gyre"
)

// solvedCase is one position of testdata/gyre_solved.txt: proved once by
// the solver (gygy-lab gyre solvedset), with every winning move.
type solvedCase struct {
	line    int
	game    *gyre.Game
	kind    string
	winning map[gyre.Move]bool
}

func loadSolved(t *testing.T) []solvedCase {
	t.Helper()
	text, err := os.ReadFile("testdata/gyre_solved.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []solvedCase
	for i, line := range strings.Split(string(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 4 {
			t.Fatalf("line %d: %q: want position, side, kind, winning moves", i+1, line)
		}
		g, err := gyre.GameFromPosition(f[0], gyre.NoSwap)
		if err != nil || g.ToMove().String() != f[1] {
			t.Fatalf("line %d: %v, to move %v, file says %s", i+1, err, g.ToMove(), f[1])
		}
		c := solvedCase{line: i + 1, game: g, kind: f[2], winning: map[gyre.Move]bool{}}
		for _, name := range f[3:] {
			m, err := g.Geometry().ParseMove(name)
			if err != nil || g.Legal(m) != nil {
				t.Fatalf("line %d: winning move %s: %v", i+1, name, err)
			}
			c.winning[m] = true
		}
		out = append(out, c)
	}
	return out
}

// The set is what the issue asks for: at least 100 positions on boards
// from 5 x 6 to 6 x 8 with 20 to 30 empty cells, half with Gyre to move,
// no win in one for either side.
func TestSolvedSetShape(t *testing.T) {
	set := loadSolved(t)
	var gyreToMove int
	for _, c := range set {
		s := c.game.Size()
		b := c.game.Board()
		empty := b.Stones(gyre.Empty)
		if s.Rings < 5 || s.Rings > 6 || s.Cols < 6 || s.Cols > 8 || empty < 20 || empty > 30 {
			t.Errorf("line %d: %s with %d empty cells", c.line, s, empty)
		}
		if len(b.WinningCells(nil, gyre.Spoke)) > 0 || len(b.WinningCells(nil, gyre.Gyre)) > 0 {
			t.Errorf("line %d: a win in one", c.line)
		}
		_, two := b.DoubleThreat(c.game.ToMove())
		if two != (c.kind == "two") {
			t.Errorf("line %d: kind %s, but a double threat: %v", c.line, c.kind, two)
		}
		if c.game.ToMove() == gyre.Gyre {
			gyreToMove++
		}
	}
	if len(set) < 100 || 2*gyreToMove < len(set)-2 {
		t.Errorf("%d positions, %d with Gyre to move; want at least 100, half Gyre", len(set), gyreToMove)
	}
}

// Medium at a small fixed budget (fixed seeds, so the figures are
// deterministic) finds a winning move in nearly every position where the
// opponent threatens a win in two, and the root's must-play rule is part
// of why. The bound leaves room for small changes to the bot; the full
// scores by level are a CLI report (gygy-lab gyre score).
func TestSolvedSetMedium(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every narrow position twice")
	}
	var right [2]int
	total := 0
	for _, c := range loadSolved(t) {
		if c.kind != "narrow" {
			continue
		}
		total++
		for i, plain := range []bool{false, true} {
			b := NewGyre(Medium, uint64(c.line))
			b.Tuning.Work, b.Tuning.Plain = 300, plain
			m, err := b.Think(context.Background(), c.game, nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.winning[m] {
				right[i]++
			}
		}
	}
	t.Logf("Medium at 300 playouts: %d of %d, plain %d", right[0], total, right[1])
	if total == 0 || 100*right[0] < 95*total || right[0] < right[1] {
		t.Errorf("Medium at 300 playouts found %d winning moves of %d (plain: %d), want at least 95%% and no fewer than plain", right[0], total, right[1])
	}
}
