package bot

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

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
	variant := map[string]func(c *search.ABConfig){
		"noreduce": func(c *search.ABConfig) { c.Reduce = false },
	}[os.Getenv("GYGY_VARIANT")]
	if variant == nil {
		t.Fatal("GYGY_VARIANT names the change: noreduce")
	}
	wins, decided := 0, 0
	for i := 0; i < n; i++ {
		pair := uint64(i / 2)
		g := gyges.NewGame(gyges.Standard)
		for _, s := range []uint64{pair, pair + 1000} {
			l, _ := NewGyges(Easy, s).Setup(context.Background(), g, nil)
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		a, b := NewGyges(Hard, 1), NewGyges(Hard, 1)
		a.Nodes, b.Nodes = nodes, nodes
		b.tweak = variant
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
