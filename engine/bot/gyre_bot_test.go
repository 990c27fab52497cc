package bot

import (
	"context"
	"testing"

	"gygy/engine/gyre"
)

// gyreGame replays moves (cell names or "swap") on a new game.
func gyreGame(t *testing.T, size gyre.Size, v gyre.Variant, moves ...string) *gyre.Game {
	t.Helper()
	g, err := gyre.NewGame(size, v)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range moves {
		m, err := g.Geometry().ParseMove(name)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("move %s: %v", name, err)
		}
	}
	return g
}

func think(t *testing.T, b *GyreBot, g *gyre.Game) gyre.Move {
	t.Helper()
	m, err := b.Think(context.Background(), g, nil)
	if err != nil {
		t.Fatalf("%v.Think: %v", b, err)
	}
	if err := g.Clone().Play(m); err != nil {
		t.Fatalf("%v chose an illegal move %s: %v", b, g.Geometry().MoveName(m), err)
	}
	return m
}

// winsInTwo reports whether, after m, every reply leaves the mover a win
// in one: a double threat (or an immediate win).
func winsInTwo(g *gyre.Game, m gyre.Move) bool {
	after := g.Clone()
	mover := g.ToMove()
	if after.Play(m) != nil {
		return false
	}
	if after.Winner() == mover {
		return true
	}
	for _, reply := range after.Moves(nil) {
		next := after.Clone()
		next.Apply(reply)
		b := next.Board()
		if next.Over() || len(b.WinningCells(nil, mover)) == 0 {
			return false
		}
	}
	return true
}

// The tactics tables: every level takes a win in one and blocks one; every
// level above Easy finds a win in two.
func TestGyreTactics(t *testing.T) {
	tests := []struct {
		name   string
		size   gyre.Size
		moves  []string
		want   string // the only good move, or "" when checked by winsInTwo
		levels []Level
	}{
		{"spoke wins in one", gyre.Small, []string{"a1", "a6", "b1", "c6", "c1", "e6", "d1", "c7"}, "e1", Levels},
		{"gyre wins in one", gyre.Small, []string{"a1", "c1", "e5", "c2", "a3", "c3", "e8", "c4", "a6", "c5", "e2", "c6", "a9", "c7", "e3", "c8", "e9", "c9"},
			"c10", Levels},
		{"spoke blocks the loop", gyre.Small, []string{"a1", "c1", "e5", "c2", "a3", "c3", "e8", "c4", "a6", "c5", "e2", "c6", "a9", "c7", "e3", "c8", "e9", "c9", "a5"},
			"", nil}, // Gyre to move wins: covered by the case above
		{"gyre blocks the bridge", gyre.Small, []string{"a1", "e10", "b1", "c6", "c1", "e6", "d1"}, "e1", Levels},
		{"spoke wins in two with a bridge", gyre.Small, []string{"a1", "a6", "b1", "c6", "d2", "e6", "e2", "c7"}, "", []Level{Medium, Hard}},
	}
	for _, tc := range tests {
		if tc.levels == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			g := gyreGame(t, tc.size, gyre.NoSwap, tc.moves...)
			for _, level := range tc.levels {
				for seed := uint64(1); seed <= 3; seed++ {
					b := NewGyre(level, seed)
					b.Tuning.Work = map[Level]int{Easy: 500, Medium: 4000, Hard: 8000}[level]
					m := think(t, b, g)
					name := g.Geometry().MoveName(m)
					if tc.want != "" && name != tc.want {
						t.Errorf("%v seed %d plays %s, want %s", b, seed, name, tc.want)
					}
					if tc.want == "" && !winsInTwo(g, m) {
						t.Errorf("%v seed %d plays %s, which does not win in two", b, seed, name)
					}
				}
			}
		})
	}
}

// Under the plain swap rule, Medium judges the swap by its search: on a
// board much wider than deep Spoke's bridge is far easier than Gyre's
// loop, and it swaps. On a deep narrow board its playouts rate Gyre ahead
// and it keeps Gyre, which measured play says is a mistake; Hard knows
// that Spoke, with the first stone and Gyre to move, is the better side on
// every board, and swaps without searching.
func TestGyreSwapDecision(t *testing.T) {
	for _, tc := range []struct {
		level Level
		size  gyre.Size
		swap  bool
	}{
		{Medium, gyre.Size{Rings: 3, Cols: 30}, true},
		{Medium, gyre.Size{Rings: 15, Cols: 6}, false},
		{Hard, gyre.Size{Rings: 3, Cols: 30}, true},
		{Hard, gyre.Standard, true},
		{Hard, gyre.Size{Rings: 15, Cols: 6}, true},
		{Hard, gyre.Size{Rings: 15, Cols: 15}, true},
	} {
		g := gyreGame(t, tc.size, gyre.Classic)
		first, _ := g.Geometry().ParseMove("b3")
		if err := g.Play(first); err != nil {
			t.Fatal(err)
		}
		b := NewGyre(tc.level, 1)
		b.Tuning.Work = 3000
		m := think(t, b, g)
		if (m == gyre.Swap) != tc.swap {
			t.Errorf("%v on %v after b3 plays %s (%s, value %.2f), want swap=%v", tc.level, tc.size, g.Geometry().MoveName(m), b.Info().Reason, b.Info().Value, tc.swap)
		}
	}
}

