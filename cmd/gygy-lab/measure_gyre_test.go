//go:build linux

package main

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"gygy/cmd/gygy-lab/internal/knobs"
	"gygy/engine/bot"
	"gygy/engine/gyre"
)

// TestMeasureOpenings measures the openings Hard builds under `opening K`
// as the browser's worker builds them: stone by stone, a new bot with a
// new seed at each, thinking for a fixed CPU time of its thread (the
// worker's time budget scaled to native). Each finished opening is then
// judged by a longer search (a judge with many more playouts, no clock)
// and shown to Medium, who decides the swap at its own time budget. It
// prints, opening by opening and in sum, the builder's estimate of
// Spoke's chance, the judge's, and whether Medium's choice was the side
// the judge prefers.
//
// It measures, asserts nothing and reads a clock, so it runs only when
// GYGY_OPENINGS names how many openings to build, e.g.
//
//	GYGY_OPENINGS=24 GYGY_OPENING_TIME=562.5ms go test -run 'MeasureOpenings$' -v ./cmd/gygy-lab
//
// GYGY_OPENING_TIME is Hard's time a stone (default 1.125s, the browser's
// budget at the wasm ratio), GYGY_CHOOSE_TIME Medium's (default 0.4 of
// Hard's, as the browser's levels), GYGY_JUDGE the judge's playouts
// (default 400000), GYGY_OPENING_SIZE and GYGY_OPENING_K the board and K
// (default 7x14 and 12), GYGY_OPENING_SEED the first seed (default 1).
func TestMeasureOpenings(t *testing.T) {
	n := envInt(t, "GYGY_OPENINGS", 0)
	if n <= 0 {
		t.Skip("set GYGY_OPENINGS to a number of openings to measure")
	}
	build := envDuration(t, "GYGY_OPENING_TIME", 1125*time.Millisecond)
	choose := envDuration(t, "GYGY_CHOOSE_TIME", build*2/5)
	judgeWork := envInt(t, "GYGY_JUDGE", 400_000)
	k := envInt(t, "GYGY_OPENING_K", 12)
	seed := envInt(t, "GYGY_OPENING_SEED", 1)
	size := envValue(t, "GYGY_OPENING_SIZE", gyre.Standard, gyre.ParseSize)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := mustThreadClock(t)

	var sumGap, sumBuilt, sumJudged, sumBias float64
	right, wrong, close := 0, 0, 0
	for i := range n {
		g := gyreGame(t, size, gyre.Opening(k))
		var built float64
		var playouts int
		for stone := 0; g.InOpening(); stone++ {
			b := bot.NewGyre(bot.Hard, uint64(1000*(seed+i)+stone))
			b.Timing = bot.Timing{Now: clock, MoveTime: build}
			m := think(t, b, g)
			built, playouts = b.Info().Value, playouts+b.Info().Iterations
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		chooser := bot.NewGyre(bot.Medium, uint64(1000*(seed+i)+500))
		chooser.Timing = bot.Timing{Now: clock, MoveTime: choose}
		swapped := think(t, chooser, g) == gyre.Swap
		judge := bot.NewGyre(bot.Hard, uint64(1000*(seed+i)+999))
		judge.Tuning.Work = judgeWork
		judgeMove := think(t, judge, g)
		judged := judge.Info().Value // Spoke's chance when the judge swaps
		if judgeMove != gyre.Swap {
			judged = 1 - judged // else Gyre's
		}
		verdict := "close"
		switch {
		case math.Abs(judged-0.5) < 0.05:
			close++
		case (judged > 0.5) == swapped:
			right++
			verdict = "right"
		default:
			wrong++
			verdict = "wrong"
		}
		sumGap += math.Abs(judged - 0.5)
		sumBuilt += built
		sumJudged += judged
		sumBias += judged - built
		t.Logf("opening %2d: %s  builder %.3f (%d playouts in %d stones)  judge %.3f  medium swapped %-5v %s",
			i+1, openingText(g), built, playouts, k+1, judged, swapped, verdict)
	}
	f := float64(n)
	t.Logf("%v opening%d, Hard %v a stone, Medium %v, judge %d playouts, %d openings:", size, k, build, choose, judgeWork, n)
	t.Logf("  Spoke's chance: builder's mean %.3f, judge's mean %.3f, judge minus builder %+.3f; judge's mean distance from even %.3f",
		sumBuilt/f, sumJudged/f, sumBias/f, sumGap/f)
	t.Logf("  Medium's swap choice, by the judge: right %d, wrong %d, within 0.05 of even %d", right, wrong, close)
}

// openingText is the record's moves, e.g. "a4 c2 … e8".
func openingText(g *gyre.Game) string {
	s := ""
	for j, m := range g.Record() {
		if j > 0 {
			s += " "
		}
		s += g.Geometry().MoveName(m)
	}
	return s
}

// TestMeasureChooser measures Hard's swap choice under `opening K` by the
// games that follow it. Medium builds each opening, stone by stone at its
// own time budget, as it does when Hard is player 2; Hard then decides
// the swap, and the game is played out twice from the opening: Hard as
// Spoke and Hard as Gyre, against Medium, every action by a new bot with a
// new seed (as the browser's worker plays), each thinking for its level's
// browser budget times GYGY_CHOOSER_SCALE (default 0.375, the wasm ratio)
// of its thread's CPU time. It prints Hard's value of each opening, its
// choice and both games, then Hard's score by side and, over the openings
// where only one side won, how often Hard's choice was that side.
//
// It measures, asserts nothing and reads a clock, so it runs only when
// GYGY_CHOOSER names how many openings to play, e.g.
//
//	GYGY_CHOOSER=20 GYGY_CHOOSER_SCALE=0.1875 go test -run 'MeasureChooser$' -v -timeout 0 ./cmd/gygy-lab
//
// GYGY_CHOOSER_SEED is the first seed (default 1); the board and K come
// from GYGY_OPENING_SIZE and GYGY_OPENING_K as for TestMeasureOpenings.
func TestMeasureChooser(t *testing.T) {
	n := envInt(t, "GYGY_CHOOSER", 0)
	if n <= 0 {
		t.Skip("set GYGY_CHOOSER to a number of openings to play")
	}
	scale := envValue(t, "GYGY_CHOOSER_SCALE", 0.375, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	k := envInt(t, "GYGY_OPENING_K", 12)
	seed := uint64(envInt(t, "GYGY_CHOOSER_SEED", 1))
	size := envValue(t, "GYGY_OPENING_SIZE", gyre.Standard, gyre.ParseSize)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := mustThreadClock(t)
	next := seed << 32
	newBot := func(l bot.Level) *bot.GyreBot {
		next++
		b := bot.NewGyre(l, next)
		b.Timing = bot.Timing{Now: clock, MoveTime: time.Duration(float64(l.MoveTime(false)) * scale)}
		return b
	}
	var won [2]int // Hard's wins as Spoke, as Gyre
	right, wrong := 0, 0
	for i := range n {
		opening := gyreGame(t, size, gyre.Opening(k))
		for opening.InOpening() {
			if err := opening.Play(think(t, newBot(bot.Medium), opening)); err != nil {
				t.Fatal(err)
			}
		}
		chooser := newBot(bot.Hard)
		takesSpoke := think(t, chooser, opening) == gyre.Swap
		gyreValue := chooser.Info().Value
		if takesSpoke {
			gyreValue = 1 - gyreValue
		}
		var wins [2]bool // as Spoke, as Gyre
		for s, hardSpoke := range []bool{true, false} {
			g := gyreGame(t, size, gyre.Opening(k))
			for _, m := range opening.Record() {
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if hardSpoke {
				if err := g.Play(gyre.Swap); err != nil {
					t.Fatal(err)
				}
			}
			for !g.Over() {
				l := bot.Medium
				if (g.ToMove() == gyre.Spoke) == hardSpoke {
					l = bot.Hard
				}
				if err := g.Play(think(t, newBot(l), g)); err != nil {
					t.Fatal(err)
				}
			}
			if wins[s] = (g.Winner() == gyre.Spoke) == hardSpoke; wins[s] {
				won[s]++
			}
		}
		verdict := ""
		if wins[0] != wins[1] {
			verdict = "wrong side"
			if wins[0] == takesSpoke {
				right++
				verdict = "right side"
			} else {
				wrong++
			}
		}
		t.Logf("opening %2d: %s  Hard: Gyre's chance %.3f, takes Spoke %-5v  wins as Spoke %-5v as Gyre %-5v %s",
			i+1, openingText(opening), gyreValue, takesSpoke, wins[0], wins[1], verdict)
	}
	t.Logf("%v opening%d, budgets ×%v, %d openings built by Medium: Hard won %d as Spoke and %d as Gyre; where one side won, Hard chose it %d times and the other %d",
		size, k, scale, n, won[0], won[1], right, wrong)
}

// TestMeasureGyreWork plays Hard against Hard at fixed playouts a move
// (GYGY_GYRE_A and GYGY_GYRE_B, default 48,000 and 12,000), every action
// by a new bot with a new seed as the browser's worker plays, the seats
// alternated, under `opening K` (GYGY_OPENING_SIZE and GYGY_OPENING_K as
// for TestMeasureOpenings). It reads no clock, so its games depend on the
// seeds alone: it measures what more work buys, or (with equal work and
// GYGY_GYRE_A_KNOW and GYGY_GYRE_B_KNOW, see envKnowledge, and
// GYGY_GYRE_A_PRIORS, see envPriors; GYGY_GYRE_A_RAVE and
// GYGY_GYRE_A_PRIORDEPTH, GYGY_GYRE_A_EXPLORE, GYGY_GYRE_A_EXPAND and
// GYGY_GYRE_A_MAXNODES, A's tree) what knowledge
// buys, free of the machine's speed. It asserts nothing, so it runs only
// when GYGY_GYRE_GAMES names the number of games, e.g.
//
//	GYGY_GYRE_GAMES=20 go test -run 'MeasureGyreWork$' -v -timeout 0 ./cmd/gygy-lab
func TestMeasureGyreWork(t *testing.T) {
	n := envInt(t, "GYGY_GYRE_GAMES", 0)
	if n <= 0 {
		t.Skip("set GYGY_GYRE_GAMES to a number of games to play")
	}
	work := [2]int{envInt(t, "GYGY_GYRE_A", 48_000), envInt(t, "GYGY_GYRE_B", 12_000)}
	know := [2]*[2]bot.Knowledge{envKnowledge(t, "GYGY_GYRE_A_KNOW"), envKnowledge(t, "GYGY_GYRE_B_KNOW")}
	priorsA := envPriors(t, "GYGY_GYRE_A_PRIORS")
	raveA, depthA := envInt(t, "GYGY_GYRE_A_RAVE", 0), envInt(t, "GYGY_GYRE_A_PRIORDEPTH", 0)
	exploreA := envValue(t, "GYGY_GYRE_A_EXPLORE", 0.0, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	expandA, maxNodesA := envInt(t, "GYGY_GYRE_A_EXPAND", 0), envInt(t, "GYGY_GYRE_A_MAXNODES", 0)
	size := envValue(t, "GYGY_OPENING_SIZE", gyre.Standard, gyre.ParseSize)
	k := envInt(t, "GYGY_OPENING_K", 12)
	next := uint64(envInt(t, "GYGY_GYRE_SEED", 1)) << 32
	wins := 0
	for i := range n {
		g := gyreGame(t, size, gyre.Opening(k))
		aIsOne := i%2 == 0 // A is player 1 in games 1, 3, 5, …
		for !g.Over() {
			a := (g.Turn() == gyre.One) == aIsOne
			next++
			b := bot.NewGyre(bot.Hard, next)
			b.Tuning.Work, b.Tuning.Knowledge = work[1], know[1]
			if a {
				b.Tuning.Work, b.Tuning.Knowledge, b.Tuning.Priors = work[0], know[0], priorsA
				b.Tuning.RAVE, b.Tuning.PriorDepth = float64(raveA), depthA
				b.Tuning.Exploration, b.Tuning.ExpandAfter = exploreA, expandA
				b.Tuning.MaxNodes = maxNodesA
			}
			if err := g.Play(think(t, b, g)); err != nil {
				t.Fatal(err)
			}
		}
		aWon := (g.Controller(g.Winner()) == gyre.One) == aIsOne
		if aWon {
			wins++
		}
		seat := "second"
		if aIsOne {
			seat = "first"
		}
		t.Logf("game %d: A %s, A won %-5v, swap %-5v: A %d of %d", i+1, seat, aWon, g.Swapped(), wins, i+1)
	}
}

// envKnowledge reads a GYRE bot's knowledge from the environment: spoke
// (pr/-, the bot's default), both (pr/p, Hard's on the wide boards), or
// as knobs.Knowledge reads it, like lr/l; unset, nil (the bot's own).
func envKnowledge(t *testing.T, name string) *[2]bot.Knowledge {
	s := os.Getenv(name)
	switch s {
	case "":
		return nil
	case "spoke":
		s = "pr/-"
	case "both":
		s = "pr/p"
	}
	k, err := knobs.Knowledge(s)
	if err != nil {
		t.Fatalf("%s: %v (or spoke, or both)", name, err)
	}
	return &k
}

// envPriors reads the priors' terms from the environment as
// knobs.Priors reads them; unset, nil (the bot's own).
func envPriors(t *testing.T, name string) *[2]bot.PriorTerms {
	s := os.Getenv(name)
	if s == "" {
		return nil
	}
	p, err := knobs.Priors(s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &p
}
