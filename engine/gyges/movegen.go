package gyges

import (
	"math/bits"
	"slices"
)

// Move generation finds outcomes, not paths (rulebook, Moves as outcomes).
// For each piece of the active row a depth-first search runs over the state
// (square, run length, boundaries used so far) and records where runs end:
// on an empty square (a plain move), on an occupied one (a replace, then a
// bounce is tried too), or in the goal. Drops are not part of the search:
// where a displaced piece may go depends only on the start square (see
// dropSquares), so each replace target is expanded into drops once.
//
// Bounce states are pruned by subsumption: a bounce on square q with used
// boundaries U can reach nothing that an earlier bounce on q with U' ⊆ U
// could not (fewer constraints, same run length, same board). Every run
// adds boundaries, so a path's states strictly grow and the pruning is
// sound even against the ancestors of the current state.

// memoWays is the number of boundary sets remembered per bounce square.
const memoWays = 4

// Targets lists where one piece can end its move (rulebook, Movement and
// Landing on a piece).
type Targets struct {
	Empty   SquareSet // empty squares where it may stop, its start square included
	Replace SquareSet // occupied squares where it may stop and replace
	Goal    bool      // it may enter the opponent's goal
}

// searcher holds one piece's search. It is a plain value so that it lives
// on the caller's stack.
type searcher struct {
	board    [NumSquares]int8 // a copy: a pointer would send the position to the heap
	occ      SquareSet        // occupied squares, the moving piece lifted
	mover    Side
	displace bool
	t        Targets
	memo     [NumSquares][memoWays]uint64 // boundary sets of the bounces seen, by square
	memoN    [NumSquares]uint8
	memoSet  SquareSet // squares with memoN > 0, to clear them cheaply
}

// search returns the targets of the piece on from, occ being the occupied
// squares.
func (s *searcher) search(occ SquareSet, from Square) Targets {
	s.occ = occ &^ bit(from) // lifted for the whole move (rulebook, Movement)
	s.t = Targets{}
	for b := s.memoSet; b != 0; b &= b - 1 {
		s.memoN[bits.TrailingZeros64(uint64(b))] = 0
	}
	s.memoSet = 0
	s.run(from, s.board[from], 0)
	return s.t
}

// run explores every continuation of a run of n steps from sq after the
// boundaries in used were crossed. This is the hot loop of the package; it
// is one function, with the bounce pruning written inline, because calls
// are dear in WebAssembly.
func (s *searcher) run(sq Square, n int8, used uint64) {
	occ := s.occ
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
		// Bounce, unless an earlier bounce on w.end with fewer boundaries
		// used already explores all this one can reach.
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
			s.memo[e][memoWays-1] = u // forgetting only weakens the pruning
		}
		s.run(e, s.board[e], u)
	}
	if s.t.Goal || walks.goalFrom[s.mover][n]&bit(sq) == 0 {
		return
	}
	for _, w := range walks.goalRuns(s.mover, sq, n) {
		if w.inter&occ == 0 && w.edges&used == 0 {
			s.t.Goal = true
			return
		}
	}
}

// gen is the state shared by the move generators of one position.
type gen struct {
	occ SquareSet
	s   searcher
}

func newGen(p *Position) *gen {
	g := new(gen)
	g.reset(p)
	return g
}

// reset makes g the generator of p. The searcher's memo needs no
// clearing: a search clears what the last one used.
func (g *gen) reset(p *Position) {
	g.occ = p.Occupied()
	g.s.board = p.board
	g.s.mover = p.side
	g.s.displace = p.variant != NoDisplace
}

// targets searches the piece on from and returns its targets, with the
// replace targets dropped when no drop square exists.
func (g *gen) targets(from Square) (Targets, SquareSet) {
	return g.withDrops(g.s.search(g.occ, from), from)
}

