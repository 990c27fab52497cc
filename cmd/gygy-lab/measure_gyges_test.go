//go:build linux

package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"gygy/cmd/gygy-lab/internal/knobs"
	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/engine/bot"
	"gygy/engine/gyges"
	"gygy/engine/search"
)

// hardLongNodes is Hard's node budget a move when it thinks longer
// (bot.Timing.Long): the time budget, not this, ends its search.
const hardLongNodes = math.MaxInt32

// envSearch reads changes to the Gygès search from the environment as
// knobs.Search reads them; unset, nil (the search as it plays).
func envSearch(t *testing.T, name string) func(*search.ABConfig) {
	spec := os.Getenv(name)
	if spec == "" {
		return nil
	}
	if err := knobs.Search(&search.ABConfig{}, spec); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return func(c *search.ABConfig) { _ = knobs.Search(c, spec) }
}

// midgamePositions are five middle games found by seeded games (Easy
// against Easy for six plies, then Medium against Medium with 3,000 nodes
// a move, the position after ply 10 + 2k of game k, skipping positions
// decided within four plies), kept as text so that a change to the bots
// does not change the measure.
var midgamePositions = []string{
	"11..3./...132/....../....2./.1..23/..2..3 S",
	"1.2..2/.31.../.1..../3.2.../32..3./....1. S",
	"....3./..23../..233./...11./..12../...1.2 S",
	"....../21133./.13223/..12../....../...... S",
	"1.11../..22../..33../.....2/3...3./....12 S",
}

// startPositions are two starts, South to move: the rulebook's (224
// moves) and the perft table's other setups (284).
var startPositions = []string{
	"321123/....../....../....../....../321123 S",
	"131223/....../....../....../....../213321 S",
}

// TestMeasureDepth prints how deep Hard searches in a fixed time on the
// midgame positions, and when each depth is done. Time is the CPU time of
// the searching thread, so that other work on the machine changes the
// figures less. It measures, it asserts nothing, and it reads a clock, so
// it runs only when GYGY_DEPTH names the time per move, e.g.
// GYGY_DEPTH=1.5s go test -run MeasureDepth ./cmd/gygy-lab (Linux only);
// GYGY_VARIANT names changes to Hard's search (see knobs.Search).
func TestMeasureDepth(t *testing.T) {
	spec := os.Getenv("GYGY_DEPTH")
	if spec == "" {
		t.Skip("set GYGY_DEPTH to a time per move to measure")
	}
	limit, err := time.ParseDuration(spec)
	if err != nil {
		t.Fatal(err)
	}
	tune := envSearch(t, "GYGY_VARIANT")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i, text := range append(append([]string(nil), startPositions...), midgamePositions...) {
		p := gygesPosition(t, text)
		start := threadCPU(t)
		stop := func() bool { return threadCPU(t)-start >= limit }
		ab := bot.NewGygesSearch(p, bot.Hard, tune, stop)
		line := fmt.Sprintf("pos %d %-44s", i+1, p)
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
			if ab.Decided(res.Score) {
				line += " (proven)"
				break
			}
		}
		took := threadCPU(t) - start
		fmt.Printf("%s | depth %d, %d nodes, %.0f knodes/s, %v\n", line, res.Depth, res.Nodes, float64(res.Nodes)/took.Seconds()/1000, took.Round(time.Millisecond))
	}
}

// TestMeasureDepthNodes prints, for each measuring position, the nodes
// Hard's search needs to complete each depth, and the thread's CPU time
// then: the node counts do not depend on the machine, so they compare two
// searches exactly. It runs only when GYGY_DEPTH_NODES names the node
// limit, e.g. GYGY_DEPTH_NODES=1500000 go test -run MeasureDepthNodes -v
// ./cmd/gygy-lab; GYGY_VARIANT as for TestMeasureDepth.
func TestMeasureDepthNodes(t *testing.T) {
	limit, _ := strconv.Atoi(os.Getenv("GYGY_DEPTH_NODES"))
	if limit <= 0 {
		t.Skip("set GYGY_DEPTH_NODES to a node limit to measure")
	}
	tune := envSearch(t, "GYGY_VARIANT")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var positions []gyges.Position
	for _, text := range append(append([]string(nil), startPositions...), midgamePositions...) {
		positions = append(positions, gygesPosition(t, text))
	}
	// GYGY_DEPTH_STARTS=n measures n random starts instead.
	if n, _ := strconv.Atoi(os.Getenv("GYGY_DEPTH_STARTS")); n > 0 {
		r := rand.New(rand.NewPCG(28, 28))
		positions = positions[:0]
		for range n {
			positions = append(positions, gyges.StartPosition(gyges.RandomLayout(r), gyges.RandomLayout(r), gyges.Standard))
		}
	}
	for i, p := range positions {
		ab := bot.NewGygesSearch(p, bot.Hard, tune, nil)
		line := fmt.Sprintf("pos %d", i+1)
		start := threadCPU(t)
		for d := 1; d <= 64; d++ {
			res, err := ab.Search(context.Background(), search.Limits{Depth: d, Nodes: limit})
			if err != nil {
				t.Fatal(err)
			}
			if res.Depth < d {
				break
			}
			line += fmt.Sprintf(" d%d %dk %dms", d, res.Nodes/1000, (threadCPU(t) - start).Milliseconds())
			if ab.Decided(res.Score) {
				line += " (won or lost)"
				break
			}
		}
		fmt.Println(line)
	}
}

