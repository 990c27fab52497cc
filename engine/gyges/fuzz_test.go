package gyges

import (
	"math/rand/v2"
	"testing"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{startFEN, startFEN + " nodisplace", "....../....../....../....../....../...... N#",
		"1/321123/....../....../....../....../321123 S", "321123/....../....../ S", "321123/..é.../....../....../....../321123 S"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		back, err := ParsePosition(p.String())
		if err != nil || back != p {
			t.Fatalf("ParsePosition(%q) = %s, which parses back as %s, %v", s, p, back, err)
		}
		if n, moves := p.CountMoves(), p.Moves(nil); n != len(moves) {
			t.Fatalf("CountMoves(%s) = %d, Moves has %d", p, n, len(moves))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c1-c3", "c1-d4:a3", "c5-G", "pass", "c1-G:a1", "a1-", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMove(%q).String() = %q", s, m)
		}
		p := Position{}.WithPiece(m.From, 1)
		_ = p.Legal(m) // must not panic on any parsed move
	})
}

func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{"321123", "111222", "32112", "3211234"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLayout(s)
		if err == nil && l.String() != s {
			t.Fatalf("ParseLayout(%q).String() = %q", s, l)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"GYGES\n321123 123321 c1-c2 a6-a5", "GYGES nodisplace\n", "GYGES\n321123 123321 c1-b1:c3 pass",
		"GYGES\r\n321123\t123321", "GYRE 7x14\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecord(s)
		if err != nil {
			return
		}
		back, err := ParseRecord(g.String())
		if err != nil || back.String() != g.String() || back.Position() != g.Position() {
			t.Fatalf("ParseRecord(%q) = %q, which replays as %v, %v", s, g, back, err)
		}
	})
}

// FuzzPlayout plays seeded random games through Game.Play and checks the
// invariants on the way: no piece is lost, every position and the record
// survive a notation round trip, and undo goes back to the empty board.
func FuzzPlayout(f *testing.F) {
	f.Add(uint64(1), uint8(40), false)
	f.Add(uint64(2), uint8(200), true)
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8, nodisplace bool) {
		r := rand.New(rand.NewPCG(seed, seed>>1))
		v := Standard
		if nodisplace {
			v = NoDisplace
		}
		g := NewGame(v)
		for _, l := range []Layout{RandomLayout(r), RandomLayout(r)} {
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		for range plies {
			moves := g.Position().Moves(nil)
			if len(moves) == 0 {
				break
			}
			if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
				t.Fatalf("Play in %s: %v", g.Position(), err)
			}
			checkPieces(t, g.Position())
		}
		back, err := ParseRecord(g.String())
		if err != nil || back.Position() != g.Position() {
			t.Fatalf("ParseRecord(%q) = %v, %v, want %s", g, back, err, g.Position())
		}
		for g.Undo() == nil {
		}
		if g.Position() != (Position{variant: v}) {
			t.Fatalf("undoing everything leaves %s", g.Position())
		}
	})
}

// checkPieces checks that a position of a real game keeps its twelve
// pieces, four of each size, one fewer once a piece has entered a goal.
func checkPieces(t *testing.T, p Position) {
	t.Helper()
	var count [4]int
	for s := Square(0); s < NumSquares; s++ {
		count[p.Piece(s)]++
	}
	total := count[1] + count[2] + count[3]
	_, over := p.Winner()
	if count[1] > 4 || count[2] > 4 || count[3] > 4 || (over && total != 11) || (!over && total != 12) {
		t.Fatalf("%s has pieces %v by size, over %v", p, count[1:], over)
	}
	back, err := ParsePosition(p.String())
	if err != nil || back != p {
		t.Fatalf("ParsePosition(%s) = %s, %v", p, back, err)
	}
}
