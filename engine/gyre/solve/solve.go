package solve

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"gygy/engine/gyre"
)

var (
	// ErrTooBig reports a board with more cells than the solver takes.
	ErrTooBig = errors.New("solve: board too big")
	// ErrOver reports a position that is already won.
	ErrOver = errors.New("solve: the game is over")
	// ErrBudget reports a search stopped by its node budget before a proof.
	ErrBudget = errors.New("solve: node budget spent")
	// ErrColour reports a side to move that is not Spoke or Gyre.
	ErrColour = errors.New("solve: the side to move must be spoke or gyre")
)

// Config tunes a Solver. The zero Config is usable.
type Config struct {
	// TableBits sets the transposition table to 2^TableBits entries
	// (default 20, 24 MB; at most 28).
	TableBits int
	// MaxNodes stops a search after this many positions with ErrBudget;
	// 0 is unbounded.
	MaxNodes int64
	// SymmetryStones: positions with at most this many stones are stored
	// in the table under the least of their symmetric images, so a
	// position reached in a mirrored or rotated order is found again.
	// Near the root that saves whole subtrees; deeper it costs more than
	// it saves. 0 means the default (half the cells); negative turns it
	// off.
	SymmetryStones int
	// MustPlayFrom: positions with at least this many empty cells look
	// one move of each side ahead to narrow the moves (see mustPlay);
	// with fewer, the plain search is cheaper. 0 means the default (10);
	// negative applies it everywhere.
	MustPlayFrom int
}

// Result is what a solve proved about a position.
type Result struct {
	// ToMove is the side to move in the solved position.
	ToMove gyre.Color
	// Win reports whether the side to move wins against every defence.
	Win bool
	// Winning lists every winning move, in cell order (SolveAll only).
	Winning []gyre.Cell
	// Nodes counts the positions searched.
	Nodes int64
}

// Winner returns the colour that wins with perfect play.
func (r Result) Winner() gyre.Color {
	if r.Win {
		return r.ToMove
	}
	return r.ToMove.Other()
}

// Solver proves positions of one board size. It keeps its transposition
// table between solves, so the positions of one study share their work.
// A Solver is not safe for concurrent use.
type Solver struct {
	size    gyre.Size
	geo     *bitGeo
	cfg     Config
	tt      table
	history [2][MaxCells]int32
	nodes   int64
	limit   int64 // node count at which the current solve stops
	ctx     context.Context
	stop    error // why the current solve stopped early
}

// New returns a solver for boards of size s (at most MaxCells cells).
func New(s gyre.Size, cfg Config) (*Solver, error) {
	geo, err := newBitGeo(s)
	if err != nil {
		return nil, err
	}
	if cfg.TableBits <= 0 {
		cfg.TableBits = 20
	}
	cfg.TableBits = min(cfg.TableBits, 28)
	if cfg.SymmetryStones == 0 {
		cfg.SymmetryStones = s.Cells() / 2
	}
	if cfg.MustPlayFrom == 0 {
		cfg.MustPlayFrom = 10
	}
	return &Solver{size: s, geo: geo, cfg: cfg, tt: newTable(cfg.TableBits)}, nil
}

// Size returns the board size the solver takes.
func (s *Solver) Size() gyre.Size { return s.size }

// Solve proves whether the side to move wins. It stops with ctx.Err() or
// ErrBudget when asked to; what it proved so far stays in the table.
func (s *Solver) Solve(ctx context.Context, b *gyre.Board, toMove gyre.Color) (Result, error) {
	sp, gy, err := s.load(b, toMove)
	if err != nil {
		return Result{}, err
	}
	start := s.begin(ctx)
	win := s.win(sp, gy, toMove)
	res := Result{ToMove: toMove, Win: win, Nodes: s.nodes - start}
	if s.stop != nil {
		return res, s.stop
	}
	return res, nil
}

// SolveAll proves the value of every move: Winning lists each move after
// which the side to move wins, and Win reports whether there is one.
func (s *Solver) SolveAll(ctx context.Context, b *gyre.Board, toMove gyre.Color) (Result, error) {
	return s.SolveUpTo(ctx, b, toMove, MaxCells)
}

