package gyges

import "math/bits"

// CanEnterGoal reports whether the side to move has a goal move now
// (rulebook, Goals and winning): Moves would list one. It is what a search
// asks at every position, because a side that can enter the goal has won,
// so it stops at the first piece that can and, piece by piece, at the
// first run that ends in the goal, without listing the other moves.
func (p Position) CanEnterGoal() bool {
	var buf [Size]PieceMoves
	_, goal := p.GoalOrMoveSets(buf[:0])
	return goal
}

// GoalOrMoveSets is CanEnterGoal and MoveSets from one search of the
// pieces: true, and dst as it came, when the side to move can enter the
// goal; otherwise false and dst with what MoveSets would append. A search
// asks the first question at every position and, when the answer is no,
// lists the moves: this answers both for the price of the first.
func (p Position) GoalOrMoveSets(dst []PieceMoves) ([]PieceMoves, bool) {
	return new(Scratch).GoalOrMoveSets(p, dst)
}

// goalOrMoveSets is GoalOrMoveSets of g's position, a game in play.
func (g *gen) goalOrMoveSets(dst []PieceMoves) ([]PieceMoves, bool) {
	n0 := len(dst)
	for i := range Size {
		n := len(dst)
		for b := g.occ & rowMask(rowOrder(g.s.mover, i)); b != 0; b &= b - 1 {
			from := Square(bits.TrailingZeros64(uint64(b)))
			t, found := g.s.searchGoal(g.occ, from)
			if found {
				return dst[:n0], true
			}
			// A piece whose only targets are replaces without a drop
			// square cannot move (rulebook, Landing on a piece).
			t, drops := g.withDrops(t, from)
			if t.Empty|t.Replace != 0 {
				dst = append(dst, PieceMoves{From: from, Targets: t, Drops: drops})
			}
		}
		if len(dst) > n {
			return dst, false // the active row has no goal move
		}
	}
	return dst, false
}

// searchGoal is search asking only whether the piece on from can enter the
// goal. When it cannot, the targets it returns are complete, so that the
// caller knows whether the piece could move at all.
func (s *searcher) searchGoal(occ SquareSet, from Square) (Targets, bool) {
	s.occ = occ &^ bit(from)
	s.t = Targets{}
	for b := s.memoSet; b != 0; b &= b - 1 {
		s.memoN[bits.TrailingZeros64(uint64(b))] = 0
	}
	s.memoSet = 0
	found := s.runGoal(from, s.board[from], 0)
	return s.t, found
}

// runGoal is run looking for the goal: it tries a state's goal runs before
// its other runs and returns true at the first that is free. It is a copy
// of run rather than run with a flag, because run is the package's hot
// loop and the flag would cost every move generation.
func (s *searcher) runGoal(sq Square, n int8, used uint64) bool {
	occ := s.occ
	if walks.goalFrom[s.mover][n]&bit(sq) != 0 {
		for _, w := range walks.goalRuns(s.mover, sq, n) {
			if w.inter&occ == 0 && w.edges&used == 0 {
				s.t.Goal = true
				return true
			}
		}
	}
	ws := walks.runsFrom(sq, n)
next:
	for i := range ws {
		w := &ws[i]
		if uint64(w.inter&occ)|w.edges&used != 0 {
			continue
		}
		b := w.endBit
		if occ&b == 0 {
			s.t.Empty |= b
			continue
		}
		if s.displace {
			s.t.Replace |= b
		}
		u, e := used|w.edges, w.end
		k := s.memoN[e]
		for _, seen := range s.memo[e][:k] {
			if seen&^u == 0 {
				continue next
			}
		}
		if k < memoWays {
			s.memo[e][k] = u
			s.memoN[e] = k + 1
			s.memoSet |= b
		} else {
			s.memo[e][memoWays-1] = u
		}
		if s.runGoal(e, s.board[e], u) {
			return true
		}
	}
	return false
}