// withDrops returns the targets t of the piece on from with their drop
// squares, the replace targets dropped when there is none (rulebook,
// Landing on a piece: a piece that would have nowhere to go cannot be
// replaced).
func (g *gen) withDrops(t Targets, from Square) (Targets, SquareSet) {
	var drops SquareSet
	if t.Replace != 0 {
		drops = dropSquares(g.occ, from, g.s.mover)
		if drops == 0 {
			t.Replace = 0
		}
	}
	return t, drops
}

// rowOrder returns the i-th row counted from sd's side.
func rowOrder(sd Side, i int) int {
	if sd == North {
		return Size - 1 - i
	}
	return i
}

// activeRow returns the active row after the fallback (rulebook, Which
// pieces may move): the nearest non-empty row holding a piece with a legal
// move. It returns -1 when no piece can move.
func (g *gen) activeRow() int {
	for i := range Size {
		r := rowOrder(g.s.mover, i)
		for b := g.occ & rowMask(r); b != 0; b &= b - 1 {
			t, _ := g.targets(Square(bits.TrailingZeros64(uint64(b))))
			if t.Empty|t.Replace != 0 || t.Goal {
				return r
			}
		}
	}
	return -1
}

// Moves appends every legal move to dst and returns it: each distinct
// (from, to, drop) once, ordered by start square, then goal, plain and
// replace moves. A side with no legal move gets the single move Pass. A
// finished game has no moves.
func (p Position) Moves(dst []Move) []Move {
	if p.over {
		return dst
	}
	g := newGen(&p)
	for i := range Size {
		r := rowOrder(p.side, i)
		n := len(dst)
		for b := g.occ & rowMask(r); b != 0; b &= b - 1 {
			dst = g.appendMoves(dst, Square(bits.TrailingZeros64(uint64(b))))
		}
		if len(dst) > n {
			return dst
		}
	}
	return append(dst, Pass)
}

// appendMoves appends the moves of the piece on from. It grows dst once and
// fills it by index: appending move by move costs several times more in
// WebAssembly.
func (g *gen) appendMoves(dst []Move, from Square) []Move {
	t, drops := g.targets(from)
	n := t.Empty.Len() + t.Replace.Len()*drops.Len()
	if t.Goal {
		n++
	}
	dst = slices.Grow(dst, n)
	out := dst[len(dst) : len(dst)+n]
	i := 0
	if t.Goal {
		out[i] = Move{from, Goal, NoSquare}
		i++
	}
	for b := t.Empty; b != 0; b &= b - 1 {
		out[i] = Move{from, Square(bits.TrailingZeros64(uint64(b))), NoSquare}
		i++
	}
	for b := t.Replace; b != 0; b &= b - 1 {
		to := Square(bits.TrailingZeros64(uint64(b)))
		for d := drops; d != 0; d &= d - 1 {
			out[i] = Move{from, to, Square(bits.TrailingZeros64(uint64(d)))}
			i++
		}
	}
	return dst[:len(dst)+n]
}

// CountMoves returns len(p.Moves(nil)) without building the moves: 1 when
// the side to move must pass, 0 when the game is over.
func (p Position) CountMoves() int {
	if p.over {
		return 0
	}
	g := newGen(&p)
	for i := range Size {
		n := 0
		for b := g.occ & rowMask(rowOrder(p.side, i)); b != 0; b &= b - 1 {
			t, drops := g.targets(Square(bits.TrailingZeros64(uint64(b))))
			n += t.Empty.Len() + t.Replace.Len()*drops.Len()
			if t.Goal {
				n++
			}
		}
		if n > 0 {
			return n
		}
	}
	return 1
}

// ActiveRow returns the row (0 = row 1) whose pieces the side to move may
// move, after the fallback, and false if the side must pass or the game is
// over.
func (p Position) ActiveRow() (int, bool) {
	if p.over {
		return -1, false
	}
	r := newGen(&p).activeRow()
	return r, r >= 0
}

// Movable returns the pieces the side to move may move now: those of the
// active row (after the fallback) that have at least one legal move.
func (p Position) Movable() SquareSet {
	r, ok := p.ActiveRow()
	if !ok {
		return 0
	}
	g := newGen(&p)
	var ss SquareSet
	for b := g.occ & rowMask(r); b != 0; b &= b - 1 {
		from := Square(bits.TrailingZeros64(uint64(b)))
		if t, _ := g.targets(from); t.Empty|t.Replace != 0 || t.Goal {
			ss |= bit(from)
		}
	}
	return ss
}

