package bot

import (
	"context"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// fakeClock is a clock that moves on by step each time it is read: a bot
// reads it between slices of work, so a budget of k steps lets it do about
// k slices, whatever the machine's speed.
type fakeClock struct {
	now   time.Time
	step  time.Duration
	reads int
}

func (c *fakeClock) Now() time.Time {
	c.reads++
	c.now = c.now.Add(c.step)
	return c.now
}

// timed gives a bot a budget of steps reads of a new fake clock.
func timed(t *Timing, steps int) *fakeClock {
	c := &fakeClock{now: time.Unix(1_700_000_000, 0), step: 10 * time.Millisecond}
	t.Now, t.MoveTime = c.Now, time.Duration(steps)*c.step
	return c
}

// Each bot, with a work budget far beyond what the fake time allows, stops
// at its deadline and still answers with a legal move.
func TestGygesBotStopsAtTheDeadline(t *testing.T) {
	positions := []string{
		"321123/....../....../....../....../321123 S",
		"11..3./...132/....../....2./.1..23/..2..3 S",
		"....../21133./.13223/..12../....../...... S",
	}
	for _, level := range Levels {
		for _, pos := range positions {
			p := gygesPosition(t, pos)
			b := NewGyges(level, 1)
			b.Nodes = 50_000_000
			clock := timed(&b.Timing, 8)
			m := gygesMove(t, b, p)
			if n := b.Info().Iterations; level > Easy && n > 200_000 {
				t.Errorf("%v on %s searched %d nodes (%d clock reads) for 8 ticks, playing %v", b, pos, n, clock.reads, m)
			}
		}
	}
}

func TestGygesSetupStopsAtTheDeadline(t *testing.T) {
	for _, level := range Levels {
		g := gyges.NewGame(gyges.Standard)
		b := NewGyges(level, 2)
		timed(&b.Timing, 3)
		for i := 0; i < 2; i++ {
			l, err := b.Setup(context.Background(), g, nil)
			if err != nil {
				t.Fatalf("%v setup %d: %v", b, i, err)
			}
			if err := g.Setup(l); err != nil {
				t.Fatalf("%v chose an illegal layout %v: %v", b, l, err)
			}
			if n := b.Info().Iterations; level > Easy && (n < 1 || n > 4) {
				t.Errorf("%v judged %d layouts in 3 ticks", b, n)
			}
		}
	}
}

func TestGyreBotStopsAtTheDeadline(t *testing.T) {
	tests := []struct {
		name    string
		variant gyre.Variant
		moves   []string
	}{
		{"opening", gyre.Classic, nil},
		{"swap offered", gyre.Classic, []string{"d7"}},
		{"middle game", gyre.NoSwap, []string{"d7", "c9", "e4", "b2"}},
		{"opening3, first stone", gyre.Opening(3), nil},
		{"opening3, spoke stone", gyre.Opening(3), []string{"d1", "d6", "d11"}},
		{"opening3, swap offered", gyre.Opening(3), []string{"d1", "d6", "d11", "c4"}},
	}
	for _, tc := range tests {
		for _, level := range Levels {
			g := gyreGame(t, gyre.Standard, tc.variant, tc.moves...)
			b := NewGyre(level, 1)
			b.Tuning.Work = 10_000_000
			timed(&b.Timing, 6)
			m := think(t, b, g)
			n := b.Info().Iterations
			limit := 8 * sliceIterations
			switch {
			case tc.variant.K() > 0 && g.InOpening():
				// Every candidate completion is judged on one slice first.
				limit += openingCandidates(b.Tuning.Work) * sliceIterations
			case tc.moves == nil:
				limit *= gyre.Standard.Rings // the opening judges every ring per slice
			}
			if b.knowsToSwap(g) {
				if m != gyre.Swap || n != 0 {
					t.Errorf("%s: %v played %s after %d playouts, want the swap at once", tc.name, b, g.Geometry().MoveName(m), n)
				}
				continue
			}
			if n == 0 || n > limit {
				t.Errorf("%s: %v played %s after %d playouts in 6 ticks, want 1 to %d", tc.name, b, g.Geometry().MoveName(m), n, limit)
			}
		}
	}
}

// Without a clock the level's own budgets apply and the time budget is
// the level's; MoveTime and Long change it.
func TestTimingBudget(t *testing.T) {
	for _, tc := range []struct {
		timing Timing
		level  Level
		want   time.Duration
	}{
		{Timing{}, Easy, Easy.MoveTime(false)},
		{Timing{}, Hard, Hard.MoveTime(false)},
		{Timing{Long: true}, Hard, Hard.MoveTime(true)},
		{Timing{Long: true}, Medium, Medium.MoveTime(false)},
		{Timing{MoveTime: time.Second, Long: true}, Hard, time.Second},
	} {
		if got := tc.timing.Budget(tc.level); got != tc.want {
			t.Errorf("%+v.Budget(%v) = %v, want %v", tc.timing, tc.level, got, tc.want)
		}
	}
	long := Timing{Long: true}
	if long.work(Hard, 10) <= 10 || long.work(Medium, 10) != 10 || (Timing{}).work(Hard, 10) != 10 {
		t.Error("only Hard thinking longer may do more work")
	}
	if (deadline{}).passed() {
		t.Error("a deadline without a clock passed")
	}
}

// A share of a deadline ends after its part of the time left; the last
// share, and a deadline without a clock, are the deadline itself.
func TestDeadlineShare(t *testing.T) {
	c := &fakeClock{now: time.Unix(1_700_000_000, 0), step: 10 * time.Millisecond}
	d := Timing{Now: c.Now, MoveTime: 410 * time.Millisecond}.start(Hard) // read at +10 ms: ends at +420 ms
	s := d.share(4)                                                       // read at +20 ms: 400 ms left, a quarter
	if got := s.at.Sub(d.at); got != -300*time.Millisecond {
		t.Errorf("a quarter of the time left ends %v from the deadline, want -300ms", got)
	}
	if got := d.share(1); got.at != d.at {
		t.Errorf("the last share ends at %v, want the deadline %v", got.at, d.at)
	}
	var none deadline
	if none.share(3).passed() {
		t.Error("a share of a deadline without a clock has passed")
	}
}
