package main

import (
	"context"
	"strings"
	"testing"

	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// statelessGame plays a 4x6 `opening 2` game between two stateless bots
// bounded by work alone (no clock), so that it depends on seeds only.
func statelessGame(t *testing.T, seed uint64) game.Game {
	t.Helper()
	g, err := gyre.NewGame(gyre.Size{Rings: 4, Cols: 6}, gyre.Opening(2))
	if err != nil {
		t.Fatal(err)
	}
	played := game.FromGyre(g)
	one := newStateless(bot.Config{Level: bot.Hard, Seed: seed, Tuning: bot.Tuning{Work: 60}})
	two := newStateless(bot.Config{Level: bot.Medium, Seed: seed + 1, Tuning: bot.Tuning{Work: 30}})
	if err := loop.Play(context.Background(), played, one, two, loop.Options{}); err != nil {
		t.Fatal(err)
	}
	return played
}

// A stateless game is played again, action for action, from its seed; its
// record, read back whole, is a legal finished game with the same winner.
func TestStatelessGameReproducibleAndLegal(t *testing.T) {
	first := statelessGame(t, 7)
	again := statelessGame(t, 7)
	if first.Record() != again.Record() {
		t.Errorf("the same seed played two games:\n%s\n%s", first.Record(), again.Record())
	}
	if first.Turn() != game.NoSeat || first.Winner() == game.NoSeat {
		t.Fatalf("the game did not end with a winner: %s", first.Record())
	}
	back, err := game.Parse(first.Record())
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, first.Record())
	}
	if back.Len() != first.Len() || back.Winner() != first.Winner() || back.Turn() != game.NoSeat {
		t.Errorf("read back: %d actions, winner %v; played %d, winner %v", back.Len(), back.Winner(), first.Len(), first.Winner())
	}
	if !strings.Contains(first.Record(), "opening2") {
		t.Errorf("record %q does not name the variant", first.Record())
	}
}

// The stateless player keeps nothing: asked twice for the same position it
// answers the same (its seed is the game's and the ply's), where a Player
// runs its random source on.
func TestStatelessKeepsNothing(t *testing.T) {
	g, err := game.Parse("GYRE 5x10 opening3 a1 b2 c3 d4")
	if err != nil {
		t.Fatal(err)
	}
	s := newStateless(bot.Config{Level: bot.Easy, Seed: 3, Tuning: bot.Tuning{Work: 40}})
	var actions []string
	for range 3 {
		d, err := s.Next(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, d.Action)
	}
	if actions[0] != actions[1] || actions[1] != actions[2] {
		t.Errorf("the same position and seed gave %v", actions)
	}
	if g.Len() != 4 {
		t.Errorf("Next changed the game: %d actions", g.Len())
	}
}

// Every action has its own seed, within the 53 bits the page sends.
func TestActionSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for _, seed := range []uint64{0, 1, 2, 500_000} {
		for ply := range 200 {
			s := actionSeed(seed, ply)
			if s >= 1<<53 {
				t.Fatalf("actionSeed(%d, %d) = %d, over 53 bits", seed, ply, s)
			}
			if seen[s] {
				t.Fatalf("actionSeed(%d, %d) = %d repeats", seed, ply, s)
			}
			seen[s] = true
		}
	}
}

func TestStatelessTournament(t *testing.T) {
	code, out, errOut := runCmd(t, "", "tournament", "--game", "gyre", "--size", "4x8", "--opening", "3", "--stateless",
		"--a", "hard", "--b", "easy", "--games", "2", "--movetime", "20ms", "--clock", "cpu", "--log", t.TempDir()+"/games.log")
	if code != 0 || !strings.Contains(out, "gyre 4x8 opening3, 2 games") || !strings.Contains(out, "stateless per action") || !strings.Contains(out, "swap taken in") {
		t.Errorf("stateless tournament = %d %q %q", code, out, errOut)
	}
	for _, bad := range [][]string{
		{"--size", "3x6", "--opening", "6"},
		{"--opening", "2", "--noswap"},
		{"--game", "gyges", "--opening", "2"},
	} {
		if code, _, _ := runCmd(t, "", append([]string{"tournament", "--games", "1"}, bad...)...); code != 2 {
			t.Errorf("tournament %v exits %d, want 2", bad, code)
		}
	}
}
