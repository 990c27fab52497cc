package search

import (
	"context"
	"errors"
	"math"
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
	// RootMoves, if not empty, limits the moves searched at the root to
	// these (all legal there): a caller's knowledge, such as moves that
	// do not lose at once, narrows the search.
	RootMoves []Move
}

type ttFlag uint8

const (
	ttExact ttFlag = iota + 1
	ttLower
	ttUpper
)

// evalEntry is a cached evaluation.
type evalEntry struct {
	key   uint64
	score int32
	set   bool
}

// historyBits sizes the history table: moves are hashed into it.
const historyBits = 16

// historySlot is where the history of m is kept.
func historySlot(m Move) uint32 { return uint32(m) * 0x9e3779b1 >> (32 - historyBits) }

type ttEntry struct {
	key   uint64
	move  Move
	score int32
	depth int8
	flag  ttFlag
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
	root    P
	cfg     ABConfig
	tt      []ttEntry
	mask    uint64
	evals   []evalEntry
	emask   uint64
	killers [][2]Move
	history []int32 // by historySlot
	nodes   int
	limit   int // node limit of the current call (0: none)
	ctx     context.Context
	stopped bool
	depth   int // deepest completed iteration
	best    Move
	score   int
	pv      []Move
	bufs    [][]Move
	keys    []uint64 // scratch of orderedMoves
	ranked  []uint64 // scratch of orderedMoves
	order   []Move
}

