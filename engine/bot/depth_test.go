//go:build linux

package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

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
// GYGY_DEPTH=1.5s go test -run MeasureDepth ./engine/bot (Linux only);
// GYGY_VARIANT names changes to Hard's search (see hardVariant).
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
	for i, text := range append(append([]string(nil), startPositions...), midgamePositions...) {
		p := gygesPosition(t, text)
		root := newGygesPos(p)
		start := threadCPU(t)
		stop := func() bool { return threadCPU(t)-start >= limit }
		cfg := gygesABConfig(Hard, nil, stop, safeMoves(root, root.Moves(nil)))
		if err := hardVariant(&cfg, os.Getenv("GYGY_VARIANT")); err != nil {
			t.Fatal(err)
		}
		ab := search.NewAlphaBeta[gygesPos](root, cfg)
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
			if res.Score >= goalNext || res.Score <= -goalNext {
				line += " (proven)"
				break
			}
		}
		took := threadCPU(t) - start
		fmt.Printf("%s | depth %d, %d nodes, %.0f knodes/s, %v\n", line, res.Depth, res.Nodes, float64(res.Nodes)/took.Seconds()/1000, took.Round(time.Millisecond))
	}
}

// hardVariant changes Hard's search configuration as spec says, a list of
// changes separated by commas: noreduce (no late-move reductions),
// onereduce (reductions of one ply, Medium's), nowin (no goal question at
// every node), noprune (no late-move pruning), nonull (no null move),
// noasp (no aspiration windows), null, null3 and null4 (the null move
// reduced by 2, 3 or 4 plies), asp (a window of ±500), asp200, tt20,
// eval18, fromto; noroot (the root's moves neither ordered by work nor
// reduced, Hard before they were); landed, Hard as it landed before the
// null move and the windows (commit 834fcff: nonull, noasp and noroot);
// and base, Hard as it was at commit f6ecb62 (landed, nowin and noprune).
func hardVariant(cfg *search.ABConfig, spec string) error {
	for _, v := range strings.Split(spec, ",") {
		switch v {
		case "":
		case "noreduce":
			cfg.Reduce = false
		case "onereduce":
			cfg.LogReduce = false
		case "nowin":
			cfg.WinCheck = false
		case "noprune":
			cfg.PruneLate = false
		case "tt19":
			cfg.TableBits = 19
		case "tt20":
			cfg.TableBits = 20
		case "eval18":
			cfg.EvalBits = 18
		case "fromto":
			cfg.HistoryMask = 1<<14 - 1
		case "null":
			cfg.NullMove, cfg.NullReduce = true, 2
		case "null3":
			cfg.NullMove, cfg.NullReduce = true, 3
		case "null4":
			cfg.NullMove, cfg.NullReduce = true, 4
		case "asp":
			cfg.Aspiration = 500
		case "asp200":
			cfg.Aspiration = 200
		case "nonull":
			cfg.NullMove = false
		case "noasp":
			cfg.Aspiration = 0
		case "noroot":
			cfg.RootOrder, cfg.RootReduce = false, false
		case "landed":
			cfg.NullMove, cfg.Aspiration = false, 0
			cfg.RootOrder, cfg.RootReduce = false, false
		case "base":
			cfg.WinCheck, cfg.PruneLate = false, false
			cfg.NullMove, cfg.Aspiration = false, 0
			cfg.RootOrder, cfg.RootReduce = false, false
		default:
			return fmt.Errorf("GYGY_VARIANT: unknown change %q (see hardVariant)", v)
		}
	}
	return nil
}

// TestMeasureDepthNodes prints, for each measuring position, the nodes
// Hard's search needs to complete each depth, and the thread's CPU time
// then: the node counts do not depend on the machine, so they compare two
// searches exactly. It runs only when GYGY_DEPTH_NODES names the node
// limit, e.g. GYGY_DEPTH_NODES=1500000 go test -run MeasureDepthNodes -v
// ./engine/bot; GYGY_VARIANT as for TestMeasureDepth.
func TestMeasureDepthNodes(t *testing.T) {
	limit, _ := strconv.Atoi(os.Getenv("GYGY_DEPTH_NODES"))
	if limit <= 0 {
		t.Skip("set GYGY_DEPTH_NODES to a node limit to measure")
	}
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
		root := newGygesPos(p)
		cfg := gygesABConfig(Hard, nil, nil, safeMoves(root, root.Moves(nil)))
		if err := hardVariant(&cfg, os.Getenv("GYGY_VARIANT")); err != nil {
			t.Fatal(err)
		}
		ab := search.NewAlphaBeta[gygesPos](root, cfg)
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
			if res.Score >= goalNext || res.Score <= -goalNext {
				line += " (won or lost)"
				break
			}
		}
		fmt.Println(line)
	}
}