// SolveUpTo is SolveAll that stops once more than most winning moves are
// found: then Winning holds most+1 of them, not all.
func (s *Solver) SolveUpTo(ctx context.Context, b *gyre.Board, toMove gyre.Color, most int) (Result, error) {
	sp, gy, err := s.load(b, toMove)
	if err != nil {
		return Result{}, err
	}
	start := s.begin(ctx)
	res := Result{ToMove: toMove}
	mine := s.geo.wins(toMove, sp, gy)
	for m := s.geo.all &^ (sp | gy); m != 0; m &= m - 1 {
		x := m & -m
		won := mine&x != 0
		if !won {
			nsp, ngy := place(sp, gy, toMove, x)
			won = !s.win(nsp, ngy, toMove.Other())
		}
		if s.stop != nil {
			res.Nodes = s.nodes - start
			return res, s.stop
		}
		if won {
			res.Winning = append(res.Winning, gyre.Cell(bits.TrailingZeros64(x)))
			if len(res.Winning) > most {
				break
			}
		}
	}
	res.Win = len(res.Winning) > 0
	res.Nodes = s.nodes - start
	return res, nil
}

// load checks a position and turns it into bit sets.
func (s *Solver) load(b *gyre.Board, toMove gyre.Color) (sp, gy uint64, err error) {
	if b.Size() != s.size {
		return 0, 0, fmt.Errorf("solve: a %s board given to a %s solver", b.Size(), s.size)
	}
	if toMove != gyre.Spoke && toMove != gyre.Gyre {
		return 0, 0, ErrColour
	}
	if w := b.Winner(); w != gyre.Empty {
		return 0, 0, fmt.Errorf("%w: %s has won", ErrOver, w)
	}
	for c := 0; c < s.size.Cells(); c++ {
		switch b.At(gyre.Cell(c)) {
		case gyre.Spoke:
			sp |= 1 << c
		case gyre.Gyre:
			gy |= 1 << c
		}
	}
	return sp, gy, nil
}

func (s *Solver) begin(ctx context.Context) int64 {
	s.ctx, s.stop = ctx, nil
	s.limit = 0
	if s.cfg.MaxNodes > 0 {
		s.limit = s.nodes + s.cfg.MaxNodes
	}
	return s.nodes
}

// place returns the stones after col plays on x.
func place(sp, gy uint64, col gyre.Color, x uint64) (uint64, uint64) {
	if col == gyre.Spoke {
		return sp | x, gy
	}
	return sp, gy | x
}

func colourIndex(col gyre.Color) int { return int(col - gyre.Spoke) }

// win reports whether the side to move wins, with neither side having won
// yet. The rules prune hard here (rulebook, Winning: only the mover can
// win): a win in one ends the search; without one, two winning cells of
// the opponent lose (only one can be blocked) and a single one must be
// blocked. Every other position tries the empty cells, best first by the
// history of cut-offs.
func (s *Solver) win(sp, gy uint64, turn gyre.Color) bool {
	s.nodes++
	if s.nodes&0x3fff == 0 {
		s.check()
	}
	if s.stop != nil {
		return false
	}
	g := s.geo
	if g.wins(turn, sp, gy) != 0 {
		return true
	}
	opp := turn.Other()
	threats := g.wins(opp, sp, gy)
	switch bits.OnesCount64(threats) {
	case 0:
	case 1:
		nsp, ngy := place(sp, gy, turn, threats)
		return !s.win(nsp, ngy, opp)
	default:
		return false
	}
	key := s.key(sp, gy, turn)
	if win, found := s.tt.probe(key); found {
		return win
	}
	start := s.nodes
	empty := g.all &^ (sp | gy)
	cand, forcing, won := s.narrow(sp, gy, turn, empty)
	if won {
		s.tt.store(key, true, s.nodes-start)
		return true
	}
	var buf [MaxCells]uint8
	moves := s.order(buf[:0], cand&forcing, turn)
	moves = s.order(moves, cand&^forcing, turn)
	ci := colourIndex(turn)
	for _, m := range moves {
		nsp, ngy := place(sp, gy, turn, 1<<m)
		if !s.win(nsp, ngy, opp) {
			if s.stop != nil {
				return false
			}
			n := int32(bits.OnesCount64(empty))
			s.history[ci][m] += n * n
			s.tt.store(key, true, s.nodes-start)
			return true
		}
		if s.stop != nil {
			return false
		}
	}
	s.tt.store(key, false, s.nodes-start)
	return false
}

// narrow returns the moves worth trying in a position where neither side
// has a winning cell, those of them that make a winning cell (tried
// first), or won when the mover wins outright. A virtual win of the mover
// wins; the opponent's confines the mover to its cells; then mustPlay.
func (s *Solver) narrow(sp, gy uint64, turn gyre.Color, empty uint64) (cand, forcing uint64, won bool) {
	g := s.geo
	cand = empty
	if carrier, ok := g.spokeVC(sp, gy); ok {
		if turn == gyre.Spoke {
			return 0, 0, true
		}
		cand &= carrier
	}
	if carrier, ok := g.gyreVC(sp, gy); ok {
		if turn == gyre.Gyre {
			return 0, 0, true
		}
		cand &= carrier
	}
	if bits.OnesCount64(empty) < s.cfg.MustPlayFrom {
		return cand, 0, false
	}
	must, forcing, won := s.mustPlay(sp, gy, turn, empty)
	return cand & must, forcing, won
}