// NewAlphaBeta prepares a search of root.
func NewAlphaBeta[P any, PP interface {
	*P
	ABPosition
}](root P, cfg ABConfig) *AlphaBeta[P, PP] {
	if cfg.TableBits <= 1 {
		cfg.TableBits = 18
	}
	s := &AlphaBeta[P, PP]{
		root:    root,
		cfg:     cfg,
		tt:      make([]ttEntry, 1<<cfg.TableBits),
		mask:    1<<cfg.TableBits - 1,
		history: make([]int32, 1<<historyBits),
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
	order := make([]Move, 0, len(moves))
	order = append(order, s.best)
	for _, m := range moves {
		if m != s.best {
			order = append(order, m)
		}
	}
	alpha, beta := -Win-1, Win+1
	best := Move(-1)
	for i, m := range order {
		score := s.child(&s.root, m, i, d, 0, alpha, beta)
		if s.stopped {
			return alpha, best, false
		}
		if score > alpha {
			alpha, best = score, m
		}
	}
	s.store(PP(&s.root).Hash(), d, alpha, ttExact, best)
	return alpha, best, true
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

// negamax returns the score of pos for its side to move, searched to depth
// d; ply counts from the root (for mate distances and killers).
func (s *AlphaBeta[P, PP]) negamax(pos *P, d, ply, alpha, beta int) int {
	p := PP(pos)
	if s.stop() {
		return 0
	}
	if p.Over() {
		return -Win + ply
	}
	if d <= 0 {
		return s.evaluate(p)
	}
	key := p.Hash()
	ttMove := Move(-1)
	if e := s.probe(key); e != nil {
		ttMove = e.move
		if int(e.depth) >= d {
			sc := fromTT(int(e.score), ply)
			switch {
			case e.flag == ttExact,
				e.flag == ttLower && sc >= beta,
				e.flag == ttUpper && sc <= alpha:
				return sc
			}
		}
	}
	alpha0 := alpha
	best, bestMove := -Win-1, Move(-1)
	searched := 0
	// The table's move first, before the others are even listed: when it
	// cuts off, as it mostly does, the node costs one child.
	if ttMove >= 0 {
		score := s.child(pos, ttMove, 0, d, ply, alpha, beta)
		if s.stopped {
			return 0
		}
		best, bestMove, searched = score, ttMove, 1
		alpha = max(alpha, score)
	}
	if alpha < beta {
		moves := s.orderedMoves(p, ply, ttMove)
		defer s.release(moves)
		for _, m := range moves {
			if m == ttMove {
				continue // searched above
			}
			score := s.child(pos, m, searched, d, ply, alpha, beta)
			if s.stopped {
				return 0
			}
			searched++
			if score > best {
				best, bestMove = score, m
			}
			if score > alpha {
				alpha = score
			}
			if alpha >= beta {
				break
			}
		}
	}
	if alpha >= beta {
		s.cutoff(bestMove, ply, d)
	}
	flag := ttExact
	switch {
	case best <= alpha0:
		flag = ttUpper
	case best >= beta:
		flag = ttLower
	}
	s.store(key, d, toTT(best, ply), flag, bestMove)
	return best
}

// child returns the score of the move m of pos (at ply from the root),
// the node's i-th move searched, for pos's side to move: the first with
// the full window, the others with a null window first (reduced when
// late-move reductions apply, away from the root) and again in full only
// if they beat alpha.
func (s *AlphaBeta[P, PP]) child(pos *P, m Move, i, d, ply, alpha, beta int) int {
	c := *pos
	PP(&c).Play(m)
	next := d - 1
	if i == 0 {
		return -s.negamax(&c, next, ply+1, -beta, -alpha)
	}
	r := 0
	if s.cfg.Reduce && ply > 0 && d >= 3 && i >= reduceAfter {
		r = 1
		if s.cfg.LogReduce {
			r = max(1, min(int(lmrTable[min(d, len(lmrTable)-1)][min(i, len(lmrTable[0])-1)]), next-1))
		}
	}
	score := -s.negamax(&c, next-r, ply+1, -alpha-1, -alpha)
	if r > 0 && score > alpha && !s.stopped {
		score = -s.negamax(&c, next, ply+1, -alpha-1, -alpha)
	}
	if score > alpha && score < beta && !s.stopped {
		score = -s.negamax(&c, next, ply+1, -beta, -alpha)
	}
	return score
}

// evaluate is p.Evaluate, through the cache when there is one.
func (s *AlphaBeta[P, PP]) evaluate(p PP) int {
	if s.evals == nil {
		return p.Evaluate()
	}
	key := p.Hash()
	e := &s.evals[key&s.emask]
	if e.set && e.key == key {
		return int(e.score)
	}
	v := p.Evaluate()
	*e = evalEntry{key: key, score: int32(v), set: true}
	return v
}

// orderedMoves lists the moves: the table's move, the killers, then the
// rest by history score, the game's own order breaking ties.
func (s *AlphaBeta[P, PP]) orderedMoves(p PP, ply int, ttMove Move) []Move {
	var buf []Move
	if n := len(s.bufs); n > 0 {
		buf, s.bufs = s.bufs[n-1][:0], s.bufs[:n-1]
	}
	moves := p.Moves(buf)
	killers := s.killersAt(ply)
	// Sort by rank, highest first, the game's order breaking ties: each
	// key packs the rank above the move's place in the game's list.
	s.keys = s.keys[:0]
	for i, m := range moves {
		var r uint64
		switch m {
		case ttMove:
			r = 1 << 31
		case killers[0]:
			r = 1<<31 - 1
		case killers[1]:
			r = 1<<31 - 2
		default:
			r = uint64(s.history[historySlot(m)])
		}
		s.keys = append(s.keys, r<<32|uint64(math.MaxUint32-uint32(i)))
	}
	// Moves of rank 0 keep the game's order behind the others, so only
	// the ranked ones are sorted (most have no history yet).
	s.order = append(s.order[:0], moves...)
	ranked := s.ranked[:0]
	for _, k := range s.keys {
		if k>>32 != 0 {
			ranked = append(ranked, k)
		}
	}
	slices.Sort(ranked)
	s.ranked = ranked
	n := 0
	for i := len(ranked) - 1; i >= 0; i-- {
		moves[n] = s.order[math.MaxUint32-uint32(ranked[i])]
		n++
	}
	for i, k := range s.keys {
		if k>>32 == 0 {
			moves[n] = s.order[i]
			n++
		}
	}
	return moves
}

func (s *AlphaBeta[P, PP]) release(moves []Move) { s.bufs = append(s.bufs, moves) }

// killersAt returns the killer moves of ply, making room for them.
func (s *AlphaBeta[P, PP]) killersAt(ply int) *[2]Move {
	for len(s.killers) <= ply {
		s.killers = append(s.killers, [2]Move{-1, -1})
	}
	return &s.killers[ply]
}

func (s *AlphaBeta[P, PP]) cutoff(m Move, ply, d int) {
	k := s.killersAt(ply)
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	if h := &s.history[historySlot(m)]; *h < 1<<28 {
		*h += int32(d * d)
	}
}

// The table keeps two entries per slot pair: the even one prefers depth,
// the odd one always takes the newest result.
func (s *AlphaBeta[P, PP]) probe(key uint64) *ttEntry {
	i := key & s.mask &^ 1
	if e := &s.tt[i]; e.key == key && e.flag != 0 {
		return e
	}
	if e := &s.tt[i|1]; e.key == key && e.flag != 0 {
		return e
	}
	return nil
}

func (s *AlphaBeta[P, PP]) store(key uint64, d, score int, flag ttFlag, m Move) {
	i := key & s.mask &^ 1
	e := ttEntry{key: key, move: m, score: int32(score), depth: int8(d), flag: flag}
	deep := &s.tt[i]
	switch {
	case deep.key == key || deep.flag == 0 || d >= int(deep.depth):
		if deep.key != key && deep.flag != 0 {
			s.tt[i|1] = *deep
		}
		*deep = e
	default:
		s.tt[i|1] = e
	}
}

// Win scores are stored relative to the node, so that a transposition
// reached at another ply keeps the right distance.
func toTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score + ply
	case score <= -winBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score - ply
	case score <= -winBound:
		return score + ply
	}
	return score
}

// collectPV follows the table's best moves from the root.
func (s *AlphaBeta[P, PP]) collectPV(maxLen int) []Move {
	var pv []Move
	pos := s.root
	seen := map[uint64]bool{}
	for len(pv) < maxLen {
		p := PP(&pos)
		key := p.Hash()
		e := s.probe(key)
		if e == nil || e.move < 0 || seen[key] || p.Over() {
			break
		}
		if !slices.Contains(p.Moves(nil), e.move) {
			break // a colliding key: not this position's move
		}
		seen[key] = true
		pv = append(pv, e.move)
		p.Play(e.move)
	}
	return pv
}

// lmrTable[d][i] is LogReduce's reduction of the i-th move of a node of
// depth d.
var lmrTable = func() (t [32][256]int8) {
	for d := 1; d < len(t); d++ {
		for i := 1; i < len(t[d]); i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()
