package bot

import (
	"gygy/engine/gyre"
	"gygy/engine/search"
)

// Knowledge is the search knowledge a bot may add when it plays one side.
type Knowledge struct {
	// Priors: the distances' judgement of the new moves near the root
	// (gyre_prior.go).
	Priors bool
	// Replies: last-good-reply playouts (gyre.Roller.UseReplies).
	Replies bool
	// Learned: the learned priors (gyre_pattern.go) instead of the
	// distances'. No level's default: the laboratory measures them.
	Learned bool
}

// defaultKnowledge is what the bot uses as Spoke and as Gyre: what
// measurably helped that side in bot-against-bot games. Both pieces made
// Spoke stronger; neither made Gyre measurably stronger, so Gyre plays
// without them at Easy and Medium.
var defaultKnowledge = [2]Knowledge{{Priors: true, Replies: true}, {}}

// hardKnowledge is Hard's on boards with more columns than rings, where
// a loop round the hole is long: the distances' priors help it as Gyre
// too at its work. On the deep boards a short loop is one Spoke sees and
// cuts (the rulebook), and steering Gyre towards it made it weaker, so
// there Hard keeps defaultKnowledge.
var hardKnowledge = [2]Knowledge{{Priors: true, Replies: true}, {Priors: true}}

// knows returns the knowledge the bot uses when it plays col on a board
// of the given size.
func (b *GyreBot) knows(col gyre.Color, size gyre.Size) Knowledge {
	switch {
	case b.Tuning.Plain:
		return Knowledge{}
	case b.Tuning.Knowledge != nil:
		return b.Tuning.Knowledge[side(col)]
	case b.level >= Hard && size.Cols > size.Rings:
		return hardKnowledge[side(col)]
	}
	return defaultKnowledge[side(col)]
}

// config is the tree search's configuration for this bot on a board of n
// cells: the level's settings, with the tree's proofs of wins and losses
// (search.MCTSConfig.Solver) unless the bot is Plain.
func (b *GyreBot) config(n int) search.MCTSConfig {
	c := gyreConfig(n)
	c.Solver = !b.Tuning.Plain
	if b.level >= Hard && !b.Tuning.Plain {
		c.RAVE, c.Exploration, c.MaxNodes = hardRAVE, hardExploration, hardMaxNodes
	}
	if b.Tuning.RAVE > 0 {
		c.RAVE = b.Tuning.RAVE
	}
	if b.Tuning.Exploration > 0 {
		c.Exploration = b.Tuning.Exploration
	}
	if b.Tuning.ExpandAfter > 0 {
		c.ExpandAfter = b.Tuning.ExpandAfter
	}
	if b.Tuning.MaxNodes > 0 {
		c.MaxNodes = b.Tuning.MaxNodes
	}
	return c
}

// hardRAVE is Hard's RAVE parameter: the all-moves-as-first statistics
// give way to a move's own sooner than at the other levels, which pays at
// Hard's work.
const hardRAVE = 150

// hardExploration is Hard's UCT constant: with RAVE and the priors, a
// quarter of the other levels' explores enough.
const hardExploration = 0.05

// hardMaxNodes caps Hard's tree at two million nodes (64 MB): the other
// levels' million fills within a move at Hard's work, and a smaller cap
// made it weaker.
const hardMaxNodes = 1 << 21

// rootConfig is config for a search from pos, whose mover has no win in
// two and faces no winning cell (Think has checked): with the distances'
// priors near the root (gyre_prior.go) if the bot uses them for the side
// to move, pos then getting the distances' scratch; and above Easy,
// unless Plain, the root's moves are narrowed to those that meet every
// win in two of the opponent (see mustPlay).
func (b *GyreBot) rootConfig(pos *gyrePos) search.MCTSConfig {
	c := b.config(pos.board.Geometry().Cells())
	if k := b.knows(pos.toMove, pos.board.Size()); k.Priors || k.Learned {
		pos.learned = k.Learned
		if pos.dist == nil {
			pos.dist = new(gyre.Distances)
		}
		c.PriorWeight, c.PriorDepth = priorWeight, priorDepth
		if b.Tuning.PriorDepth > 0 {
			c.PriorDepth = b.Tuning.PriorDepth
		}
	}
	if b.Tuning.Plain || b.level == Easy {
		return c
	}
	for _, cell := range mustPlay(&pos.board, pos.toMove) {
		c.RootMoves = append(c.RootMoves, search.Move(cell))
	}
	return c
}

// mustPlay returns the moves of col that survive the opponent's wins in
// two, or nil when the opponent has none (or when none survives: the game
// is lost, and the search may as well look everywhere). It is the
// solver's rule (engine/gyre/solve): a colour's winning cells depend on
// its own stones alone, so for each stone y of the opponent that makes two
// or more winning cells, a move x survives only if x is y, or x fills one
// of exactly two such cells, or x makes a winning cell for col other than
// y, which the opponent must then block instead of playing y.
func mustPlay(b *gyre.Board, col gyre.Color) []gyre.Cell {
	opp := col.Other()
	n := b.Geometry().Cells()
	survive := make([]bool, n)
	var mine [][]gyre.Cell // col's winning cells after a stone on each cell
	threatened := false
	b.EachStone(opp, func(y gyre.Cell, after *gyre.Board) bool {
		wins := after.WinningCells(nil, opp)
		if len(wins) < 2 {
			return true
		}
		if mine == nil {
			mine = make([][]gyre.Cell, n)
			b.EachStone(col, func(x gyre.Cell, mx *gyre.Board) bool {
				mine[x] = mx.WinningCells(nil, col)
				return true
			})
			for c := range survive {
				survive[c] = b.At(gyre.Cell(c)) == gyre.Empty
			}
		}
		threatened = true
		for x := range survive {
			if !survive[x] || gyre.Cell(x) == y || len(wins) == 2 && (wins[0] == gyre.Cell(x) || wins[1] == gyre.Cell(x)) {
				continue
			}
			answered := false
			for _, w := range mine[x] {
				answered = answered || w != y
			}
			survive[x] = answered
		}
		return true
	})
	if !threatened {
		return nil
	}
	var out []gyre.Cell
	for c, ok := range survive {
		if ok {
			out = append(out, gyre.Cell(c))
		}
	}
	return out
}
