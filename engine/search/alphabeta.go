package search

import (
	"context"
	"errors"
	"slices"
)

// ABPosition is what alpha-beta needs of a position of a two-player
// zero-sum game. Scores are from the side to move's point of view.
type ABPosition interface {
	// Moves appends the legal moves to dst in the game's preferred order
	// (the likeliest best first). A side that must pass has one move that
	// passes; a finished game has none.
	Moves(dst []Move) []Move
	// Play makes a legal move.
	Play(m Move)
	// Over reports whether the game has ended; the side to move has then
	// lost (the games we search have no draws).
	Over() bool
	// Evaluate scores a position that is not over, for the side to move,
	// strictly between -Win and Win.
	Evaluate() int
	// Hash identifies the position (side to move included).
	Hash() uint64
}

// ABWinner is what ABConfig.WinCheck needs of a position.
type ABWinner interface {
	// WinsNow reports whether the side to move has a move that wins at
	// once.
	WinsNow() bool
}

// Win is the score of a won game; a win in fewer moves scores higher.
const Win = 1_000_000

// reduceAfter is the number of moves of a node searched at full depth
// before late-move reductions begin: the table's move, the killers and
// the best by history.
const reduceAfter = 4

// winBound: scores beyond it are wins or losses with their distance.
const winBound = Win - 10_000

// ErrNoMove is returned when the root position has no legal move.
var ErrNoMove = errors.New("search: no legal move")

// ABConfig tunes the alpha-beta search.
type ABConfig struct {
	// TableBits sets the transposition table to 2^TableBits entries.
	TableBits int
	// Yield, if set, is called every few thousand nodes so that a
	// single-threaded host can run other work (a browser page sleeps a
	// millisecond in it). It must not touch the search.
	Yield func()
	// Stop, if set, is asked as often as Yield is called whether to stop
	// now, as a done context would: a caller's deadline by its own clock.
	Stop func() bool
	// EvalBits, if positive, keeps the evaluations of up to 2^EvalBits
	// leaves by hash, so that a leaf reached again (by transposition, or
	// in the next iteration) is not evaluated again. It pays when Evaluate
	// costs much more than Hash.
	EvalBits int
	// Reduce turns on late-move reductions: away from the root, at depth 3
	// or more, a move ordered after the first few is searched one ply
	// shallower with a null window, and again at full depth only if it
	// beats the best so far. Good move ordering makes that rare.
	Reduce bool
	// LogReduce, with Reduce, reduces late moves by more the later they
	// come and the deeper the node: about ln(depth) × ln(index) / 2.25
	// plies, at least one, always leaving a ply to search.
	LogReduce bool
	// WinCheck asks every node deeper than a leaf whether its side to
	// move wins with its next move, before the table's move is searched or
	// the moves are listed: such a node is won, and searching it costs one
	// question. The position must implement ABWinner.
	WinCheck bool
	// PruneLate, with Reduce, stops a null-window node near the leaves
	// after its first few moves (lateMoves, by depth), once one of them
	// does not lose: the late moves of such a node rarely matter, and
	// near the leaves they are most of the tree. A move loses when it
	// scores -SureWin or less.
	PruneLate bool
	// SureWin is the score at and above which Evaluate calls a position
	// won (its side to move wins with its next move); 0 means only the
	// search's own win scores. PruneLate never cuts a node short while
	// all its moves lose, so that it cannot make a win out of a loss.
	SureWin int
	// RootMoves, if not empty, limits the moves searched at the root to
	// these (all legal there): a caller's knowledge, such as moves that
	// do not lose at once, narrows the search.
	RootMoves []Move
	// HistoryMask, if not zero, keys the history by the bits of a move it
	// keeps, so that moves alike in them (a game's same piece to the same
	// square, whatever else the move does) share what they have learnt.
	HistoryMask Move
	// NullMove lets a null-window node at depth 3 or more, whose own
	// evaluation is at least beta, give the opponent a free move searched
	// NullReduce+1 plies shallower: if even that does not bring the score
	// under beta, the node is cut off without its moves. Never twice in a
	// row, never near a proven score. The position must implement
	// ABNuller.
	NullMove bool
	// NullReduce is the null move's reduction (2 when zero), one more for
	// every four plies of depth past six.
	NullReduce int
	// Aspiration, if positive, searches each iteration from the third on
	// first with a window of that half-width around the previous score,
	// widened (four times each time) when the score falls outside it.
	Aspiration int
	// RootOrder searches the root's moves, from the second iteration on,
	// in the order of the work their searches took in the iteration
	// before (the most first), after the best move: a move that took
	// long to refute is more likely to be good than one refuted at once.
	RootOrder bool
	// RootReduce, with Reduce and LogReduce, reduces the root's late moves
	// too, by a ply less than a node's below the root.
	RootReduce bool
}