// TestMeasureMatch plays Hard against Hard changed by GYGY_VARIANT_B (see
// knobs.Search; base is Hard at commit f6ecb62) at equal time per move, the
// CPU time of the playing thread (GYGY_MATCH_TIME, default 1.125 s, the
// browser's 3 s natively; GYGY_MATCH_TIME_A gives A its own), sides alternated over shared setups: each pair
// of games starts from the same random home rows. GYGY_VARIANT_A changes
// A the same way. It measures and asserts nothing, and reads a clock, so
// it runs only when GYGY_MATCH_GAMES names the number of games, e.g.
// GYGY_MATCH_GAMES=100 GYGY_VARIANT_B=base go test -run MeasureMatch -v -timeout 0 ./cmd/gygy-lab
func TestMeasureMatch(t *testing.T) {
	n := envInt(t, "GYGY_MATCH_GAMES", 0)
	if n <= 0 {
		t.Skip("set GYGY_MATCH_GAMES to play a match")
	}
	moveTime := envDuration(t, "GYGY_MATCH_TIME", 1125*time.Millisecond)
	timeA := envDuration(t, "GYGY_MATCH_TIME_A", moveTime)
	seed := uint64(envInt(t, "GYGY_MATCH_SEED", 0))
	specA, specB := os.Getenv("GYGY_VARIANT_A"), os.Getenv("GYGY_VARIANT_B")
	tuneA, tuneB := envSearch(t, "GYGY_VARIANT_A"), envSearch(t, "GYGY_VARIANT_B")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := mustThreadClock(t)
	wins, unfinished, southWins, plies := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		r := rand.New(rand.NewPCG(seed, uint64(i/2)))
		south, north := gyges.RandomLayout(r), gyges.RandomLayout(r)
		g := gyges.NewGame(gyges.Standard)
		if err := g.Setup(south); err != nil {
			t.Fatal(err)
		}
		if err := g.Setup(north); err != nil {
			t.Fatal(err)
		}
		a, b := bot.NewGyges(bot.Hard, 1), bot.NewGyges(bot.Hard, 2)
		a.Timing = bot.Timing{Now: cpu, MoveTime: timeA}
		if timeA > moveTime {
			a.Nodes = hardLongNodes // as Hard thinking longer
		}
		b.Timing = bot.Timing{Now: cpu, MoveTime: moveTime}
		a.Tune, b.Tune = tuneA, tuneB
		aSouth := i%2 == 0
		ply := 0
		for ; ply < 400 && g.Phase() == gyges.Playing; ply++ {
			p := a
			if (g.Position().Side() == gyges.South) != aSouth {
				p = b
			}
			m, err := p.Think(context.Background(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		plies += ply
		w, over := g.Winner()
		switch {
		case !over:
			unfinished++
		case (w == gyges.South) == aSouth:
			wins++
		}
		if over && w == gyges.South {
			southWins++
		}
		lo, hi := stats.Wilson(wins, i+1)
		fmt.Printf("game %d (%s): A %d of %d (%.1f%%, 95%% %.1f-%.1f%%), %d unfinished, South won %d, %d plies\n",
			i+1, south.String()+"/"+north.String(), wins, i+1, 100*float64(wins)/float64(i+1), 100*lo, 100*hi, unfinished, southWins, ply)
	}
	fmt.Printf("A (%q, %v a move) against B (%q, %v a move), thread CPU: %d of %d, %d unfinished, average %.1f plies\n", specA, timeA, specB, moveTime, wins, n, unfinished, float64(plies)/float64(n))
}

// TestCompareVariants plays Hard against Hard with one change to its
// search, at equal nodes per move, sides alternated over the same setups
// (each pair of games shares its random beginner layouts). It measures
// and asserts nothing; GYGY_VARIANT_GAMES sets the number of games.
func TestCompareVariants(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GYGY_VARIANT_GAMES"))
	if n == 0 {
		t.Skip("set GYGY_VARIANT_GAMES to compare search variants")
	}
	nodes, _ := strconv.Atoi(os.Getenv("GYGY_VARIANT_NODES"))
	if nodes == 0 {
		nodes = 40_000
	}
	variant := envSearch(t, "GYGY_VARIANT")
	if variant == nil {
		t.Fatal("GYGY_VARIANT names the change, e.g. noreduce (see knobs.Search)")
	}
	wins, decided := 0, 0
	for i := 0; i < n; i++ {
		pair := uint64(i / 2)
		g := gyges.NewGame(gyges.Standard)
		for _, s := range []uint64{pair, pair + 1000} {
			l, _ := bot.NewGyges(bot.Easy, s).Setup(context.Background(), g, nil)
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		a, b := bot.NewGyges(bot.Hard, 1), bot.NewGyges(bot.Hard, 1)
		a.Nodes, b.Nodes = nodes, nodes
		b.Tune = variant
		aSouth := i%2 == 0
		for ply := 0; ply < 300 && g.Phase() == gyges.Playing; ply++ {
			p := a
			if (g.Position().Side() == gyges.South) != aSouth {
				p = b
			}
			m, err := p.Think(context.Background(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if w, over := g.Winner(); over {
			decided++
			if (w == gyges.South) == aSouth {
				wins++
			}
		}
		fmt.Printf("game %d: A %d of %d decided\n", i+1, wins, decided)
	}
}
