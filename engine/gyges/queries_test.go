package gyges

import (
	"slices"
	"testing"
)

func TestPieceSet(t *testing.T) {
	l := PieceSet()
	if _, err := ParseLayout(l.String()); err != nil {
		t.Errorf("PieceSet() = %s, not a legal layout: %v", l, err)
	}
	for i := 1; i < len(l); i++ {
		if l[i] < l[i-1] {
			t.Errorf("PieceSet() = %s, want the smallest first", l)
		}
	}
}

func TestHomeRow(t *testing.T) {
	for _, tt := range []struct {
		sd   Side
		want int
	}{{South, 0}, {North, 5}} {
		if got := tt.sd.HomeRow(); got != tt.want {
			t.Errorf("%s.HomeRow() = %d, want %d", tt.sd, got, tt.want)
		}
	}
	// The home row is where a setup puts the pieces.
	p := StartPosition(PieceSet(), PieceSet(), Standard)
	for _, sd := range []Side{South, North} {
		for col := range Size {
			if p.Piece(SquareAt(col, sd.HomeRow())) == 0 {
				t.Errorf("%s's home row %d is empty at column %d after the setup", sd, sd.HomeRow()+1, col)
			}
		}
	}
}

func TestDestsExamples(t *testing.T) {
	tests := []struct {
		name    string
		pos     string
		row     int
		movable string
	}{
		{"start", startFEN, 0, "a1 b1 c1 d1 e1 f1"},
		{"north to move", "321123/....../....../....../....../321123 N", 5, "a6 b6 c6 d6 e6 f6"},
		{"empty board passes", "....../....../....../....../....../...... S", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPosition(t, tt.pos).Dests()
			if d.Row != tt.row {
				t.Errorf("Dests().Row = %d, want %d", d.Row, tt.row)
			}
			if got, want := d.Movable(), mustSet(t, tt.movable); got != want {
				t.Errorf("Dests().Movable() = %v, want %v", got, want)
			}
		})
	}
	over := mustPosition(t, "321123/....../....../....../....../321123 S#")
	if d := over.Dests(); d.Row != -1 || len(d.Pieces) != 0 {
		t.Errorf("Dests() of a finished game = %+v, want nothing", d)
	}
}

// Dests says what Movable, Targets, Drops and Moves say, asked once: a
// board given it offers exactly the legal moves.
func TestDestsAgreeWithTheQueries(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		randomPositions(41, v, 400, 30, func(p Position) {
			d := p.Dests()
			row, ok := p.ActiveRow()
			if !ok {
				row = -1
			}
			if d.Row != row {
				t.Fatalf("%s: Dests().Row = %d, ActiveRow() = %d", p, d.Row, row)
			}
			if d.Movable() != p.Movable() {
				t.Fatalf("%s: Dests().Movable() = %v, Movable() = %v", p, d.Movable(), p.Movable())
			}
			moves := 0
			for s := Square(0); s < NumSquares; s++ {
				pd, ok := d.Of(s)
				if ok != p.Movable().Has(s) {
					t.Fatalf("%s: Dests().Of(%s) ok = %v, Movable has it = %v", p, s, ok, !ok)
				}
				if pd.Targets != p.Targets(s) {
					t.Fatalf("%s: Dests().Of(%s) = %+v, Targets = %+v", p, s, pd.Targets, p.Targets(s))
				}
				for to := Square(0); to < NumSquares; to++ {
					if pd.Replace.Has(to) && pd.Drops != p.Drops(s, to) {
						t.Fatalf("%s: drops of %s replacing %s = %v, Drops = %v", p, s, to, pd.Drops, p.Drops(s, to))
					}
				}
				if pd.Replace == 0 && pd.Drops != 0 {
					t.Fatalf("%s: %s replaces nothing but has drops %v", p, s, pd.Drops)
				}
				moves += pd.Empty.Len() + pd.Replace.Len()*pd.Drops.Len()
				if pd.Goal {
					moves++
				}
			}
			if len(d.Pieces) == 0 {
				moves = 1 // the pass
			}
			if _, over := p.Winner(); !over && moves != p.CountMoves() {
				t.Fatalf("%s: Dests() offers %d moves, CountMoves() = %d", p, moves, p.CountMoves())
			}
		})
	}
}

// BenchmarkDests measures what a board asks once per position, beside
// AllTargets, its search without the drops.
func BenchmarkDests(b *testing.B) {
	var ps []Position
	randomPositions(5, Standard, 200, 30, func(p Position) { ps = append(ps, p) })
	b.Run("Dests", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = ps[i%len(ps)].Dests()
		}
	})
	b.Run("AllTargets", func(b *testing.B) {
		b.ReportAllocs()
		var buf []PieceTargets
		for i := 0; b.Loop(); i++ {
			buf = ps[i%len(ps)].AllTargets(buf[:0])
		}
	})
}

// MoveSets describes exactly the moves of Moves, in its order, on random
// positions of both variants (a pass and a finished game have no sets).
func TestMoveSetsAreTheMoves(t *testing.T) {
	for _, v := range []Variant{Standard, NoDisplace} {
		randomPositions(11, v, 3000, 60, func(p Position) {
			var got []Move
			for _, s := range p.MoveSets(nil) {
				if s.Goal {
					got = append(got, Move{s.From, Goal, NoSquare})
				}
				for _, to := range s.Empty.Squares(nil) {
					got = append(got, Move{s.From, to, NoSquare})
				}
				for _, to := range s.Replace.Squares(nil) {
					for _, d := range s.Drops.Squares(nil) {
						got = append(got, Move{s.From, to, d})
					}
				}
			}
			want := p.Moves(nil)
			if len(want) == 1 && want[0] == Pass {
				want = nil
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%v: move sets give %d moves %v, Moves %d %v", p, len(got), got, len(want), want)
			}
		})
	}
}
