package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// gygesGame replays a record (header, setups, moves).
func gygesGame(t *testing.T, record string) *gyges.Game {
	t.Helper()
	g, err := gyges.ParseRecord(record)
	if err != nil {
		t.Fatalf("ParseRecord(%q): %v", record, err)
	}
	return g
}

func gygesThink(t *testing.T, b *GygesBot, g *gyges.Game) gyges.Move {
	t.Helper()
	m, err := b.Think(context.Background(), g, nil)
	if err != nil {
		t.Fatalf("%v.Think: %v", b, err)
	}
	p := g.Position()
	if err := p.Play(m); err != nil {
		t.Fatalf("%v chose an illegal move %v: %v", b, m, err)
	}
	return m
}

// opponentCanWin reports whether, after m, the opponent has a goal move.
func opponentCanWin(p gyges.Position, m gyges.Move) bool {
	p.Apply(m)
	if _, over := p.Winner(); over {
		return false
	}
	for _, reply := range p.Moves(nil) {
		if reply.IsGoal() {
			return true
		}
	}
	return false
}

func TestEncodeDecode(t *testing.T) {
	p := gygesStart(t)
	for _, m := range append(p.Moves(nil), gyges.Pass, gyges.GoalMove(33)) {
		if got := decode(encode(m)); got != m {
			t.Errorf("decode(encode(%v)) = %v", m, got)
		}
	}
}

