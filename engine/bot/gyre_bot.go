package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

// ErrGameOver is returned when a bot is asked to move in a finished game.
var ErrGameOver = errors.New("bot: the game is over")

// sliceIterations is how many playouts a bot runs between two calls of
// yield: a few milliseconds of work in a browser.
const sliceIterations = 128

// gyreBudgets are the playouts per move of each level. Easy also picks
// among the good moves rather than the best (see pick).
var gyreBudgets = [...]int{Easy: 1_000, Medium: 8_000, Hard: 150_000}

// nodesPerPlayout is about how many nodes a move's tree grows by a
// playout in a 7 x 14 middle game (with ExpandAfter 3): Think's tree makes
// room for them at the start, in the memory of the last move's tree
// (search.MCTSConfig.Reserve), which holds far less memory in the browser
// than a growing tree and is no slower there.
const nodesPerPlayout = 16

var gyreMCTS = search.MCTSConfig{
	Exploration: 0.2,
	RAVE:        600,
	ExpandAfter: 3,
	MaxNodes:    1 << 20,
}

// GyreBot plays GYRE by Monte Carlo tree search with RAVE over playouts
// that keep two-cell bridges, after a tactical check that never misses a
// win in one and always blocks one.
type GyreBot struct {
	level Level
	rng   *rand.Rand
	// Tuning holds the laboratory's knobs; players leave it zero.
	Tuning Tuning
	// Timing bounds each move by time when it has a clock.
	Timing
	info     Info
	deadline deadline // of the move under way
}

// NewGyre returns a GYRE bot of the given level whose choices follow from
// seed.
func NewGyre(level Level, seed uint64) *GyreBot {
	return &GyreBot{level: level, rng: rand.New(rand.NewPCG(seed, 0x6779726562)), info: Info{Value: 0.5}}
}

// Level returns the bot's level.
func (b *GyreBot) Level() Level { return b.level }

// Info returns what the bot knew when it last moved.
func (b *GyreBot) Info() Info { return b.info }

func (b *GyreBot) budget() int {
	if b.Tuning.Work > 0 {
		return b.Tuning.Work
	}
	if int(b.level) < len(gyreBudgets) {
		return b.work(b.level, gyreBudgets[b.level])
	}
	return b.work(b.level, gyreBudgets[Hard])
}

// Think chooses a move for the player whose turn it is in g, including the
// swap decision when it is offered. It searches in slices and calls yield
// (if not nil) between them; it stops at the level's playout budget, at its
// time budget (with a clock, see Timing) or when ctx is done, whichever
// comes first, and returns its best move so far. g is not changed.
func (b *GyreBot) Think(ctx context.Context, g *gyre.Game, yield func()) (gyre.Move, error) {
	if g.Over() {
		return 0, ErrGameOver
	}
	b.deadline = b.start(b.level)
	if v := g.Variant(); v.HasSwap() && g.InOpening() && v.K() > 0 {
		// Before the tactics: an opening's stones cannot win, and its
		// colours do not alternate. (Before the position's roller, too,
		// which draws from the bot's generator, so that a seed builds the
		// same opening as before.)
		return b.buildOpening(ctx, g, yield)
	}
	if b.knowsToSwap(g) {
		b.info = Info{Value: 1, Reason: ReasonSwap}
		return gyre.Swap, nil
	}
	pos := b.searchPos(g)
	if g.Variant() == gyre.Classic && g.InOpening() {
		// The plain swap rule's first stone; no tactics apply on an
		// empty board.
		return b.opening(ctx, pos, yield)
	}
	if wins := pos.board.WinningCells(nil, pos.toMove); len(wins) > 0 {
		b.info = Info{Value: 1, Reason: ReasonWin}
		return gyre.Place(wins[0]), nil
	}
	if threats := pos.board.WinningCells(nil, pos.toMove.Other()); len(threats) > 0 {
		// One threat must be blocked; against two or more the game is
		// lost whatever we do, and blocking one at least asks the
		// opponent to see the other.
		b.info = Info{Value: 0, Reason: ReasonBlock}
		return gyre.Place(threats[b.rng.IntN(len(threats))]), nil
	}
	if b.level > Easy {
		// The opponent has no winning cell (checked above), so two of
		// ours win.
		if m, ok := pos.board.DoubleThreat(pos.toMove); ok {
			b.info = Info{Value: 1, Reason: ReasonDoubleThreat}
			return gyre.Place(m), nil
		}
	}
	cfg := b.rootConfig(&pos) // before the tree copies pos: it may give pos its scratch
	cfg.Reserve = nodesPerPlayout * b.budget()
	tree := search.NewMCTS[gyrePos](pos, cfg)
	defer tree.Release()
	b.run(ctx, tree, b.budget(), yield)
	value := tree.Value()
	if g.SwapAvailable() && value < 0.5 {
		// Gyre, to move after the opening (one stone, or the K + 1 of
		// `opening K`), is expected to lose: take over Spoke instead.
		b.info = Info{Iterations: tree.Iterations(), Value: 1 - value, Reason: ReasonSwap}
		return gyre.Swap, nil
	}
	b.info = Info{Iterations: tree.Iterations(), Value: value, Reason: ReasonSearch}
	return gyre.Place(gyre.Cell(b.pick(tree.Root()))), nil
}

