package search

import (
	"math"
	"slices"
)

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
	ttMove := noMove
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
	if s.cfg.WinCheck && any(p).(ABWinner).WinsNow() {
		return Win - ply - 1 // what the winning move's child would give
	}
	if s.cfg.NullMove && ply > 0 && beta-alpha == 1 && d >= 3 && beta < winBound && alpha > -winBound && s.nullPly != ply {
		if score, ok := s.nullMove(pos, d, ply, beta); ok {
			return score
		}
	}
	alpha0 := alpha
	best, bestMove := -Win-1, noMove
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
		prune := -1 // no limit
		if s.cfg.PruneLate && ply > 0 && beta-alpha0 == 1 && d < len(lateMoves) {
			prune = lateMoves[d]
		}
		ml := s.orderedMoves(p, ply, ttMove, prune+1)
		if prune < 0 {
			prune = len(ml.all)
		}
		for i := range len(ml.all) {
			m := s.moveAt(ml, i, ply)
			if m == ttMove {
				continue // searched above
			}
			if searched >= prune && best > -s.cfg.SureWin {
				break
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

// nullMove tries the null move at a null-window node of depth d (see
// ABConfig.NullMove): it reports the node's score and true if the node is
// cut off.
func (s *AlphaBeta[P, PP]) nullMove(pos *P, d, ply, beta int) (int, bool) {
	if s.evaluate(PP(pos)) < beta {
		return 0, false
	}
	r := s.cfg.NullReduce
	if r <= 0 {
		r = 2
	}
	if d > 6 {
		r += (d - 6) / 4
	}
	c := &s.stack[ply+1]
	*c = *pos
	any(PP(c)).(ABNuller).PlayNull()
	outer := s.nullPly
	s.nullPly = ply + 1
	score := -s.negamax(c, max(d-1-r, 0), ply+1, -beta, -beta+1)
	s.nullPly = outer
	if s.stopped || score < beta {
		return 0, false
	}
	return min(score, winBound-1), true // a null move proves no win
}

// child returns the score of the move m of pos (at ply from the root),
// the node's i-th move searched, for pos's side to move: the first with
// the full window, the others with a null window first (reduced when
// late-move reductions apply, away from the root) and again in full only
// if they beat alpha.
func (s *AlphaBeta[P, PP]) child(pos *P, m Move, i, d, ply, alpha, beta int) int {
	c := &s.stack[ply+1] // the child's plies below write only deeper slots
	*c = *pos
	PP(c).Play(m)
	next := d - 1
	if i == 0 {
		return -s.negamax(c, next, ply+1, -beta, -alpha)
	}
	r := 0
	if s.cfg.Reduce && d >= 3 && i >= reduceAfter {
		switch {
		case ply > 0 && s.cfg.LogReduce:
			r = max(1, min(lmr(d, i), next-1))
		case ply > 0:
			r = 1
		case s.cfg.RootReduce && s.cfg.LogReduce: // a ply less at the root
			r = max(0, min(lmr(d, i)-1, next-1))
		}
	}
	score := -s.negamax(c, next-r, ply+1, -alpha-1, -alpha)
	if r > 0 && score > alpha && !s.stopped {
		score = -s.negamax(c, next, ply+1, -alpha-1, -alpha)
	}
	if score > alpha && score < beta && !s.stopped {
		score = -s.negamax(c, next, ply+1, -beta, -alpha)
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

// plyMoves is the move list of the node at a ply, kept from node to node
// so that its buffers are reused.
type plyMoves struct {
	all    []Move   // the game's order
	top    []Move   // the best by rank, best first: searched first
	places []int    // where top's moves are in all
	rest   []Move   // the others, once listRest has listed them
	marks  []uint64 // scratch of listRest: places in all
	cut    bool     // top holds only the best want of the ranked moves
}

// orderedMoves lists the moves of the node at ply in the order it
// searches them: the table's move, the killers, then the rest by history
// score, the game's own order breaking ties. Only the ranked moves (most
// have no history yet) are sorted, into top; the others follow in the
// game's order, listed by listRest when the node gets past top. If want
// is positive, only the first want moves need that order (a node that
// searches no more): the best want are found without sorting the others,
// which listRest orders by rank if they are needed.
func (s *AlphaBeta[P, PP]) orderedMoves(p PP, ply int, ttMove Move, want int) *plyMoves {
	ml := &s.plies[ply]
	ml.all = p.Moves(ml.all[:0])
	killers := s.killersAt(ply)
	hist, learnt, mask := s.history, s.learnt, s.historyMask()
	// Each key packs the rank above the move's place in the game's list.
	// A killer has a history (cutoff gives it one), so a move without is
	// ranked only if it is the table's.
	ranked := s.ranked[:0]
	for i, m := range ml.all {
		slot := historySlot(m, mask)
		if learnt[slot/64]&(1<<(slot%64)) == 0 && m != ttMove {
			continue
		}
		if r := rank(m, ttMove, killers, hist[slot]); r != 0 {
			ranked = append(ranked, r<<32|uint64(math.MaxUint32-uint32(i)))
		}
	}
	ml.cut = want > 0 && len(ranked) > 2*want
	if ml.cut {
		ranked = topKeys(ranked, want)
	} else {
		slices.Sort(ranked)
	}
	s.ranked = ranked
	ml.top, ml.places, ml.rest = ml.top[:0], ml.places[:0], ml.rest[:0]
	for i := len(ranked) - 1; i >= 0; i-- {
		at := int(math.MaxUint32 - uint32(ranked[i]))
		ml.top = append(ml.top, ml.all[at])
		ml.places = append(ml.places, at)
	}
	return ml
}

// moveAt returns the i-th move the node at ply searches: top's, then,
// once the node gets past them all (the best lost), the rest's, which
// are listed then.
func (s *AlphaBeta[P, PP]) moveAt(ml *plyMoves, i, ply int) Move {
	if i < len(ml.top) {
		return ml.top[i]
	}
	if i == len(ml.top) {
		s.listRest(ml, ply)
	}
	return ml.rest[i-len(ml.top)]
}

// listRest lists in ml.rest the moves not in ml.top, in the game's order,
// then by rank as sortRest orders them if top holds only the best few:
// top and then rest are every move of the node, each once.
func (s *AlphaBeta[P, PP]) listRest(ml *plyMoves, ply int) {
	if n := (len(ml.all) + 63) / 64; len(ml.marks) < n {
		ml.marks = make([]uint64, n)
	}
	for _, at := range ml.places {
		ml.marks[at/64] |= 1 << (at % 64)
	}
	for i, m := range ml.all {
		if ml.marks[i/64]&(1<<(i%64)) == 0 {
			ml.rest = append(ml.rest, m)
		}
	}
	for _, at := range ml.places {
		ml.marks[at/64] = 0
	}
	if ml.cut {
		s.sortRest(ml.rest, ply)
	}
}

// noMove is no move: a node without the table's move.
const noMove Move = -1

// rank is a move's claim to be searched early, highest first: the
// table's move, the two killers, then its history h; 0 is none.
func rank(m, ttMove Move, killers *[2]Move, h int32) uint64 {
	switch m {
	case ttMove:
		return 1 << 31
	case killers[0]:
		return 1<<31 - 1
	case killers[1]:
		return 1<<31 - 2
	}
	return uint64(h)
}

// sortRest orders moves by rank as orderedMoves does, by the killers and
// history known now.
func (s *AlphaBeta[P, PP]) sortRest(moves []Move, ply int) {
	killers := s.killersAt(ply)
	s.keys = s.keys[:0]
	mask := s.historyMask()
	for i, m := range moves {
		r := rank(m, noMove, killers, s.history[historySlot(m, mask)])
		s.keys = append(s.keys, r<<32|uint64(math.MaxUint32-uint32(i)))
	}
	slices.Sort(s.keys)
	s.order = append(s.order[:0], moves...)
	for i, k := range s.keys { // ascending: the highest goes first
		moves[len(moves)-1-i] = s.order[math.MaxUint32-uint32(k)]
	}
}

// topKeys moves the k largest of keys (k < len(keys), all distinct) to
// its front in ascending order and returns them.
func topKeys(keys []uint64, k int) []uint64 {
	top := keys[:k]
	slices.Sort(top)
	for _, x := range keys[k:] {
		if x <= top[0] {
			continue
		}
		i := 1
		for ; i < k && top[i] < x; i++ {
			top[i-1] = top[i]
		}
		top[i-1] = x
	}
	return top
}

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
	slot := historySlot(m, s.historyMask())
	if h := &s.history[slot]; *h < 1<<28 {
		*h += int32(d * d)
	}
	s.learnt[slot/64] |= 1 << (slot % 64)
}
