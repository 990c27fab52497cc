package gyges

import (
	"slices"
	"testing"
)

// Each case is one rule of rules/GYGES.md on a hand-built board; the
// expected sets were worked out by hand from the rulebook.
func TestTargets(t *testing.T) {
	tests := []struct {
		name, pos, from string
		empty, replace  string // squares, space-separated
		goal            bool
	}{
		{"run of one", "....../....../..1.../....../....../...... S", "c3",
			"b3 c2 c4 d3", "", false},
		{"run of two turns", "....../....../..2.../....../....../...... S", "c3",
			"a3 b2 b4 c1 c5 d2 d4 e3", "", false},
		{"run of three turns", "....../....../..3.../....../....../...... S", "c3",
			"a2 a4 b1 b3 b5 c2 c4 c6 d1 d3 d5 e2 e4 f3", "", false},
		{"squares passed through must be empty", "2...../1...../....../....../....../...... S", "a1",
			"b2 c1", "", false},
		{"bounce takes the size of the piece landed on", "..1.../..2.../....../....../....../...... S", "c1",
			"a2 b1 b3 c4 d1 d3 e2", "c2", false},
		{"bounces chain", "1...../1...../1...../....../....../...... S", "a1",
			"a4 b1 b2 b3", "a2 a3", false},
		{"bounce must complete its run", "1...../31..../1...../....../....../...... S", "a1",
			"b1", "a2", false},
		{"edge rule spans bounces", "1...../1...../....../....../....../...... S", "a1",
			"a3 b1 b2", "a2", false},
		{"square revisited by another boundary", ".2..../....../.3..../....../....../...... S", "b1",
			"a1 a2 a3 a5 b2 b4 b6 c1 c2 c3 c5 d1 d2 d4 e3", "b3", false},
		{"move ends on its start square", ".2..../..2.../....../....../....../...... S", "b1",
			"a2 b1 b3 c4 d1 d3 e2", "c2", false},
		{"path passes through the start square", ".2..../3.2.../....../....../....../...... S", "b1",
			"a3 a5 b1 b2 b3 b4 c1 c3 c4 d1 d3 e2", "a2 c2", false},
		{"replace in the mover's own row", startFEN, "c1",
			"a2 b3 c2 d2 e3 f2", "b1 d1 e1", false},
		{"goal needs the exact count: one short", "....../....../....../....../..1.../...... S", "c5",
			"b5 c4 c6 d5", "", false},
		{"goal needs the exact count: exact", "....../....../....../....../..2.../...... S", "c5",
			"a5 b4 b6 c3 d4 d6 e5", "", true},
		{"goal is never passed through", "....../....../....../....../....../..2... S", "c6",
			"a6 b5 c4 d5 e6", "", true},
		{"own goal is never entered", "..1.../....../....../....../....../...... S", "c1",
			"b1 c2 d1", "", false},
		{"North enters South's goal", "..1.../....../....../....../....../...... N", "c1",
			"b1 c2 d1", "", true},
		{"goal after a bounce", "....../....../....../..1.../..2.../...... S", "c4",
			"a5 b4 b6 c3 d4 d6 e5", "c5", true},
		{"nodisplace never replaces", "..1.../..2.../....../....../....../...... S nodisplace", "c1",
			"a2 b1 b3 c4 d1 d3 e2", "", false},
		{"piece outside the active row has no targets", startFEN, "c6",
			"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			got := p.Targets(mustSquare(t, tt.from))
			want := Targets{mustSet(t, tt.empty), mustSet(t, tt.replace), tt.goal}
			if got != want {
				t.Errorf("Targets(%s) in %s = {%s | %s | goal %v}, want {%s | %s | goal %v}",
					tt.from, tt.pos, got.Empty, got.Replace, got.Goal, want.Empty, want.Replace, want.Goal)
			}
		})
	}
}

// Drops follow "Landing on a piece: replace": any empty square but those
// behind the opponent's active row, measured at drop time.
func TestDrops(t *testing.T) {
	tests := []struct {
		name, pos, from, to string
		count               int
		in, out             string // squares that must, and must not, be drops
	}{
		{"opponent's home row full: anywhere", startFEN, "c1", "b1",
			25, "c1 a2 f5 c5", "b1 a1 d6"},
		{"opponent's home row emptied", "..12../....../....../....../..3.../...... S", "c1", "d1",
			28, "c1 a5 f5", "a6 c6 d1 c5"},
		{"drop time: the mover holds the opponent's row", "....../....../..2.../.....3/..1.../...... S", "c3", "c5",
			28, "c3 a5 f5 a4", "a6 c5 f4"},
		{"North: nothing behind South's row", "....../..1.../.....3/..2.../....../...... N", "c4", "c2",
			28, "c4 a2 f2", "a1 c2 f3"},
		{"nodisplace: no replace at all", startFEN + " nodisplace", "c1", "b1",
			0, "", "c1"},
		{"not a target", startFEN, "c1", "a1",
			0, "", "c1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			got := p.Drops(mustSquare(t, tt.from), mustSquare(t, tt.to))
			if got.Len() != tt.count {
				t.Errorf("Drops(%s, %s) = %s (%d squares), want %d squares", tt.from, tt.to, got, got.Len(), tt.count)
			}
			for _, s := range sortedFields(tt.in) {
				if !got.Has(mustSquare(t, s)) {
					t.Errorf("Drops(%s, %s) = %s, want it to hold %s", tt.from, tt.to, got, s)
				}
			}
			for _, s := range sortedFields(tt.out) {
				if got.Has(mustSquare(t, s)) {
					t.Errorf("Drops(%s, %s) = %s, want it without %s", tt.from, tt.to, got, s)
				}
			}
		})
	}
}