// Targets returns where the piece on from can end its move: empty squares,
// occupied squares it may replace (only when a drop square exists), and the
// goal. It is empty when from holds no piece that may move now.
func (p Position) Targets(from Square) Targets {
	if p.over || !from.OnBoard() || p.board[from] == 0 {
		return Targets{}
	}
	g := newGen(&p)
	if g.activeRow() != from.Row() {
		return Targets{}
	}
	t, _ := g.targets(from)
	return t
}

// PieceTargets is a piece that may move now and where it can end.
type PieceTargets struct {
	From Square
	Targets
}

// AllTargets appends the targets of every piece that may move now (the
// active row after the fallback), in square order: what Movable and
// Targets give piece by piece, with one search per piece. An evaluation
// that looks at every piece wants this.
func (p Position) AllTargets(dst []PieceTargets) []PieceTargets {
	if p.over {
		return dst
	}
	g := newGen(&p)
	for i := range Size {
		n := len(dst)
		for b := g.occ & rowMask(rowOrder(p.side, i)); b != 0; b &= b - 1 {
			from := Square(bits.TrailingZeros64(uint64(b)))
			if t, _ := g.targets(from); t.Empty|t.Replace != 0 || t.Goal {
				dst = append(dst, PieceTargets{From: from, Targets: t})
			}
		}
		if len(dst) > n {
			return dst
		}
	}
	return dst
}

// Reach counts what the side to move can do now, as AllTargets would list
// it: the movable pieces that can enter the goal, and the landing squares
// (empty and replace targets) summed over the movable pieces. With
// firstGoal it stops at the first piece that can enter the goal and
// returns 1 goal. An evaluation wants this without the list.
func (p Position) Reach(firstGoal bool) (goals, landings int) {
	return new(Scratch).Reach(p, firstGoal)
}

// reach is Reach of g's position, a game in play.
func (g *gen) reach(firstGoal bool) (goals, landings int) {
	for i := range Size {
		found := false
		for b := g.occ & rowMask(rowOrder(g.s.mover, i)); b != 0; b &= b - 1 {
			t, _ := g.targets(Square(bits.TrailingZeros64(uint64(b))))
			if t.Empty|t.Replace == 0 && !t.Goal {
				continue
			}
			found = true
			if t.Goal {
				goals++
				if firstGoal {
					return 1, landings
				}
			}
			landings += t.Empty.Len() + t.Replace.Len()
		}
		if found {
			return goals, landings
		}
	}
	return 0, 0
}

// PieceMoves is one movable piece's moves as sets: it may enter the goal
// (Goal), stop on an empty square (Empty), or stop on an occupied one
// (Replace) and drop the piece there on any square of Drops.
type PieceMoves struct {
	From Square
	Targets
	Drops SquareSet
}

// MoveSets appends to dst, for each piece the side to move may move now
// (the active row's, in the order of Moves), its moves as sets: the same
// moves as Moves, without listing every drop. It appends nothing when the
// side must pass or the game is over.
func (p Position) MoveSets(dst []PieceMoves) []PieceMoves {
	return new(Scratch).MoveSets(p, dst)
}

// moveSets is MoveSets of g's position, a game in play.
func (g *gen) moveSets(dst []PieceMoves) []PieceMoves {
	for i := range Size {
		n := len(dst)
		for b := g.occ & rowMask(rowOrder(g.s.mover, i)); b != 0; b &= b - 1 {
			from := Square(bits.TrailingZeros64(uint64(b)))
			if t, drops := g.targets(from); t.Empty|t.Replace != 0 || t.Goal {
				dst = append(dst, PieceMoves{From: from, Targets: t, Drops: drops})
			}
		}
		if len(dst) > n {
			return dst
		}
	}
	return dst
}
