package gyges

// A run (rulebook, Movement) is a stretch of exactly n orthogonal steps,
// n = 1..3. Within one run no boundary can be crossed twice without an
// immediate step back, so every run is a "walk" without reversals; there are
// at most 36 of them from a square. They are computed once and shared.
//
// Boundaries between squares are numbered 0..59: the horizontal boundary
// east of square s (column < 5) is row*5+col, the vertical boundary north of
// s (row < 5) is 30+s. A goal boundary is never tracked: crossing one ends
// the move, and nothing crosses back out of a goal.

// walk is one possible run from a square.
type walk struct {
	inter  SquareSet // squares entered before the last step: must be empty
	edges  uint64    // boundaries crossed
	endBit SquareSet // end as a set (empty for Goal): the generator's test
	end    Square    // square of the last step, or Goal
	n      int8      // number of steps
	path   [3]Square // squares entered, in order; path[n-1] == end
}

// walkTable holds every run, by start square and length.
type walkTable struct {
	all  []walk
	runs [NumSquares][4]span    // runs staying on the board
	goal [2][NumSquares][4]span // by mover: runs whose last step enters the opponent's goal
	// goalFrom[mover][n] is the squares with a goal run of n steps.
	goalFrom [2][4]SquareSet
}

type span struct{ lo, hi uint16 }

var walks = *buildWalks()

// edgeBetween returns the boundary between adjacent squares a and b.
func edgeBetween(a, b Square) uint {
	if a > b {
		a, b = b, a
	}
	if b-a == 1 {
		return uint(a.Row()*(Size-1) + a.Col())
	}
	return 30 + uint(a)
}

// neighbours returns the squares orthogonally adjacent to s.
func neighbours(s Square) []Square {
	var out []Square
	c, r := s.Col(), s.Row()
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		if t := SquareAt(c+d[0], r+d[1]); t != NoSquare {
			out = append(out, t)
		}
	}
	return out
}

func buildWalks() *walkTable {
	t := new(walkTable)
	for s := Square(0); s < NumSquares; s++ {
		for n := int8(1); n <= 3; n++ {
			lo := len(t.all)
			t.extend(walk{}, s, n)
			t.runs[s][n] = span{uint16(lo), uint16(len(t.all))}
		}
	}
	for _, mover := range []Side{South, North} {
		goalRow := mover.Opponent().homeRow()
		for s := Square(0); s < NumSquares; s++ {
			for n := int8(1); n <= 3; n++ {
				lo := len(t.all)
				t.addGoalWalks(s, n, goalRow)
				t.goal[mover][s][n] = span{uint16(lo), uint16(len(t.all))}
				if len(t.all) > lo {
					t.goalFrom[mover][n] |= bit(s)
				}
			}
		}
	}
	return t
}

// extend appends to t.all every run of n more steps continuing w from at.
func (t *walkTable) extend(w walk, at Square, n int8) {
	if n == 0 {
		w.end, w.endBit = at, bit(at)
		t.all = append(t.all, w)
		return
	}
	for _, next := range neighbours(at) {
		e := uint64(1) << edgeBetween(at, next)
		if w.edges&e != 0 {
			continue
		}
		v := w
		if v.n > 0 {
			v.inter |= bit(at)
		}
		v.edges |= e
		v.path[v.n] = next
		v.n++
		t.extend(v, next, n-1)
	}
}

// addGoalWalks appends the runs of n steps from s whose last step enters the
// goal beyond goalRow (rulebook, Goals: only as the exact last step of a
// run, from the opponent's home row). Every square before the goal,
// including the one on the home row, is passed through and must be empty.
func (t *walkTable) addGoalWalks(s Square, n int8, goalRow int) {
	if n == 1 {
		if s.Row() == goalRow {
			t.all = append(t.all, walk{end: Goal, n: 1, path: [3]Square{Goal}})
		}
		return
	}
	sp := t.runs[s][n-1]
	for _, w := range t.all[sp.lo:sp.hi] {
		if w.end.Row() != goalRow {
			continue
		}
		w.inter |= bit(w.end)
		w.end, w.endBit = Goal, 0
		w.path[w.n] = Goal
		w.n++
		t.all = append(t.all, w)
	}
}

// runsFrom returns the runs of n steps from s that stay on the board.
func (t *walkTable) runsFrom(s Square, n int8) []walk {
	sp := t.runs[s][n]
	return t.all[sp.lo:sp.hi]
}

// goalRuns returns the runs of n steps from s that end in the goal mover
// aims at.
func (t *walkTable) goalRuns(mover Side, s Square, n int8) []walk {
	sp := t.goal[mover][s][n]
	return t.all[sp.lo:sp.hi]
}
