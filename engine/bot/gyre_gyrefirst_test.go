package bot

import (
	"context"
	"testing"

	"gygy/engine/gyre"
)

// In a gyrefirst game (no swap, Gyre places the first stone) every level
// starts from the empty board for Gyre, never offers to swap, and plays
// legal stones to the end.
func TestGyreBotPlaysGyreFirst(t *testing.T) {
	for _, level := range Levels {
		t.Run(level.String(), func(t *testing.T) {
			g, err := gyre.NewGame(gyre.Small, gyre.GyreFirst)
			if err != nil {
				t.Fatal(err)
			}
			bots := map[gyre.Player]*GyreBot{gyre.One: NewGyre(level, 1), gyre.Two: NewGyre(level, 2)}
			for _, b := range bots {
				b.Tuning.Work = 300
			}
			for ply := 0; !g.Over(); ply++ {
				if ply > g.Geometry().Cells() {
					t.Fatalf("no winner after %d stones:\n%s", ply, g)
				}
				before := g.ToMove()
				if ply == 0 && (before != gyre.Gyre || g.Turn() != gyre.One) {
					t.Fatalf("the first stone is %s's by %s; want gyre's by player 1", before, g.Turn())
				}
				m, err := bots[g.Turn()].Think(context.Background(), g, nil)
				if err != nil {
					t.Fatal(err)
				}
				if m == gyre.Swap {
					t.Fatalf("stone %d: the bot swapped in a game without the swap", ply+1)
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("stone %d: %v\n%s", ply+1, err, g)
				}
				if c, _ := m.Cell(); g.At(c) != before {
					t.Fatalf("stone %d is %s, want %s", ply+1, g.At(c), before)
				}
			}
		})
	}
}
