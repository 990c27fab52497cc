package balance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/cmd/gygy-lab/internal/pool"
	"gygy/engine/bot"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// Config sets up a balance run.
type Config struct {
	// Games is the number of games of each kind (without and with the
	// swap) on each size.
	Games int
	// Playouts fixes each bot's work a move, so that the load of the
	// machine does not change the results. 0 means MoveTime.
	Playouts int
	// MoveTime, with Now, bounds each move by time instead (on a shared
	// machine a clock measures the load as well as the bots).
	MoveTime time.Duration
	// Now is the clock for MoveTime and the progress lines; nil: none.
	Now func() time.Time
	// Parallel is the number of sizes measured at once (one core each).
	Parallel int
	// Nodes is the solver's budget for each proof on boards it takes
	// (at most 64 cells); 0 turns the solver off.
	Nodes int64
	// TableBits sizes the solver's table (2^TableBits entries).
	TableBits int
	// Seed makes the games reproducible.
	Seed uint64
	// GyreFirstOnly makes Run play only the Gyre-first games (no swap,
	// Gyre moving first) of each size that has none yet, and skip the
	// other games and the solver. (Without it, Run measures the sizes
	// it has nothing for in full and adds the Gyre-first games alone to
	// those measured before they existed.)
	GyreFirstOnly bool
	// Progress, if not nil, gets a line for each finished size.
	Progress io.Writer
}

func (c Config) check() error {
	if c.Games < 0 || c.Playouts < 0 || c.Parallel < 0 || c.Nodes < 0 {
		return errors.New("balance: games, playouts, parallel and nodes must not be negative")
	}
	if c.Playouts == 0 && (c.MoveTime <= 0 || c.Now == nil) {
		return errors.New("balance: give a playout count or a move time with a clock")
	}
	return nil
}

// newBot makes a Hard bot with the run's budget times factor.
func (c Config) newBot(seed uint64, factor int) *bot.Player {
	bc := bot.Config{Level: bot.Hard, Seed: seed}
	if c.Playouts > 0 {
		bc.Tuning.Work = c.Playouts * factor
	} else {
		bc.Timing = bot.Timing{Now: c.Now, MoveTime: c.MoveTime * time.Duration(factor)}
	}
	return bot.NewPlayer(bc)
}

// play plays one game of size s and variant v between two bots of the
// run with seeds a and b (player 1 has a), with fa and fb times the
// run's budget.
func (c Config) play(ctx context.Context, s gyre.Size, v gyre.Variant, a, b uint64, fa, fb int) (*gyre.Game, error) {
	return loop.PlayGyre(ctx, s, v, c.newBot(a, fa), c.newBot(b, fb), loop.Options{})
}

// budget names the work a move for the table.
func (c Config) budget() int { return c.Playouts }

// seedOf mixes the run's seed, a size and a game number.
func seedOf(seed uint64, s gyre.Size, i int) uint64 {
	return seed*1_000_003 + uint64(s.Rings)*10_007 + uint64(s.Cols)*101 + uint64(i)*7_919
}

// Run measures each size not in done and writes each result to out as
// soon as it is complete (a run stopped half way loses only the sizes
// under way). It returns the new results in the order they finished.
func Run(ctx context.Context, sizes []gyre.Size, cfg Config, done *Table, out io.Writer) ([]Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	todo := Todo(sizes, cfg, done)
	var results []Result
	err := parallel(ctx, todo, cfg, measure, func(r Result, line string) error {
		if err := WriteResult(out, r); err != nil {
			return err
		}
		results = append(results, r)
		return progress(cfg, len(results), len(todo), describe(r), line)
	})
	return results, err
}

// Job is a size to measure, in full or its Gyre-first games alone.
type Job struct {
	Size          gyre.Size
	GyreFirstOnly bool
}

// Todo lists what a run with cfg still has to measure: the sizes without
// Gyre-first games in done, Gyre-first games alone for those with other
// results (or for all with cfg.GyreFirstOnly), in full for the rest.
func Todo(sizes []gyre.Size, cfg Config, done *Table) []Job {
	var todo []Job
	for _, s := range sizes {
		switch {
		case done != nil && done.HasGyreFirst(s):
		case cfg.GyreFirstOnly || done != nil && done.Has(s):
			todo = append(todo, Job{Size: s, GyreFirstOnly: true})
		default:
			todo = append(todo, Job{Size: s})
		}
	}
	return todo
}

// parallel runs work on each job with cfg.Parallel workers and hands
// every result to finish, one at a time, with the time since the start
// for the progress line (see pool.Run).
func parallel[J, R any](ctx context.Context, jobs []J, cfg Config, work func(context.Context, J, Config) (R, error), finish func(R, string) error) error {
	var start time.Time
	if cfg.Now != nil {
		start = cfg.Now()
	}
	return pool.Run(ctx, jobs, cfg.Parallel,
		func(ctx context.Context, j J) (R, error) { return work(ctx, j, cfg) },
		func(_ J, r R) error { return finish(r, elapsed(cfg.Now, start)) })
}

// progress writes a progress line, if the run wants them.
func progress(cfg Config, done, todo int, what, since string) error {
	if cfg.Progress == nil {
		return nil
	}
	if _, err := fmt.Fprintf(cfg.Progress, "[%d/%d] %s%s\n", done, todo, what, since); err != nil {
		return fmt.Errorf("balance: progress: %w", err)
	}
	return nil
}

func elapsed(now func() time.Time, start time.Time) string {
	if now == nil {
		return ""
	}
	return fmt.Sprintf("  (%v)", now().Sub(start).Round(time.Second))
}