// ABNuller is what ABConfig.NullMove needs of a position.
type ABNuller interface {
	// PlayNull gives the move to the other side without a move.
	PlayNull()
}

// AlphaBeta is an iterative-deepening principal-variation search with a
// transposition table, killer moves and history ordering, optional
// late-move reductions and an optional cache of leaf evaluations. P is
// the position type (a value that copies), PP its pointer type with the
// methods.
type AlphaBeta[P any, PP interface {
	*P
	ABPosition
}] struct {
	root     P
	cfg      ABConfig
	tt       []ttEntry
	mask     uint64
	evals    []evalEntry
	emask    uint64
	killers  [][2]Move
	history  *[1 << historyBits]int32       // by historySlot
	learnt   *[1 << historyBits / 64]uint64 // the slots of history not 0, a bit each
	nodes    int
	limit    int // node limit of the current call (0: none)
	ctx      context.Context
	stopped  bool
	depth    int // deepest completed iteration
	best     Move
	score    int
	pv       []Move
	plies    []plyMoves   // by ply: the move list of the node there
	keys     []uint64     // scratch of sortRest
	ranked   []uint64     // scratch of orderedMoves
	order    []Move       // scratch of sortRest
	stack    []P          // stack[ply] holds the position searched at ply (the root aside)
	nullPly  int          // the ply of the node the null move under way reached (0: none)
	rootWork map[Move]int // RootOrder: the nodes each root move's search took in the last iteration
}

// NewAlphaBeta prepares a search of root.
func NewAlphaBeta[P any, PP interface {
	*P
	ABPosition
}](root P, cfg ABConfig) *AlphaBeta[P, PP] {
	if cfg.SureWin <= 0 {
		cfg.SureWin = winBound
	}
	if cfg.TableBits <= 1 {
		cfg.TableBits = 18
	}
	s := &AlphaBeta[P, PP]{
		root:    root,
		cfg:     cfg,
		tt:      make([]ttEntry, 1<<cfg.TableBits),
		mask:    1<<cfg.TableBits - 1,
		history: new([1 << historyBits]int32),
		learnt:  new([1 << historyBits / 64]uint64),
		best:    -1,
	}
	if cfg.EvalBits > 0 {
		s.evals = make([]evalEntry, 1<<cfg.EvalBits)
		s.emask = 1<<cfg.EvalBits - 1
	}
	return s
}

// ABResult is the outcome of the deepest completed iteration.
type ABResult struct {
	Move  Move
	Score int // for the side to move at the root
	Depth int
	Nodes int // in all calls so far
	PV    []Move
}

