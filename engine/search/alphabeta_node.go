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
	if s.cfg.WinCheck && any(p).(ABWinner).WinsNow() {
		return Win - ply - 1 // what the winning move's child would give
	}
	if s.cfg.NullMove && ply > 0 && beta-alpha == 1 && d >= 3 && beta < winBound && alpha > -winBound && s.nullPly != ply {
		if score, ok := s.nullMove(pos, d, ply, beta); ok {
			return score
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
		prune := -1 // no limit
		if s.cfg.PruneLate && ply > 0 && beta-alpha0 == 1 && d < len(lateMoves) {
			prune = lateMoves[d]
		}
		moves, ordered := s.orderedMoves(p, ply, ttMove, prune+1)
		defer s.release(moves)
		if prune < 0 {
			prune = len(moves)
		}
		for i, m := range moves {
			if i == ordered {
				s.sortRest(moves[i:], ply) // all the best lost: order the rest
			}
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
	if s.cfg.Reduce && ply > 0 && d >= 3 && i >= reduceAfter {
		r = 1
		if s.cfg.LogReduce {
			r = max(1, min(int(lmrTable[min(d, len(lmrTable)-1)][min(i, len(lmrTable[0])-1)]), next-1))
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

// orderedMoves lists the moves: the table's move, the killers, then the
// rest by history score, the game's own order breaking ties. If want is
// positive, only the first want moves need that order (a node that
// searches no more): the best want are found without sorting the rest,
// which follow in the game's order. It returns the moves and how many of
// them are in order (all, or want).
func (s *AlphaBeta[P, PP]) orderedMoves(p PP, ply int, ttMove Move, want int) ([]Move, int) {
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
			r = uint64(s.history[s.historySlot(m)])
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
	ordered := len(moves)
	if want > 0 && len(ranked) > 2*want {
		ranked, ordered = topKeys(ranked, want), want
	} else {
		slices.Sort(ranked)
	}
	s.ranked = ranked
	n := 0
	for i := len(ranked) - 1; i >= 0; i-- {
		moves[n] = s.order[math.MaxUint32-uint32(ranked[i])]
		n++
	}
	// The others in the game's order: the unranked, and when only the
	// best were picked, the ranked ones below them.
	low := uint64(1) << 32
	if len(ranked) > 0 {
		low = ranked[0]
	}
	for i, k := range s.keys {
		if k < low {
			moves[n] = s.order[i]
			n++
		}
	}
	return moves, ordered
}

// sortRest orders moves by rank as orderedMoves does, by the killers and
// history known now.
func (s *AlphaBeta[P, PP]) sortRest(moves []Move, ply int) {
	killers := s.killersAt(ply)
	s.keys = s.keys[:0]
	for i, m := range moves {
		r := uint64(s.history[s.historySlot(m)])
		switch m {
		case killers[0]:
			r = 1<<31 - 1
		case killers[1]:
			r = 1<<31 - 2
		}
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
	if h := &s.history[s.historySlot(m)]; *h < 1<<28 {
		*h += int32(d * d)
	}
}