// mustPlay looks one move of each side ahead, in a position where
// neither side has a winning cell. A winning condition depends on one
// colour's stones alone, so the cells where a colour wins after a stone on
// z are known without the other colour's moves, less the cells they fill.
// If the mover has a stone after which it has two winning cells, it wins:
// the opponent, with no winning cell, blocks one. Otherwise, for each
// stone y that gives the opponent two or more winning cells, a move x
// survives only if x is y, or x fills one of exactly two such cells, or x
// gives the mover a winning cell other than y (the opponent must then
// block it instead of playing y). Every other move loses to y.
func (s *Solver) mustPlay(sp, gy uint64, turn gyre.Color, empty uint64) (cand, forcing uint64, won bool) {
	g := s.geo
	var mine [MaxCells]uint64
	var threats [MaxCells]uint64
	var threatening uint64 // moves of the mover that make a winning cell
	var danger []uint8
	var dbuf [MaxCells]uint8
	danger = dbuf[:0]
	for e := empty; e != 0; e &= e - 1 {
		x := e & -e
		i := bits.TrailingZeros64(x)
		msp, mgy := place(sp, gy, turn, x)
		w := g.wins(turn, msp, mgy)
		if bits.OnesCount64(w) >= 2 {
			return 0, 0, true
		}
		mine[i] = w
		if w != 0 {
			threatening |= x
		}
		osp, ogy := place(sp, gy, turn.Other(), x)
		t := g.wins(turn.Other(), osp, ogy)
		if bits.OnesCount64(t) >= 2 {
			threats[i] = t
			danger = append(danger, uint8(i))
		}
	}
	cand = empty
	for _, y := range danger {
		ybit := uint64(1) << y
		keep := ybit
		if t := threats[y]; bits.OnesCount64(t) == 2 {
			keep |= t
		}
		for e := threatening; e != 0; e &= e - 1 {
			if mine[bits.TrailingZeros64(e)]&^ybit != 0 {
				keep |= e & -e
			}
		}
		cand &= keep
		if cand == 0 {
			break
		}
	}
	return cand, threatening, false
}

// check stops the search when the context is done or the budget spent.
func (s *Solver) check() {
	if s.ctx != nil && s.ctx.Err() != nil {
		s.stop = s.ctx.Err()
	}
	if s.limit > 0 && s.nodes >= s.limit {
		s.stop = ErrBudget
	}
}

// order appends the cells of moves to out by the history of cut-offs,
// best first.
func (s *Solver) order(out []uint8, moves uint64, turn gyre.Color) []uint8 {
	hist := &s.history[colourIndex(turn)]
	head := len(out)
	for ; moves != 0; moves &= moves - 1 {
		m := uint8(bits.TrailingZeros64(moves))
		out = append(out, m)
		// Insertion sort by history, highest first: a few dozen cells.
		for i := len(out) - 1; i > head && hist[out[i]] > hist[out[i-1]]; i-- {
			out[i], out[i-1] = out[i-1], out[i]
		}
	}
	return out
}

// FirstStones solves every first stone under the swap rule: wins[c]
// reports whether Spoke, with a stone on c and Gyre to move, wins against
// every defence, that is whether the second player should swap. Cells that
// a symmetry of the board maps onto each other are solved once.
func (s *Solver) FirstStones(ctx context.Context) (wins []bool, nodes int64, err error) {
	n := s.size.Cells()
	wins = make([]bool, n)
	done := make([]bool, n)
	geo := gyre.MustGeometry(s.size)
	for c := 0; c < n; c++ {
		if done[c] {
			continue
		}
		b := gyre.NewBoard(geo)
		b.Place(gyre.Cell(c), gyre.Spoke)
		res, err := s.Solve(ctx, &b, gyre.Gyre)
		nodes += res.Nodes
		if err != nil {
			return nil, nodes, fmt.Errorf("first stone %s: %w", geo.CellName(gyre.Cell(c)), err)
		}
		for _, p := range s.geo.syms {
			wins[p[c]], done[p[c]] = !res.Win, true
		}
	}
	return wins, nodes, nil
}