// The active row and its fallback (rulebook, Which pieces may move).
func TestActiveRow(t *testing.T) {
	tests := []struct {
		name, pos string
		row       int // 0-based, -1 for a pass
		movable   string
	}{
		{"South starts on row 1", startFEN, 0, "a1 b1 c1 d1 e1 f1"},
		{"North starts on row 6", "321123/....../....../....../....../321123 N", 5, "a6 b6 c6 d6 e6 f6"},
		{"nearest non-empty row", "....../....../..1.../...2../....../...... S", 2, "c3"},
		{"pieces belong to nobody", "....../....../..1.../...2../....../...... N", 3, "d4"},
		{"fallback when the row is stuck", "223322/111133/....../....../....../...... S", 1, "a2 b2 c2 d2 e2 f2"},
		{"fallback for North", "....../....../....../....../111133/223322 N", 4, "a5 b5 c5 d5 e5 f5"},
		{"fallback in nodisplace", "223322/111133/....../....../....../...... S nodisplace", 1, "a2 b2 c2 d2 e2 f2"},
		{"no piece at all: pass", "....../....../....../....../....../...... S", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			row, ok := p.ActiveRow()
			if !ok {
				row = -1
			}
			if row != tt.row || ok != (tt.row >= 0) {
				t.Errorf("ActiveRow(%s) = %d, %v, want %d", tt.pos, row, ok, tt.row)
			}
			if got := p.Movable(); got != mustSet(t, tt.movable) {
				t.Errorf("Movable(%s) = %s, want %s", tt.pos, got, tt.movable)
			}
		})
	}
}

// Whole move lists for small positions.
func TestMoves(t *testing.T) {
	tests := []struct {
		name, pos, want string
	}{
		{"lone piece", "....../....../..1.../....../....../...... S", "c3-b3 c3-c2 c3-c4 c3-d3"},
		{"nodisplace: a dead bounce is no move", "1...../31..../1...../....../....../...... S nodisplace", "a1-b1"},
		{"end on the start square", ".2..../..2.../....../....../....../...... S nodisplace",
			"b1-a2 b1-b1 b1-b3 b1-c4 b1-d1 b1-d3 b1-e2"},
		{"goal moves", "....../....../....../....../....../..1... S", "c6-G c6-b6 c6-c5 c6-d6"},
		{"pass when no piece can move", "....../....../....../....../....../...... S", "pass"},
		{"no moves once the game is over", "....../....../....../....../....../..1... S#", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			got := moveStrings(p.Moves(nil))
			if want := sortedFields(tt.want); !slices.Equal(got, want) {
				t.Errorf("Moves(%s) = %v, want %v", tt.pos, got, want)
			}
			if n := p.CountMoves(); n != len(got) {
				t.Errorf("CountMoves(%s) = %d, want %d", tt.pos, n, len(got))
			}
		})
	}
}

func TestMoveCountsAtStart(t *testing.T) {
	p := mustPosition(t, startFEN)
	var plain, replace int
	for _, m := range p.Moves(nil) {
		if m.IsReplace() {
			replace++
		} else {
			plain++
		}
	}
	if plain != 24 || replace != 200 {
		t.Errorf("Moves(start) = %d plain + %d replace, want 24 + 200", plain, replace)
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name, pos, move, want string
	}{
		{"plain", startFEN, "c1-c2", "32.123/..1.../....../....../....../321123 N"},
		{"replace", startFEN, "c1-b1:c3", "31.123/....../..2.../....../....../321123 N"},
		{"replace dropping on the vacated start", startFEN, "c1-b1:c1", "312123/....../....../....../....../321123 N"},
		{"end on the start square keeps the piece", ".2..../..2.../....../....../....../...... S", "b1-b1",
			".2..../..2.../....../....../....../...... N"},
		{"goal wins", "....../....../....../....../..2.../...... S", "c5-G", "....../....../....../....../....../...... S#"},
		{"pass", "....../....../....../....../....../...... N", "pass", "....../....../....../....../....../...... S"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			if err := p.Play(mustMove(t, tt.move)); err != nil {
				t.Fatalf("Play(%s) in %s: %v", tt.move, tt.pos, err)
			}
			if got := p.String(); got != tt.want {
				t.Errorf("Play(%s) in %s gives %s, want %s", tt.move, tt.pos, got, tt.want)
			}
		})
	}
}
