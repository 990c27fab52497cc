package gyges

import (
	"fmt"
	"strings"
)

// Step is one square of a path. Bounce marks a square where a run ended on
// a piece and the mover bounced off it (rulebook, Landing on a piece).
type Step struct {
	Square Square
	Bounce bool
}

// Path is the route of one move, step by step: the start square first,
// then each square entered, the last one being the move's destination (or
// Goal). It is what a board animates.
type Path []Step

// String writes the squares joined by '-', bounce squares marked with '*':
// "c1-c2-d2*-d1-c1", "c5-c6-G".
func (pa Path) String() string {
	var sb strings.Builder
	for i, st := range pa {
		if i > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(st.Square.String())
		if st.Bounce {
			sb.WriteByte('*')
		}
	}
	return sb.String()
}

// Path returns a witness path for a legal move m: one of the routes that
// realise it. It returns an error wrapping ErrIllegalMove if m is illegal,
// and an empty path for Pass.
func (p Position) Path(m Move) (Path, error) {
	if err := p.Legal(m); err != nil {
		return nil, err
	}
	if m == Pass {
		return nil, nil
	}
	f := finder{
		board:    &p.board,
		occ:      p.Occupied() &^ bit(m.From),
		mover:    p.side,
		displace: p.variant != NoDisplace,
		to:       m.To,
		replace:  m.Drop != NoSquare,
	}
	if !f.run(m.From, p.board[m.From], 0) {
		panic("gyges: no path for legal move " + m.String()) // broken invariant
	}
	path := Path{{Square: m.From}}
	for i, w := range f.stack {
		for j, sq := range w.path[:w.n] {
			path = append(path, Step{sq, j == int(w.n)-1 && i < len(f.stack)-1})
		}
	}
	return path, nil
}

// finder is the move search of movegen.go, stopped at the first path that
// reaches one outcome and remembering the runs on the way.
type finder struct {
	board    *[NumSquares]int8
	occ      SquareSet
	mover    Side
	displace bool
	to       Square
	replace  bool
	stack    []*walk
	memo     [NumSquares][]uint64
}

func (f *finder) run(sq Square, n int8, used uint64) bool {
	if f.to == Goal {
		for i, w := range walks.goalRuns(f.mover, sq, n) {
			if w.inter&f.occ == 0 && w.edges&used == 0 {
				f.stack = append(f.stack, &walks.goalRuns(f.mover, sq, n)[i])
				return true
			}
		}
	}
	ws := walks.runsFrom(sq, n)
	for i := range ws {
		w := &ws[i]
		if w.inter&f.occ != 0 || w.edges&used != 0 {
			continue
		}
		f.stack = append(f.stack, w)
		occupied := f.occ.Has(w.end)
		if w.end == f.to && occupied == f.replace {
			return true
		}
		if occupied && f.bounce(w.end, used|w.edges) {
			return true
		}
		f.stack = f.stack[:len(f.stack)-1]
	}
	return false
}

func (f *finder) bounce(sq Square, used uint64) bool {
	for _, u := range f.memo[sq] {
		if u&^used == 0 {
			return false // an earlier bounce here, less constrained, failed or is under way
		}
	}
	f.memo[sq] = append(f.memo[sq], used)
	return f.run(sq, f.board[sq], used)
}

// CheckPath reports whether path is a route, legal in p, that realises the
// legal move m. It re-walks the path step by step, independently of the
// move generator: a client can use it to check a path before animating it.
func (p Position) CheckPath(m Move, path Path) error {
	if err := p.Legal(m); err != nil {
		return err
	}
	if m == Pass {
		if len(path) != 0 {
			return fmt.Errorf("%w: pass has no path, got %s", ErrIllegalMove, path)
		}
		return nil
	}
	if len(path) < 2 || path[0] != (Step{Square: m.From}) {
		return fmt.Errorf("%w: path %s of %s must start on %s and make a step", ErrIllegalMove, path, m, m.From)
	}
	w := walker{p: &p, at: m.From, left: p.board[m.From]}
	w.board = p.board
	w.board[m.From] = 0 // lifted for the whole move (rulebook, Movement)
	for i, st := range path[1:] {
		if err := w.step(st, i == len(path)-2); err != nil {
			return fmt.Errorf("%w: path %s of %s, step %d: %w", ErrIllegalMove, path, m, i+1, err)
		}
	}
	if w.left != 0 || w.at != m.To || (m.Drop != NoSquare) != w.replaced {
		return fmt.Errorf("%w: path %s does not realise %s", ErrIllegalMove, path, m)
	}
	return nil
}

// walker follows a path one step at a time.
type walker struct {
	p        *Position
	board    [NumSquares]int8
	at       Square
	left     int8 // steps left in the current run
	used     uint64
	replaced bool
}

func (w *walker) step(st Step, last bool) error {
	to := st.Square
	if to == Goal {
		goalRow := w.p.side.Opponent().homeRow()
		if !last || w.left != 1 || w.at.Row() != goalRow || st.Bounce {
			return fmt.Errorf("the goal is entered only by the last step of a run, from row %d", goalRow+1)
		}
		w.at, w.left = Goal, 0
		return nil
	}
	if !to.OnBoard() || !adjacent(w.at, to) {
		return fmt.Errorf("%s is not next to %s", to, w.at)
	}
	if w.left == 0 {
		return fmt.Errorf("the move already ended on %s", w.at)
	}
	e := uint64(1) << edgeBetween(w.at, to)
	if w.used&e != 0 {
		return fmt.Errorf("the boundary %s|%s is crossed twice", w.at, to)
	}
	w.used |= e
	w.at = to
	w.left--
	switch {
	case w.left > 0 && (w.board[to] != 0 || st.Bounce):
		return fmt.Errorf("%s is passed through mid-run, so it must be empty and no bounce", to)
	case w.left > 0:
	case st.Bounce && w.board[to] == 0:
		return fmt.Errorf("no piece on %s to bounce off", to)
	case st.Bounce:
		w.left = w.board[to]
	case !last:
		return fmt.Errorf("the move ends on %s but the path goes on", to)
	default:
		w.replaced = w.board[to] != 0
	}
	return nil
}

func adjacent(a, b Square) bool {
	dc, dr := a.Col()-b.Col(), a.Row()-b.Row()
	return dc*dc+dr*dr == 1
}
