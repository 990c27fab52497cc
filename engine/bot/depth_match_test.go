//go:build linux

package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// TestMeasureMatch plays Hard against Hard changed by GYGY_VARIANT_B (see
// hardVariant; base is Hard at commit f6ecb62) at equal time per move, the
// CPU time of the playing thread (GYGY_MATCH_TIME, default 1.125 s, the
// browser's 3 s natively; GYGY_MATCH_TIME_A gives A its own), sides alternated over shared setups: each pair
// of games starts from the same random home rows. GYGY_VARIANT_A changes
// A the same way. It measures and asserts nothing, and reads a clock, so
// it runs only when GYGY_MATCH_GAMES names the number of games, e.g.
// GYGY_MATCH_GAMES=100 GYGY_VARIANT_B=base go test -run MeasureMatch -v -timeout 0 ./engine/bot
func TestMeasureMatch(t *testing.T) {
	n := envInt(t, "GYGY_MATCH_GAMES", 0)
	if n <= 0 {
		t.Skip("set GYGY_MATCH_GAMES to play a match")
	}
	moveTime := envDuration(t, "GYGY_MATCH_TIME", 1125*time.Millisecond)
	timeA := envDuration(t, "GYGY_MATCH_TIME_A", moveTime)
	seed := uint64(envInt(t, "GYGY_MATCH_SEED", 0))
	specA, specB := os.Getenv("GYGY_VARIANT_A"), os.Getenv("GYGY_VARIANT_B")
	for _, spec := range []string{specA, specB} {
		if err := hardVariant(&search.ABConfig{}, spec); err != nil {
			t.Fatal(err)
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := threadClock(t)
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
		a, b := NewGyges(Hard, 1), NewGyges(Hard, 2)
		a.Timing = Timing{Now: cpu, MoveTime: timeA}
		if timeA > moveTime {
			a.Nodes = Timing{Long: true}.work(Hard, gygesNodes[Hard]) // as Hard thinking longer
		}
		b.Timing = Timing{Now: cpu, MoveTime: moveTime}
		a.tweak = func(c *search.ABConfig) { _ = hardVariant(c, specA) }
		b.tweak = func(c *search.ABConfig) { _ = hardVariant(c, specB) }
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
		lo, hi := wilson(wins, i+1)
		fmt.Printf("game %d (%s): A %d of %d (%.1f%%, 95%% %.1f-%.1f%%), %d unfinished, South won %d, %d plies\n",
			i+1, south.String()+"/"+north.String(), wins, i+1, 100*float64(wins)/float64(i+1), 100*lo, 100*hi, unfinished, southWins, ply)
	}
	fmt.Printf("A (%q, %v a move) against B (%q, %v a move), thread CPU: %d of %d, %d unfinished, average %.1f plies\n", specA, timeA, specB, moveTime, wins, n, unfinished, float64(plies)/float64(n))
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, fn := float64(k)/float64(n), float64(n)
	c := p + z*z/(2*fn)
	d := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	e := 1 + z*z/fn
	return (c - d) / e, (c + d) / e
}