func gygesStart(t *testing.T) gyges.Position {
	t.Helper()
	p, err := gyges.ParsePosition("321123/....../....../....../....../321123 S")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func gygesPosition(t testing.TB, s string) gyges.Position {
	t.Helper()
	p, err := gyges.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func gygesMove(t *testing.T, b *GygesBot, p gyges.Position) gyges.Move {
	t.Helper()
	m, err := b.Move(context.Background(), p, nil)
	if err != nil {
		t.Fatalf("%v.Move(%v): %v", b, p, err)
	}
	if err := p.Legal(m); err != nil {
		t.Fatalf("%v chose an illegal move %v in %v: %v", b, m, p, err)
	}
	return m
}

// winsInTwoGyges reports whether after m the opponent cannot stop a goal
// move: every reply leaves the mover one (or m itself wins).
func winsInTwoGyges(p gyges.Position, m gyges.Move) bool {
	p.Apply(m)
	if _, over := p.Winner(); over {
		return true
	}
	for _, reply := range p.Moves(nil) {
		q := p
		q.Apply(reply)
		if _, over := q.Winner(); over {
			return false
		}
		found := false
		for _, next := range q.Moves(nil) {
			if next.IsGoal() {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// safe: after m the opponent cannot enter the goal at once.
func safe(p gyges.Position, m gyges.Move) bool { return !opponentCanWin(p, m) }

func TestGygesTactics(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		check  func(p gyges.Position, m gyges.Move) bool
		levels []Level
	}{
		{"south enters the goal", "....../....../....../....../..2.../3....3 S",
			func(_ gyges.Position, m gyges.Move) bool { return m.IsGoal() }, Levels},
		{"north enters the goal", "3....3/..2.../....../....../....../...... N",
			func(_ gyges.Position, m gyges.Move) bool { return m.IsGoal() }, Levels},
		{"south blocks c1", "2...../..2.../....../....../....../...... S", safe, Levels},
		// Found by random play and checked by brute force: positions where
		// only a few moves stop the opponent's goal move, and positions
		// with a win in two that is not a win in one.
		{"defend 1", "...123/....../..32../1.3.2./.3.1.2/.....1 S", safe, Levels},
		{"defend 2", "....2./.2...3/..13.3/3.2.2./.1.1../...1.. N", safe, Levels},
		{"defend 3", "...3../....../..12.3/2.2.23/...1../.13.1. N", safe, Levels},
		{"defend 4", "....../....../.3..21/222.13/3.3.11/...... S", safe, Levels},
		{"defend 5", "....3./2...1./22..1./..1332/....3./....1. S", safe, Levels},
		{"win in two 1", "...123/....../..3.../1...2./.2.1.2/.3..13 N", winsInTwoGyges, []Level{Medium, Hard}},
		{"win in two 2", "....../....../....21/222.13/33..11/3..... S", winsInTwoGyges, []Level{Medium, Hard}},
		{"win in two 3", "12...1/2...3./....../...3.2/....3./1213.. N", winsInTwoGyges, []Level{Medium, Hard}},
		{"win in two 4", "....31/2...1./22..../..1332/....3./...1.. S", winsInTwoGyges, []Level{Medium, Hard}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := gygesPosition(t, tc.pos)
			for _, level := range tc.levels {
				// Easy draws among its moves, so it gets several seeds;
				// the searching levels are deterministic.
				seeds := uint64(1)
				if level == Easy {
					seeds = 4
				}
				for seed := uint64(1); seed <= seeds; seed++ {
					b := NewGyges(level, seed)
					b.Nodes = 10_000
					if m := gygesMove(t, b, p); !tc.check(p, m) {
						t.Errorf("%v seed %d plays %v in %v", b, seed, m, tc.pos)
					}
				}
			}
		})
	}
}

func TestGygesSetup(t *testing.T) {
	for _, level := range Levels {
		g := gyges.NewGame(gyges.Standard)
		b := NewGyges(level, 3)
		for i := 0; i < 2; i++ {
			l, err := b.Setup(context.Background(), g, nil)
			if err != nil {
				t.Fatalf("%v setup %d: %v", b, i, err)
			}
			if err := g.Setup(l); err != nil {
				t.Fatalf("%v chose an illegal layout %v: %v", b, l, err)
			}
		}
		if g.Phase() != gyges.Playing {
			t.Errorf("after two setups by %v the game is in %v", b, g.Phase())
		}
		if _, err := b.Setup(context.Background(), g, nil); err == nil {
			t.Errorf("%v.Setup during play succeeded", b)
		}
	}
	if len(allLayouts) != 90 {
		t.Errorf("%d layouts, want 6!/(2!2!2!) = 90", len(allLayouts))
	}
}

// A short match with fixed budgets: Hard must beat Easy. Longer
// tournaments run through `gygy-lab tournament`.
func TestGygesHardBeatsEasy(t *testing.T) {
	hardWins := 0
	const games = 2
	for i := 0; i < games; i++ {
		g := gyges.NewGame(gyges.Standard)
		hard, easy := NewGyges(Hard, uint64(i)), NewGyges(Easy, uint64(i))
		hard.Nodes = 800
		south, north := hard, easy
		if i%2 == 1 {
			south, north = easy, hard
		}
		for _, b := range []*GygesBot{south, north} {
			l, _ := b.Setup(context.Background(), g, nil)
			if err := g.Setup(l); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < 200 && g.Phase() == gyges.Playing; ply++ {
			b := south
			if g.Position().Side() == gyges.North {
				b = north
			}
			m, err := b.Think(context.Background(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("%v: %v", b, err)
			}
		}
		if w, over := g.Winner(); over && (w == gyges.South) == (i%2 == 0) {
			hardWins++
		}
	}
	if hardWins < games-1 {
		t.Errorf("Hard won %d of %d games against Easy, want at least %d", hardWins, games, games-1)
	}
}

func TestGygesBotGameOver(t *testing.T) {
	p := gygesPosition(t, "....../....../....../....../..2.../3....3 S")
	p.Apply(gyges.GoalMove(gyges.SquareAt(2, 4)))
	if _, err := NewGyges(Hard, 1).Move(context.Background(), p, nil); err != ErrGameOver {
		t.Errorf("Move on a finished game = %v, want ErrGameOver", err)
	}
}

func TestGygesBotAnswersAfterTheDeadline(t *testing.T) {
	p := gygesStart(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, level := range Levels {
		m, err := NewGyges(level, 1).Move(ctx, p, nil)
		if err != nil || p.Legal(m) != nil {
			t.Errorf("%v with a done context = %v, %v; want a legal move", level, m, err)
		}
	}
}

// The hash kept move by move equals the hash computed from scratch, along
// random games with replaces; a goal move ends them.
func TestGygesHashFollowsTheMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for game := 0; game < 40; game++ {
		pos := newGygesPos(gygesStart(t))
		for ply := 0; ply < 60 && !pos.Over(); ply++ {
			moves := pos.Moves(nil)
			pos.Play(moves[rng.IntN(len(moves))])
			if want := zobrist(&pos.p); pos.Hash() != want {
				t.Fatalf("game %d ply %d: hash %x after the moves, %x from scratch in %v", game, ply, pos.Hash(), want, pos.p)
			}
		}
	}
}

// The search's moves are the position's moves, goal moves first, then
// plain moves, then replaces, each kind in the position's order.
func TestGygesMovesByKind(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	kind := func(m gyges.Move) int {
		switch {
		case m.IsGoal():
			return 0
		case !m.IsReplace():
			return 1
		}
		return 2
	}
	for game := 0; game < 40; game++ {
		pos := newGygesPos(gygesStart(t))
		for ply := 0; ply < 60 && !pos.Over(); ply++ {
			var want []search.Move
			for k := 0; k < 3; k++ {
				for _, m := range pos.p.Moves(nil) {
					if kind(m) == k {
						want = append(want, encode(m))
					}
				}
			}
			got := pos.Moves(nil)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d, %v: moves %v, want %v", game, ply, pos.p, got, want)
			}
			pos.Play(got[rng.IntN(len(got))])
		}
	}
}

// Hard orders the root's moves by the work they took and reduces the
// late ones, which is what lets it finish depth 7 on the rulebook's start
// in the browser's budget: 480k nodes with the hand evaluation (520k with
// the learned one Hard now has), where the same search without them
// needed 2.6M. The count depends on no clock.
func TestGygesHardReachesDepthSevenOnTheStart(t *testing.T) {
	root := newGygesPos(gygesPosition(t, "321123/....../....../....../....../321123 S"))
	root.memo.weights = gygesEvalWeights(Hard, nil) // Hard's evaluation
	cfg := gygesABConfig(Hard, nil, nil, safeMoves(root, root.Moves(nil)))
	if !cfg.RootOrder || !cfg.RootReduce {
		t.Fatalf("Hard's search: RootOrder %v, RootReduce %v; want both", cfg.RootOrder, cfg.RootReduce)
	}
	if medium := gygesABConfig(Medium, nil, nil, nil); medium.RootOrder || medium.RootReduce {
		t.Errorf("Medium's search orders or reduces the root's moves: it keeps its measured search")
	}
	ab := search.NewAlphaBeta[gygesPos](root, cfg)
	res, err := ab.Search(context.Background(), search.Limits{Depth: 7, Nodes: 600_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth < 7 {
		t.Errorf("Hard on the rulebook's start: depth %d in %d nodes, want depth 7 within 600,000", res.Depth, res.Nodes)
	}
}
