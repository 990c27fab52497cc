package puzzles

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// load reads a shipped set from web/.
func load(t *testing.T, game string) Set {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "puzzles-"+game+".json"))
	if err != nil {
		t.Fatalf("the shipped %s puzzles: %v (build them with gygy puzzles)", game, err)
	}
	s, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse(%s) = %v", game, err)
	}
	if s.Game != game {
		t.Fatalf("the %s file holds %s puzzles", game, s.Game)
	}
	if len(s.Puzzles) < 200 {
		t.Errorf("%s: %d puzzles, want at least 200", game, len(s.Puzzles))
	}
	for i := 1; i < len(s.Puzzles); i++ {
		if s.Puzzles[i].Grade < s.Puzzles[i-1].Grade {
			t.Errorf("%s: puzzle %d is easier than the one before", game, i+1)
		}
	}
	return s
}

// TestGyrePuzzlesProved proves every shipped GYRE puzzle again: the side
// to move wins, and the listed stones are exactly the winning ones.
func TestGyrePuzzlesProved(t *testing.T) {
	s := load(t, GameGyre)
	solvers := map[gyre.Size]*solve.Solver{}
	seen := map[string]bool{}
	for _, p := range s.Puzzles {
		if seen[p.Position] {
			t.Errorf("%s: the position is in the set twice", p.ID)
		}
		seen[p.Position] = true
		g, err := p.Gyre()
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		sv := solvers[g.Size()]
		if sv == nil {
			sv, err = solve.New(g.Size(), solve.Config{TableBits: 18})
			if err != nil {
				t.Fatal(err)
			}
			solvers[g.Size()] = sv
		}
		b := g.Board()
		res, err := sv.SolveAll(context.Background(), &b, g.ToMove())
		if err != nil {
			t.Fatalf("%s: SolveAll = %v", p.ID, err)
		}
		var want []string
		for _, c := range res.Winning {
			want = append(want, g.Geometry().CellName(c))
		}
		if !res.Win || !slices.Equal(want, p.Winning) {
			t.Errorf("%s: winning stones %v, the solver says %v", p.ID, p.Winning, want)
		}
		if len(p.Winning) > 3 {
			t.Errorf("%s: %d winning stones, want few", p.ID, len(p.Winning))
		}
	}
}

// TestGygesPuzzlesSearched checks every shipped Gygès puzzle by
// exhaustive search: it is a win in N and not fewer, every listed first
// move wins within N, and no other move does; its line is legal and ends
// in the goal.
func TestGygesPuzzlesSearched(t *testing.T) {
	s := load(t, GameGyges)
	byN := map[int]int{}
	for _, p := range s.Puzzles {
		pos, err := p.Gyges()
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if p.N < 1 || p.N > 3 {
			t.Fatalf("%s: n = %d", p.ID, p.N)
		}
		byN[p.N]++
		if d := Distance(pos, p.N); d != p.N {
			t.Errorf("%s: win in %d, the search says %d", p.ID, p.N, d)
		}
		var want []string
		for _, m := range GygesWinning(pos, p.N) {
			want = append(want, m.String())
		}
		if !slices.Equal(want, p.Winning) {
			t.Errorf("%s: winning moves %v, the search says %v", p.ID, p.Winning, want)
		}
		q := pos
		for i, a := range p.Line {
			m, err := gyges.ParseMove(a)
			if err == nil {
				err = q.Play(m)
			}
			if err != nil {
				t.Fatalf("%s: line move %d %s: %v", p.ID, i+1, a, err)
			}
		}
		if sd, won := q.Winner(); !won || sd != pos.Side() || len(p.Line) != 2*p.N-1 {
			t.Errorf("%s: the line %v does not win in %d for the side to move", p.ID, p.Line, p.N)
		}
	}
	for n := 1; n <= 3; n++ {
		if byN[n] == 0 {
			t.Errorf("no win in %d in the set", n)
		}
	}
}