// describe is a result's progress line.
func describe(r Result) string {
	if r.gyreFirstOnly() {
		return fmt.Sprintf("%s: gyrefirst spoke %d/%d", r.Size(), r.GyreFirst.Spoke, r.GyreFirst.Games)
	}
	s := fmt.Sprintf("%s: noswap spoke %d/%d; swap taken %d/%d, spoke %d/%d, player 1 %d/%d",
		r.Size(), r.NoSwap.Spoke, r.NoSwap.Games, r.Swap.Taken, r.Swap.Games, r.Swap.Spoke, r.Swap.Games, r.Swap.First, r.Swap.Games)
	if t := r.GyreFirst; t != nil {
		s += fmt.Sprintf("; gyrefirst spoke %d/%d", t.Spoke, t.Games)
	}
	if e := r.Exact; e != nil {
		s += "; exact: spoke first " + proved(e.SpokeFirst) + ", gyre first " + proved(e.GyreFirst)
		if e.SwapSpoke >= 0 {
			s += fmt.Sprintf(", %d of %d first stones win for spoke", e.SwapSpoke, r.Rings*r.Cols)
		}
	}
	return s
}

// proved names a proof's winner, or "?" without one.
func proved(spoke *bool) string {
	switch {
	case spoke == nil:
		return "?"
	case *spoke:
		return "spoke"
	}
	return "gyre"
}

// measure plays and solves one size (or plays its Gyre-first games
// alone).
func measure(ctx context.Context, j Job, cfg Config) (Result, error) {
	s := j.Size
	r := Result{Rings: s.Rings, Cols: s.Cols, Playouts: cfg.budget()}
	gf, err := playGyreFirst(ctx, s, cfg)
	if err != nil {
		return r, err
	}
	r.GyreFirst = &gf
	if j.GyreFirstOnly {
		return r, nil
	}
	if cfg.Nodes > 0 && s.Cells() <= solve.MaxCells {
		e, err := solveEmpty(ctx, s, cfg)
		if err != nil {
			return r, err
		}
		r.Exact = e
	}
	for i := 0; i < cfg.Games; i++ {
		seed := seedOf(cfg.Seed, s, i)
		g, err := cfg.play(ctx, s, gyre.NoSwap, seed, seed+500_000, 1, 1)
		if err != nil {
			return r, fmt.Errorf("%s noswap game %d: %w", s, i+1, err)
		}
		r.NoSwap.Games++
		if g.Winner() == gyre.Spoke {
			r.NoSwap.Spoke++
		}
		g, err = cfg.play(ctx, s, gyre.Classic, seed+1, seed+500_001, 1, 1)
		if err != nil {
			return r, fmt.Errorf("%s swap game %d: %w", s, i+1, err)
		}
		r.Swap.add(g)
	}
	return r, nil
}

// playGyreFirst plays cfg.Games games without the swap with Gyre moving
// first (player 1 plays Gyre) and counts Spoke's wins.
func playGyreFirst(ctx context.Context, s gyre.Size, cfg Config) (Tally, error) {
	var t Tally
	for i := 0; i < cfg.Games; i++ {
		seed := seedOf(cfg.Seed, s, i)
		g, err := cfg.play(ctx, s, gyre.GyreFirst, seed+2, seed+500_002, 1, 1)
		if err != nil {
			return t, fmt.Errorf("%s gyrefirst game %d: %w", s, i+1, err)
		}
		t.Games++
		if g.Winner() == gyre.Spoke {
			t.Spoke++
		}
	}
	return t, nil
}

func (t *SwapTally) add(g *gyre.Game) {
	t.Games++
	spoke := g.Winner() == gyre.Spoke
	if g.Swapped() {
		t.Taken++
		if spoke {
			t.TakenSpoke++
		}
	}
	if spoke {
		t.Spoke++
	}
	if g.Controller(g.Winner()) == gyre.One {
		t.First++
	}
}

// solveEmpty proves what it can about the empty board within the budget:
// the winner with each side to move, and every first stone's value under
// the swap rule. A proof over budget is left unset, not an error.
func solveEmpty(ctx context.Context, s gyre.Size, cfg Config) (*Exact, error) {
	sv, err := solve.New(s, solve.Config{TableBits: cfg.TableBits, MaxNodes: cfg.Nodes})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s, err)
	}
	e := &Exact{SwapSpoke: -1}
	empty := gyre.NewBoard(gyre.MustGeometry(s))
	for _, col := range []gyre.Color{gyre.Spoke, gyre.Gyre} {
		res, err := sv.Solve(ctx, &empty, col)
		e.Nodes += res.Nodes
		switch {
		case errors.Is(err, solve.ErrBudget):
			continue
		case err != nil:
			return nil, fmt.Errorf("%s, %s to move: %w", s, col, err)
		}
		spoke := res.Winner() == gyre.Spoke
		if col == gyre.Spoke {
			e.SpokeFirst = &spoke
		} else {
			e.GyreFirst = &spoke
		}
	}
	switch {
	case e.GyreFirst == nil:
		// Without the empty board proved the first stones are out of
		// reach too.
		return e, nil
	case *e.GyreFirst:
		// A stone never hurts its owner: Spoke wins after any first stone.
		e.SwapSpoke = s.Cells()
		return e, nil
	}
	wins, nodes, err := sv.FirstStones(ctx)
	e.Nodes += nodes
	switch {
	case errors.Is(err, solve.ErrBudget):
	case err != nil:
		return nil, fmt.Errorf("%s first stones: %w", s, err)
	default:
		e.SwapSpoke = 0
		for _, w := range wins {
			if w {
				e.SwapSpoke++
			}
		}
	}
	return e, nil
}