// Search deepens one ply at a time until lim.Depth or lim.Nodes is reached,
// ctx is done or the configuration's Stop says so, then returns the result of the deepest completed
// iteration (or of the iteration under way, if its first move was already
// searched). A later call continues deeper. With no limit it stops at a
// proven result or at depth 64.
func (s *AlphaBeta[P, PP]) Search(ctx context.Context, lim Limits) (ABResult, error) {
	s.ctx, s.stopped = ctx, false
	s.limit = 0
	if lim.Nodes > 0 {
		s.limit = s.nodes + lim.Nodes
	}
	moves := s.cfg.RootMoves
	if len(moves) == 0 {
		moves = PP(&s.root).Moves(nil)
	}
	if len(moves) == 0 {
		return ABResult{}, ErrNoMove
	}
	if s.best < 0 {
		s.best = moves[0]
	}
	maxDepth := 64
	if lim.Depth > 0 {
		maxDepth = lim.Depth
	}
	// A node's ply is at most the iteration's depth; its children take
	// the next slot. Sized before the iterations, so that no slot moves
	// while a node holds it.
	if len(s.stack) < maxDepth+2 {
		s.stack = make([]P, maxDepth+2)
		s.plies = append(s.plies, make([]plyMoves, maxDepth+2-len(s.plies))...)
	}
	for d := s.depth + 1; d <= maxDepth && ctx.Err() == nil; d++ {
		if s.depth > 0 && s.cfg.Stop != nil && s.cfg.Stop() {
			break // the caller's time is up; a first iteration always runs
		}
		if len(moves) == 1 && s.depth >= 1 {
			break // a forced move needs no deeper search
		}
		if s.score >= winBound || s.score <= -winBound {
			break // proven
		}
		score, move, ok := s.rootSearch(d, moves)
		if move >= 0 {
			s.best, s.score = move, score
		}
		if !ok {
			break
		}
		s.depth = d
		s.pv = s.collectPV(d)
		if s.limit > 0 && s.nodes >= s.limit {
			break
		}
	}
	return ABResult{Move: s.best, Score: s.score, Depth: s.depth, Nodes: s.nodes, PV: append([]Move(nil), s.pv...)}, nil
}

// rootSearch searches every root move to depth d, the previous best first.
// It returns the best move found (-1 if none finished) and whether the
// iteration completed.
func (s *AlphaBeta[P, PP]) rootSearch(d int, moves []Move) (int, Move, bool) {
	order := moveFirst(moves, s.best)
	if s.cfg.RootOrder {
		if s.rootWork != nil {
			slices.SortStableFunc(order[1:], func(a, b Move) int { return s.rootWork[b] - s.rootWork[a] })
		}
		s.rootWork = make(map[Move]int, len(order))
	}
	width := s.cfg.Aspiration
	if width <= 0 || d < 3 || s.score >= winBound || s.score <= -winBound {
		width = 2 * Win
	}
	lo, hi := max(s.score-width, -Win-1), min(s.score+width, Win+1)
	for {
		score, best, ok := s.rootWindow(d, order, lo, hi)
		if !ok || lo < score && score < hi || width >= 2*Win {
			return score, best, ok
		}
		// Outside the window: widen it on the side it failed, and search
		// again with the move found first.
		width *= 4
		if score <= lo {
			lo = max(score-width, -Win-1)
		} else {
			hi = min(score+width, Win+1)
			if best >= 0 {
				order = moveFirst(order, best)
			}
		}
		if width >= Win {
			lo, hi, width = -Win-1, Win+1, 2*Win
		}
	}
}

// rootWindow searches the root's moves in order within (lo, hi). On a
// fail low it returns lo's side and no move: the iteration is not done.
func (s *AlphaBeta[P, PP]) rootWindow(d int, order []Move, lo, hi int) (int, Move, bool) {
	alpha, beta := lo, hi
	best := noMove
	for i, m := range order {
		before := s.nodes
		score := s.child(&s.root, m, i, d, 0, alpha, beta)
		if s.rootWork != nil {
			s.rootWork[m] += s.nodes - before
		}
		if s.stopped {
			return alpha, best, false // best is -1 if nothing beat lo
		}
		if score > alpha {
			alpha, best = score, m
		}
		if alpha >= beta {
			return alpha, best, true
		}
	}
	if best < 0 {
		return lo, best, true // failed low: every move at or under lo
	}
	s.store(PP(&s.root).Hash(), d, alpha, ttExact, best)
	return alpha, best, true
}

// moveFirst puts m at the front of order, keeping the others' order.
func moveFirst(order []Move, m Move) []Move {
	out := append(make([]Move, 0, len(order)), m)
	for _, x := range order {
		if x != m {
			out = append(out, x)
		}
	}
	return out
}

func (s *AlphaBeta[P, PP]) stop() bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if s.nodes&2047 == 0 {
		if s.cfg.Yield != nil {
			s.cfg.Yield()
		}
		if s.ctx.Err() != nil || s.cfg.Stop != nil && s.cfg.Stop() {
			s.stopped = true
		}
	}
	if s.limit > 0 && s.nodes >= s.limit {
		s.stopped = true
	}
	return s.stopped
}