// searchPos is g's position as the bot's searches play it: its playouts
// with the bot's knowledge of the side to move, and its priors' terms.
func (b *GyreBot) searchPos(g *gyre.Game) gyrePos {
	pos := newGyrePos(g.Board(), g.ToMove(), gyre.NewRoller(b.rng), g.LastStone())
	pos.roller.UseReplies(b.knows(pos.toMove, pos.board.Size()).Replies)
	pos.priors = defaultPriors
	if b.Tuning.Priors != nil {
		pos.priors = *b.Tuning.Priors
	}
	return pos
}

// run searches tree until it has done n playouts, ctx is done or the move's
// time is up, yielding
// between slices. The first slice runs whatever the clock says, so there
// is a move to answer with even when the deadline passed before the
// search began (it did, under load, during the tactical checks).
func (b *GyreBot) run(ctx context.Context, tree interface {
	Search(context.Context, search.Limits) int
	Iterations() int
}, n int, yield func()) {
	tree.Search(context.Background(), search.Limits{Iterations: min(sliceIterations, n)})
	for tree.Iterations() < n && ctx.Err() == nil && !b.deadline.passed() {
		if yield != nil {
			yield()
		}
		tree.Search(ctx, search.Limits{Iterations: min(sliceIterations, n-tree.Iterations())})
	}
}

// pick chooses among the root moves: the most searched one, except at
// Easy, which picks among the moves searched at least a third as much as
// the best, weighted by visits: plausible moves, sometimes not the best.
func (b *GyreBot) pick(stats []search.MoveStat) search.Move {
	if b.level != Easy || len(stats) < 2 {
		return stats[0].Move
	}
	total := 0
	var good []search.MoveStat
	for _, s := range stats {
		if 3*s.Visits >= stats[0].Visits {
			good = append(good, s)
			total += s.Visits
		}
	}
	x := b.rng.IntN(max(total, 1))
	for _, s := range good {
		if x < s.Visits {
			return s.Move
		}
		x -= s.Visits
	}
	return stats[0].Move
}

// opening chooses the first stone under the plain swap rule (opening 0;
// for K > 0 see buildOpening). The opponent will swap if the stone is too
// good, so the best first stone is the one that leaves the position
// closest to even. The board is the same seen from every column, so only
// the ring matters: each ring is judged by a search of the position after
// a stone on it, and the column is chosen at random.
func (b *GyreBot) opening(ctx context.Context, pos gyrePos, yield func()) (gyre.Move, error) {
	geo := pos.board.Geometry()
	rings := geo.Size().Rings
	per := max(b.budget()/rings, 200)
	trees := make([]*search.MCTS[gyrePos, *gyrePos], rings)
	for r := range trees {
		after := pos
		after.Play(search.Move(geo.At(r, 0)))
		trees[r] = search.NewMCTS[gyrePos](after, b.config(geo.Cells()))
	}
	// Round-robin slices, so that a deadline leaves every ring judged on
	// the same number of playouts; the first round runs whatever the
	// clock says, as in run.
	for done := 0; done == 0 || done < per && ctx.Err() == nil && !b.deadline.passed(); done += sliceIterations {
		if done > 0 && yield != nil {
			yield()
		}
		for _, tree := range trees {
			tc := ctx
			if done == 0 {
				tc = context.Background()
			}
			tree.Search(tc, search.Limits{Iterations: min(sliceIterations, per-done)})
		}
	}
	bestRing, bestGap, bestValue := 0, 2.0, 0.5
	total := 0
	for r, tree := range trees {
		total += tree.Iterations()
		spoke := 1 - tree.Value() // Gyre is to move in the searched position
		if gap := math.Abs(spoke - 0.5); gap < bestGap {
			bestRing, bestGap, bestValue = r, gap, spoke
		}
	}
	b.info = Info{Iterations: total, Value: bestValue, Reason: ReasonOpening}
	return gyre.Place(geo.At(bestRing, b.rng.IntN(geo.Size().Cols))), nil
}

// gyreConfig is the tree search's configuration for a board of n cells.
func gyreConfig(n int) search.MCTSConfig {
	c := gyreMCTS
	c.MoveSpace = n
	return c
}

// String names the bot, e.g. "gyre bot (hard)".
func (b *GyreBot) String() string { return fmt.Sprintf("gyre bot (%s)", b.level) }
