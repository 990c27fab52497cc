package gyges

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// mirror maps squares and whole positions through a symmetry of the board.
type mirror struct {
	name   string
	square func(Square) Square
	swap   bool // the symmetry exchanges South and North
}

var mirrors = []mirror{
	{"left-right", func(s Square) Square { return SquareAt(Size-1-s.Col(), s.Row()) }, false},
	{"north-south", func(s Square) Square { return SquareAt(s.Col(), Size-1-s.Row()) }, true},
}

func (mr mirror) position(p Position) Position {
	q := Position{}.WithVariant(p.Variant()).WithSide(p.Side())
	if mr.swap {
		q = q.WithSide(p.Side().Opponent())
	}
	for s := Square(0); s < NumSquares; s++ {
		q = q.WithPiece(mr.square(s), p.Piece(s))
	}
	return q
}

func (mr mirror) move(m Move) Move {
	f := func(s Square) Square {
		if s.OnBoard() {
			return mr.square(s)
		}
		return s // Goal stays the mover's target goal; NoSquare stays
	}
	return Move{f(m.From), f(m.To), f(m.Drop)}
}

func TestMirroredPositionsMirrorMoves(t *testing.T) {
	for _, mr := range mirrors {
		t.Run(mr.name, func(t *testing.T) {
			randomPositions(21, Standard, 200, 40, func(p Position) {
				checkMirror(t, mr, p)
			})
			randomPositions(22, NoDisplace, 200, 40, func(p Position) {
				checkMirror(t, mr, p)
			})
		})
	}
}

func checkMirror(t *testing.T, mr mirror, p Position) {
	t.Helper()
	var want []Move
	for _, m := range p.Moves(nil) {
		want = append(want, mr.move(m))
	}
	q := mr.position(p)
	if got, w := moveStrings(q.Moves(nil)), moveStrings(want); !slices.Equal(got, w) {
		t.Errorf("Moves(%s) = %d moves, want the %d mirrored moves of %s", q, len(got), len(w), p)
	}
}

func TestApplyUndoRestores(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for game := range 20 {
		g := NewGame(Variant(game % 2))
		for _, l := range []Layout{RandomLayout(r), RandomLayout(r)} {
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		var history []Position
		for g.Phase() == Playing && len(history) < 60 {
			before := g.Position()
			moves := before.Moves(nil)
			for _, m := range moves[:min(len(moves), 8)] {
				g.Apply(m)
				if err := g.Undo(); err != nil {
					t.Fatalf("Undo after %s: %v", m, err)
				}
				if got := g.Position(); got != before {
					t.Fatalf("Apply(%s) then Undo in %s gives %s", m, before, got)
				}
			}
			history = append(history, before)
			g.Apply(moves[r.IntN(len(moves))])
		}
		for i := len(history) - 1; i >= 0; i-- {
			if err := g.Undo(); err != nil {
				t.Fatalf("Undo to ply %d: %v", i, err)
			}
			if got := g.Position(); got != history[i] {
				t.Fatalf("Undo to ply %d = %s, want %s", i, got, history[i])
			}
		}
	}
}

// Every generated move has a witness path that a step-by-step walk
// accepts, and damaged paths are refused.
func TestWitnessPaths(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		randomPositions(31+uint64(v), v, 150, 50, func(p Position) {
			for i, m := range p.Moves(nil) {
				if m.IsReplace() && m.Drop != firstDrop(p, m) {
					continue // one drop per (from, to) is enough: the path ignores it
				}
				path, err := p.Path(m)
				if err != nil {
					t.Fatalf("Path(%s) in %s: %v", m, p, err)
				}
				if err := p.CheckPath(m, path); err != nil {
					t.Fatalf("CheckPath(%s, %s) in %s: %v", m, path, p, err)
				}
				if i%5 == 0 && len(path) > 1 {
					checkDamagedPaths(t, p, m, path)
				}
			}
		})
	}
}

func firstDrop(p Position, m Move) Square {
	return p.Drops(m.From, m.To).Squares(nil)[0]
}

func checkDamagedPaths(t *testing.T, p Position, m Move, path Path) {
	t.Helper()
	short := path[:len(path)-1]
	if p.CheckPath(m, short) == nil {
		t.Errorf("CheckPath(%s, %s) in %s = nil, want an error for a truncated path", m, short, p)
	}
	flipped := slices.Clone(path)
	flipped[len(flipped)-1].Bounce = !flipped[len(flipped)-1].Bounce
	if err := p.CheckPath(m, flipped); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("CheckPath(%s, %s) in %s = %v, want ErrIllegalMove", m, flipped, p, err)
	}
}

// Legal accepts exactly the generated moves, also for random candidates.
func TestLegalMatchesMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	randomPositions(41, Standard, 120, 40, func(p Position) {
		moves := p.Moves(nil)
		for _, m := range moves {
			if err := p.Legal(m); err != nil {
				t.Fatalf("Legal(%s) in %s: %v", m, p, err)
			}
		}
		for range 200 {
			m := Move{Square(r.IntN(37)), Square(r.IntN(37)), Square(r.IntN(38) - 1)}
			err := p.Legal(m)
			if legal := slices.Contains(moves, m); legal != (err == nil) {
				t.Fatalf("Legal(%s) in %s = %v, but Moves has it: %v", m, p, err, legal)
			}
			if err != nil && !errors.Is(err, ErrIllegalMove) {
				t.Fatalf("Legal(%s) in %s = %v, want ErrIllegalMove", m, p, err)
			}
		}
	})
}

// The board's queries (Movable, Targets, Drops) describe the same moves
// as Moves, and CountMoves counts them.
func TestQueriesMatchMoves(t *testing.T) {
	randomPositions(51, Standard, 300, 40, func(p Position) {
		var moves []Move
		for _, from := range p.Movable().Squares(nil) {
			tg := p.Targets(from)
			if tg.Goal {
				moves = append(moves, GoalMove(from))
			}
			for _, to := range tg.Empty.Squares(nil) {
				moves = append(moves, PlainMove(from, to))
			}
			for _, to := range tg.Replace.Squares(nil) {
				for _, d := range p.Drops(from, to).Squares(nil) {
					moves = append(moves, ReplaceMove(from, to, d))
				}
			}
		}
		want := p.Moves(nil)
		if got := moveStrings(moves); !slices.Equal(got, moveStrings(want)) {
			t.Errorf("queries in %s give %d moves, Moves gives %d", p, len(got), len(want))
		}
		if n := p.CountMoves(); n != len(want) {
			t.Errorf("CountMoves(%s) = %d, want %d", p, n, len(want))
		}
	})
}

// AllTargets gives, piece by piece, what Movable and Targets give.
func TestAllTargetsMatchesPieceQueries(t *testing.T) {
	n := 0
	randomPositions(21, Standard, 300, 40, func(p Position) {
		n++
		all := p.AllTargets(nil)
		var movable SquareSet
		for _, pt := range all {
			movable |= bit(pt.From)
			if want := p.Targets(pt.From); pt.Targets != want {
				t.Fatalf("%v: AllTargets for %v = %+v, Targets = %+v", p, pt.From, pt.Targets, want)
			}
		}
		if movable != p.Movable() {
			t.Fatalf("%v: AllTargets pieces %v, Movable %v", p, movable, p.Movable())
		}
	})
	if n == 0 {
		t.Fatal("no positions visited")
	}
}
