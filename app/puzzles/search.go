package puzzles

import "gygy/engine/gyges"

// WinIn reports whether the side to move in p can force a win, entering
// the goal within n of its own moves, against every defence. It searches
// every move (rulebook, Moves as outcomes): the answer is exact.
func WinIn(p gyges.Position, n int) bool {
	if n < 1 {
		return false
	}
	if p.CanEnterGoal() {
		return true
	}
	if n == 1 {
		return false
	}
	var buf [256]gyges.Move
	for _, m := range p.Moves(buf[:0]) {
		if forces(p, m, n) {
			return true
		}
	}
	return false
}

// forces reports whether the move m (not a goal move) in p wins within n
// moves: every reply leaves a win within n-1.
func forces(p gyges.Position, m gyges.Move, n int) bool {
	q := p
	q.Apply(m)
	if q.CanEnterGoal() {
		return false // the defence enters our goal at once
	}
	var buf [256]gyges.Move
	for _, r := range q.Moves(buf[:0]) {
		t := q
		t.Apply(r)
		if !WinIn(t, n-1) {
			return false
		}
	}
	return true
}

// GygesWinning returns every first move of p that wins within n moves,
// in the engine's move order.
func GygesWinning(p gyges.Position, n int) []gyges.Move {
	var out []gyges.Move
	var buf [256]gyges.Move
	for _, m := range p.Moves(buf[:0]) {
		if m.IsGoal() || (n > 1 && forces(p, m, n)) {
			out = append(out, m)
		}
	}
	return out
}

// Distance returns the fewest moves within which the side to move in p
// forces a win, trying 1 to most, and 0 if it does not within most.
func Distance(p gyges.Position, most int) int {
	for n := 1; n <= most; n++ {
		if WinIn(p, n) {
			return n
		}
	}
	return 0
}

// Defence returns the reply to m (a winning first move in p) that holds
// out longest: the one after which the win takes the most moves, so that
// a solution line shows the whole fight. It returns false when m enters
// the goal (nothing to reply to).
func Defence(p gyges.Position, m gyges.Move, n int) (gyges.Move, bool) {
	if m.IsGoal() {
		return gyges.Move{}, false
	}
	q := p
	q.Apply(m)
	var buf [256]gyges.Move
	best, bestD := gyges.Move{}, -1
	for _, r := range q.Moves(buf[:0]) {
		t := q
		t.Apply(r)
		if d := Distance(t, n-1); d > bestD {
			best, bestD = r, d
		}
	}
	return best, bestD >= 0
}