func TestCheck(t *testing.T) {
	p := Puzzle{ID: "t", Position: "....../....../....../....../..2.../...... S", N: 1, Winning: []string{"c5-G"}, Grade: 1}
	if ok, err := p.Check(mustRead(t, p, GameGyges, "c5-G")); !ok || err != nil {
		t.Errorf("Check(c5-G) = %v, %v; want true", ok, err)
	}
	if ok, err := p.Check(mustRead(t, p, GameGyges, "c5-c3")); ok || err != nil {
		t.Errorf("Check(c5-c3) = %v, %v; want false, nil", ok, err)
	}
	if _, err := p.Check(mustRead(t, p, GameGyges, "c5-c4")); !errors.Is(err, gyges.ErrIllegalMove) {
		t.Errorf("Check(c5-c4) = %v, want ErrIllegalMove", err)
	}
	g := Puzzle{ID: "g", Position: "s...g.../s...g.../......../s...g...", Winning: []string{"c1"}, Grade: 1}
	if ok, err := g.Check(mustRead(t, g, GameGyre, "c1")); !ok || err != nil {
		t.Errorf("Check(c1) = %v, %v", ok, err)
	}
	if _, err := g.Check(mustRead(t, g, GameGyre, "a1")); !errors.Is(err, gyre.ErrIllegalMove) {
		t.Errorf("Check(a1 occupied) = %v, want ErrIllegalMove", err)
	}
}

// Solution gives the first winning move typed, as the boards draw it.
func TestSolution(t *testing.T) {
	p := Puzzle{ID: "t", Position: "....../....../....../....../..2.../...... S", N: 1, Winning: []string{"c5-G", "c5-c3"}, Grade: 1}
	if a, err := p.Solution(GameGyges); err != nil || fmt.Sprint(a) != "c5-G" {
		t.Errorf("Gygès Solution = %v, %v; want c5-G", a, err)
	}
	g := Puzzle{ID: "g", Position: "s...g.../s...g.../......../s...g...", Winning: []string{"c1"}, Grade: 1}
	a, err := g.Solution(GameGyre)
	m, ok := a.(gyre.Move)
	if err != nil || !ok {
		t.Fatalf("GYRE Solution = %v, %v", a, err)
	}
	if gg, _ := g.Gyre(); gg.Geometry().MoveName(m) != "c1" {
		t.Errorf("GYRE Solution = %s, want c1", gg.Geometry().MoveName(m))
	}
	if _, err := (Puzzle{ID: "none"}).Solution(GameGyre); !errors.Is(err, ErrData) {
		t.Errorf("no winning move: %v, want ErrData", err)
	}
}

func TestParseRefuses(t *testing.T) {
	for _, text := range []string{
		`{`,
		`{"game":"chess","puzzles":[]}`,
		`{"game":"gyges","puzzles":[{"id":"x","position":"bad","winning":["c5-G"],"grade":1}]}`,
		`{"game":"gyges","puzzles":[{"id":"x","position":"....../....../....../....../..2.../...... S","winning":["c5-c4"],"grade":1}]}`,
		`{"game":"gyre","puzzles":[{"id":"x","position":"s...g.../s...g.../......../s...g...","winning":[],"grade":1}]}`,
		`{"game":"gyre","puzzles":[{"id":"x","position":"s...g.../s...g.../......../s...g...","winning":["c1"],"grade":9}]}`,
	} {
		if _, err := Parse([]byte(text)); !errors.Is(err, ErrData) {
			t.Errorf("Parse(%s) = %v, want ErrData", text, err)
		}
	}
}

// TestWinInSmall checks the search on positions whose answer is plain.
func TestWinInSmall(t *testing.T) {
	p, _ := gyges.ParsePosition("....../....../....../....../..2.../...... S")
	if !WinIn(p, 1) || Distance(p, 3) != 1 {
		t.Errorf("c5 into the goal: WinIn(1) = %v, Distance = %d", WinIn(p, 1), Distance(p, 3))
	}
	q, _ := gyges.ParsePosition("....../....../..2.../....../....../...... S")
	// The 2 on c3 reaches c5, but then it is in North's active row too:
	// North moves it away, so there is no win in 2 either.
	if WinIn(q, 1) || WinIn(q, 2) {
		t.Errorf("c3: WinIn(1) = %v, WinIn(2) = %v; want false, false", WinIn(q, 1), WinIn(q, 2))
	}
}

// mustRead reads a move of p in notation, as the puzzles' data has it.
func mustRead(t *testing.T, p Puzzle, kind, text string) game.Action {
	t.Helper()
	a, err := p.read(kind, text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
