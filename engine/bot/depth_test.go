package bot

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// midgamePositions plays five seeded games, Easy against Easy for the
// first six plies (random, so the games differ) and Medium against
// Medium after (fixed node budgets, so the games do not depend on the
// clock), and returns the position after ply 10 + 2k of game k: typical
// middle games, none with a goal move for the side to move and none
// decided within four plies.
func midgamePositions(t testing.TB) []gyges.Position {
	t.Helper()
	var out []gyges.Position
	for seed := uint64(1); len(out) < 5 && seed < 50; seed++ {
		g := gyges.NewGame(gyges.Standard)
		south, north := NewGyges(Medium, seed), NewGyges(Medium, seed+100)
		south.Nodes, north.Nodes = 3000, 3000
		for _, b := range []*GygesBot{south, north} {
			l, err := b.Setup(context.Background(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		plies := 10 + 2*len(out)
		for ply := 0; ply < plies && g.Phase() == gyges.Playing; ply++ {
			b := south
			if g.Position().Side() == gyges.North {
				b = north
			}
			if ply < 6 {
				b = NewGyges(Easy, seed*1000+uint64(ply))
			}
			m, err := b.Think(context.Background(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase() != gyges.Playing || canEnterGoal(g.Position()) || decided(g.Position()) {
			continue
		}
		out = append(out, g.Position())
	}
	return out
}

// TestMeasureDepth prints how deep Hard searches in a fixed time on the
// midgame positions, and when each depth is done. Time is the CPU time of
// the searching thread, so that other work on the machine changes the
// figures less. It measures, it asserts nothing, and it reads a clock, so
// it runs only when GYGY_DEPTH names the time per move, e.g.
// GYGY_DEPTH=1.5s go test -run MeasureDepth ./engine/bot (Linux only).
func TestMeasureDepth(t *testing.T) {
	spec := os.Getenv("GYGY_DEPTH")
	if spec == "" {
		t.Skip("set GYGY_DEPTH to a time per move to measure")
	}
	limit, err := time.ParseDuration(spec)
	if err != nil {
		t.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i, p := range midgamePositions(t) {
		root := newGygesPos(p)
		start := threadCPU(t)
		stop := func() bool { return threadCPU(t)-start >= limit }
		ab := search.NewAlphaBeta[gygesPos](root, gygesABConfig(nil, stop, safeMoves(root, root.Moves(nil))))
		line := fmt.Sprintf("pos %d %-38s", i+1, p)
		var res search.ABResult
		for depth := 1; depth <= 64; depth++ {
			res, err = ab.Search(context.Background(), search.Limits{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			if res.Depth < depth {
				break
			}
			line += fmt.Sprintf(" d%d %dms", depth, (threadCPU(t) - start).Milliseconds())
			if res.Score >= goalNext || res.Score <= -goalNext {
				line += " (proven)"
				break
			}
		}
		took := threadCPU(t) - start
		fmt.Printf("%s | depth %d, %d nodes, %.0f knodes/s, %v\n", line, res.Depth, res.Nodes, float64(res.Nodes)/took.Seconds()/1000, took.Round(time.Millisecond))
	}
}

// threadCPU is the CPU time used so far by the calling thread.
func threadCPU(t testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // 1: RUSAGE_THREAD
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// decided reports whether a four-ply search proves a win or a loss.
func decided(p gyges.Position) bool {
	ab := search.NewAlphaBeta[gygesPos](newGygesPos(p), search.ABConfig{TableBits: 12})
	res, err := ab.Search(context.Background(), search.Limits{Depth: 4})
	return err != nil || res.Score >= goalNext || res.Score <= -goalNext
}