// Hard's rule is for the plain swap only: after an opening K, built to be
// near even, its search decides, and it keeps Gyre when the opening
// favours Gyre.
func TestHardJudgesAnOpeningsSwapBySearch(t *testing.T) {
	g := gyreGame(t, gyre.Small, gyre.Opening(8), "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "a1")
	b := NewGyre(Hard, 1)
	b.Tuning.Work = 3000
	if m := think(t, b, g); m == gyre.Swap {
		t.Errorf("after eight Gyre stones in a row Hard swaps (%s, value %.2f); want it to keep Gyre", b.Info().Reason, b.Info().Value)
	}
}

func TestGyreOpening(t *testing.T) {
	g := gyreGame(t, gyre.Small, gyre.Classic)
	b := NewGyre(Medium, 5)
	b.Tuning.Work = 2000
	m := think(t, b, g)
	if b.Info().Reason != ReasonOpening {
		t.Errorf("first move reason %v, want opening", b.Info().Reason)
	}
	if _, ok := m.Cell(); !ok {
		t.Errorf("first move %v is not a placement", m)
	}
}

// A bot with a seed plays the same move every time, in the middle game
// and while building an opening K.
func TestGyreBotIsDeterministic(t *testing.T) {
	for _, g := range []*gyre.Game{
		gyreGame(t, gyre.Standard, gyre.Classic, "d7", "c9", "e4"),
		gyreGame(t, gyre.Small, gyre.Opening(3), "c2"),
	} {
		// The second search runs in the first one's released memory
		// (search.MCTSConfig.Reserve): what it knew must not change.
		var got []gyre.Move
		var info []Info
		for i := 0; i < 2; i++ {
			b := NewGyre(Easy, 42)
			b.Tuning.Work = 1500
			got = append(got, think(t, b, g))
			info = append(info, b.Info())
		}
		if got[0] != got[1] || info[0] != info[1] {
			t.Errorf("%s: same seed, same budget: %v (%+v) then %v (%+v)", g, got[0], info[0], got[1], info[1])
		}
	}
}

func TestGyreBotGameOver(t *testing.T) {
	g := gyreGame(t, gyre.Size{Rings: 3, Cols: 6}, gyre.NoSwap, "a1", "a3", "b1", "b4", "c1")
	if _, err := NewGyre(Hard, 1).Think(context.Background(), g, nil); err != ErrGameOver {
		t.Errorf("Think on a finished game = %v, want ErrGameOver", err)
	}
}

func TestGyreBotHonoursCancel(t *testing.T) {
	g := gyreGame(t, gyre.Standard, gyre.NoSwap, "d7")
	ctx, cancel := context.WithCancel(context.Background())
	yields := 0
	b := NewGyre(Hard, 1)
	m, err := b.Think(ctx, g, func() {
		yields++
		if yields == 3 {
			cancel()
		}
	})
	if err != nil || g.Clone().Play(m) != nil {
		t.Fatalf("cancelled Think = %v, %v; want a legal move", m, err)
	}
	if it := b.Info().Iterations; it > 4*sliceIterations {
		t.Errorf("after cancel at the third yield the bot ran %d playouts", it)
	}
}

// A context that is already done still gets a legal move: the bot always
// searches one slice.
func TestGyreBotAnswersAfterTheDeadline(t *testing.T) {
	g := gyreGame(t, gyre.Standard, gyre.NoSwap, "d7", "c9")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := NewGyre(Hard, 1)
	m, err := b.Think(ctx, g, nil)
	if err != nil || g.Clone().Play(m) != nil {
		t.Fatalf("Think with a done context = %v, %v; want a legal move", m, err)
	}
	if b.Info().Iterations == 0 {
		t.Error("no playouts before answering")
	}
}

// The opening, too, judges every ring on at least one slice when the
// deadline has already passed, rather than choosing among unjudged rings.
func TestGyreOpeningAfterTheDeadline(t *testing.T) {
	g := gyreGame(t, gyre.Small, gyre.Classic)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := NewGyre(Hard, 3)
	m, err := b.Think(ctx, g, nil)
	if err != nil || g.Clone().Play(m) != nil {
		t.Fatalf("opening with a done context = %v, %v; want a legal move", m, err)
	}
	if want := gyre.Small.Rings * sliceIterations; b.Info().Iterations < want {
		t.Errorf("opening judged on %d playouts, want at least %d (one slice per ring)", b.Info().Iterations, want)
	}
}
