package search

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// nim is a pile from which each side takes 1, 2 or 3; whoever takes the
// last stone wins. The side to move loses exactly when the pile is a
// multiple of 4, so the winning move is to take pile%4.
type nim struct {
	pile, turn, winner int
	rng                *rand.Rand
}

func newNim(pile int, seed uint64) nim {
	return nim{pile: pile, winner: -1, rng: rand.New(rand.NewPCG(seed, 1))}
}

func (n *nim) Turn() int   { return n.turn }
func (n *nim) Winner() int { return n.winner }
func (n *nim) Over() bool  { return n.winner >= 0 }
func (n *nim) Moves(dst []Move) []Move {
	if n.winner >= 0 {
		return dst
	}
	for take := 1; take <= 3 && take <= n.pile; take++ {
		dst = append(dst, Move(take-1))
	}
	return dst
}
func (n *nim) Play(m Move) {
	n.pile -= int(m) + 1
	if n.pile == 0 {
		n.winner = n.turn
	}
	n.turn = 1 - n.turn
}
func (n *nim) Rollout(amaf []int8) int {
	for n.winner < 0 {
		take := 1 + n.rng.IntN(min(3, n.pile))
		if amaf[take-1] < 0 {
			amaf[take-1] = int8(n.turn)
		}
		n.Play(Move(take - 1))
	}
	return n.winner
}
func (n *nim) Evaluate() int { return 0 }
func (n *nim) Hash() uint64  { return uint64(n.pile)<<1 | uint64(n.turn) }

func TestMCTSSolvesNim(t *testing.T) {
	for _, pile := range []int{5, 6, 7, 9, 10, 11, 13} {
		tree := NewMCTS[nim](newNim(pile, uint64(pile)), MCTSConfig{MoveSpace: 3, Exploration: 0.7})
		tree.Search(context.Background(), Limits{Iterations: 20000})
		got := tree.Root()[0].Move
		if want := Move(pile%4 - 1); got != want {
			t.Errorf("MCTS on a pile of %d takes %d, want %d (root %+v)", pile, got+1, want+1, tree.Root())
		}
		if v := tree.Value(); v < 0.6 {
			t.Errorf("MCTS value of a won pile of %d = %.2f, want > 0.6", pile, v)
		}
	}
}

func TestMCTSIsDeterministicAndResumable(t *testing.T) {
	cfg := MCTSConfig{MoveSpace: 3, Exploration: 0.5, RAVE: 100, ExpandAfter: 2}
	a := NewMCTS[nim](newNim(23, 7), cfg)
	a.Search(context.Background(), Limits{Iterations: 3000})
	b := NewMCTS[nim](newNim(23, 7), cfg)
	for i := 0; i < 30; i++ {
		b.Search(context.Background(), Limits{Iterations: 100}) // in slices
	}
	ra, rb := a.Root(), b.Root()
	if a.Iterations() != 3000 || b.Iterations() != 3000 || len(ra) != len(rb) {
		t.Fatalf("iterations %d and %d, want 3000 each", a.Iterations(), b.Iterations())
	}
	for i := range ra {
		if ra[i] != rb[i] {
			t.Errorf("root move %d: one run %+v, sliced run %+v", i, ra[i], rb[i])
		}
	}
}

func TestMCTSStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tree := NewMCTS[nim](newNim(30, 1), MCTSConfig{MoveSpace: 3})
	if n := tree.Search(ctx, Limits{}); n != 0 {
		t.Errorf("Search on a cancelled context ran %d iterations, want 0", n)
	}
}

func TestMCTSMaxNodes(t *testing.T) {
	tree := NewMCTS[nim](newNim(40, 1), MCTSConfig{MoveSpace: 3, MaxNodes: 50})
	tree.Search(context.Background(), Limits{Iterations: 5000})
	if tree.Nodes() > 50 {
		t.Errorf("tree has %d nodes, cap 50", tree.Nodes())
	}
}

// Reserve only makes room: the search's statistics are the same with
// none, with less than the tree needs, with more than MaxNodes (which
// still caps both the tree and the room made), and in the memory of a
// released tree that searched another position.
func TestMCTSReserveChangesNothing(t *testing.T) {
	cfg := MCTSConfig{MoveSpace: 3, Exploration: 0.5, RAVE: 100, ExpandAfter: 2, MaxNodes: 400}
	plain := NewMCTS[nim](newNim(23, 7), cfg)
	plain.Search(context.Background(), Limits{Iterations: 3000})
	for _, reserve := range []int{10, 400, 1 << 20, 400} {
		c := cfg
		c.Reserve = reserve
		other := NewMCTS[nim](newNim(31, 9), c)
		other.Search(context.Background(), Limits{Iterations: 500})
		other.Release() // its nodes may be the next tree's memory
		tree := NewMCTS[nim](newNim(23, 7), c)
		if room := cap(tree.nodes); room < min(reserve, cfg.MaxNodes) {
			t.Errorf("Reserve %d: room for %d nodes, want %d", reserve, room, min(reserve, cfg.MaxNodes))
		}
		tree.Search(context.Background(), Limits{Iterations: 3000})
		if tree.Nodes() != plain.Nodes() || tree.Nodes() > cfg.MaxNodes {
			t.Errorf("Reserve %d: %d nodes, without it %d (cap %d)", reserve, tree.Nodes(), plain.Nodes(), cfg.MaxNodes)
		}
		if got, want := tree.Root(), plain.Root(); !slices.Equal(got, want) {
			t.Errorf("Reserve %d: root %+v, without it %+v", reserve, got, want)
		}
		tree.Release()
		tree.Release() // a second time does nothing
	}
}

// A tree that reserves room takes the memory of the biggest tree
// released, unless that is more than twice what it asked for: a small
// search (a hint) neither takes nor replaces a big one's memory, which
// the big one's next search finds.
func TestMCTSReserveTakesAReleasedTreesRoom(t *testing.T) {
	big := MCTSConfig{MoveSpace: 3, Reserve: 5000}
	little := MCTSConfig{MoveSpace: 3, Reserve: 10}
	first := NewMCTS[nim](newNim(23, 7), big)
	small := NewMCTS[nim](newNim(23, 7), little)
	memory := &first.nodes[:1][0]
	first.Release()
	small.Release()
	hint := NewMCTS[nim](newNim(5, 1), little)
	if &hint.nodes[:1][0] == memory || cap(hint.nodes) > 2*little.Reserve {
		t.Errorf("a tree reserving %d nodes took room for %d", little.Reserve, cap(hint.nodes))
	}
	next := NewMCTS[nim](newNim(9, 1), big)
	if &next.nodes[:1][0] != memory {
		t.Errorf("a tree reserving %d nodes took new memory (room %d), not the released tree's", big.Reserve, cap(next.nodes))
	}
	hint.Release()
	next.Release()
}

// A simulation expands one node at most, even when ExpandAfter lets a
// leaf grow on its first visit: the tree holds the root's children and
// at most three nodes (a nim node's children) for every later simulation.
func TestMCTSExpandsOneNodeASimulation(t *testing.T) {
	for _, after := range []int{0, 1} {
		tree := NewMCTS[nim](newNim(40, 1), MCTSConfig{MoveSpace: 3, ExpandAfter: after})
		const sims = 20
		tree.Search(context.Background(), Limits{Iterations: sims})
		if most := 1 + 3 + 3*(sims-1); tree.Nodes() > most {
			t.Errorf("ExpandAfter %d: %d nodes after %d simulations, want at most %d", after, tree.Nodes(), sims, most)
		}
	}
}

func TestAlphaBetaSolvesNim(t *testing.T) {
	for pile := 1; pile <= 21; pile++ {
		ab := NewAlphaBeta[nim](newNim(pile, 0), ABConfig{TableBits: 10})
		res, err := ab.Search(context.Background(), Limits{Depth: 25})
		if err != nil {
			t.Fatal(err)
		}
		if pile%4 == 0 {
			if res.Score > -winBound {
				t.Errorf("pile %d: score %d, want a proven loss", pile, res.Score)
			}
			continue
		}
		if want := Move(pile%4 - 1); res.Move != want || res.Score < winBound {
			t.Errorf("pile %d: takes %d with score %d, want %d and a proven win", pile, res.Move+1, res.Score, want+1)
		}
		// The win comes as fast as possible: pile/4 rounds, then one move.
		if want := Win - (2*(pile/4) + 1); res.Score != want {
			t.Errorf("pile %d: score %d, want %d (the fastest win)", pile, res.Score, want)
		}
	}
}

func TestAlphaBetaNodeLimitAndResume(t *testing.T) {
	ab := NewAlphaBeta[nim](newNim(41, 0), ABConfig{TableBits: 10})
	first, _ := ab.Search(context.Background(), Limits{Nodes: 200})
	if first.Nodes > 200 {
		t.Errorf("first slice visited %d nodes, limit 200", first.Nodes)
	}
	var res ABResult
	for i := 0; i < 200 && res.Score < winBound; i++ {
		res, _ = ab.Search(context.Background(), Limits{Nodes: 200})
	}
	if res.Move != 0 || res.Score < winBound {
		t.Errorf("after resuming: move %d score %d depth %d, want take 1 and a proven win", res.Move+1, res.Score, res.Depth)
	}
}

func TestAlphaBetaNoMove(t *testing.T) {
	done := newNim(0, 0)
	done.winner = 1
	if _, err := NewAlphaBeta[nim](done, ABConfig{}).Search(context.Background(), Limits{Depth: 3}); err != ErrNoMove {
		t.Errorf("Search on a finished game = %v, want ErrNoMove", err)
	}
}

func TestAlphaBetaRootMoves(t *testing.T) {
	// From a pile of 6 taking 2 wins; limited to taking 1 or 3, the search
	// must choose among those and see that both lose.
	ab := NewAlphaBeta[nim](newNim(6, 0), ABConfig{TableBits: 10, RootMoves: []Move{0, 2}})
	res, err := ab.Search(context.Background(), Limits{Depth: 12})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move == 1 || res.Score > -winBound {
		t.Errorf("restricted search takes %d with score %d, want 1 or 3 and a proven loss", res.Move+1, res.Score)
	}
}

// take is nim with up to 8 stones a turn (or most, if set): wide enough
// (8 moves) for late moves to be reduced. The side to move loses exactly
// on multiples of 9 (most+1).
type take struct{ pile, turn, most int }

func (g *take) limit() int {
	if g.most > 0 {
		return g.most
	}
	return 8
}

func (g *take) Moves(dst []Move) []Move {
	for n := 1; n <= g.limit() && n <= g.pile; n++ {
		dst = append(dst, Move(n-1))
	}
	return dst
}
func (g *take) Play(m Move)   { g.pile -= int(m) + 1; g.turn ^= 1 }
func (g *take) Over() bool    { return g.pile == 0 }
func (g *take) Evaluate() int { return 0 }
func (g *take) Hash() uint64  { return uint64(g.pile)<<1 | uint64(g.turn) }

// WinsNow: the side to move takes the last stone when few enough are left.
func (g *take) WinsNow() bool { return g.pile >= 1 && g.pile <= g.limit() }

// With the win question at every node and late moves pruned near the
// leaves, the search still proves every pile of a game wide enough to
// prune (30 moves), finds the winning move and the fastest win, and
// never calls a lost pile won.
func TestAlphaBetaWinCheckAndPruningStillSolve(t *testing.T) {
	const most = 30
	for _, c := range []ABConfig{
		{WinCheck: true},
		{Reduce: true, LogReduce: true, PruneLate: true},
		{Reduce: true, LogReduce: true, PruneLate: true, WinCheck: true},
	} {
		name := fmt.Sprintf("win %v prune %v", c.WinCheck, c.PruneLate)
		c.TableBits, c.EvalBits = 14, 8
		for pile := 1; pile <= 3*(most+1)-1; pile++ { // wins within 5 plies
			ab := NewAlphaBeta[take](take{pile: pile, most: most}, c)
			res, err := ab.Search(context.Background(), Limits{Depth: 12})
			if err != nil {
				t.Fatal(err)
			}
			k := most + 1
			switch {
			case pile%k == 0 && res.Score > -winBound:
				t.Errorf("%s pile %d: score %d, want a proven loss", name, pile, res.Score)
			case pile%k != 0 && (res.Move != Move(pile%k-1) || res.Score < winBound):
				t.Errorf("%s pile %d: takes %d with score %d, want %d and a proven win", name, pile, res.Move+1, res.Score, pile%k)
			case pile%k != 0 && res.Score != Win-(2*(pile/k)+1):
				t.Errorf("%s pile %d: score %d, want %d (the fastest win)", name, pile, res.Score, Win-(2*(pile/k)+1))
			}
		}
	}
}

// Late-move pruning cuts a null-window node short: at equal depth it
// visits fewer nodes on a wide game than the search without it.
func TestAlphaBetaPruningVisitsFewerNodes(t *testing.T) {
	nodes := func(prune bool) int {
		ab := NewAlphaBeta[take](take{pile: 200, most: 30}, ABConfig{TableBits: 14, Reduce: true, PruneLate: prune})
		res, err := ab.Search(context.Background(), Limits{Depth: 5})
		if err != nil {
			t.Fatal(err)
		}
		return res.Nodes
	}
	if with, without := nodes(true), nodes(false); with >= without {
		t.Errorf("nodes to depth 5 with PruneLate = %d, without %d: want fewer", with, without)
	}
}

// With and without reductions (of one ply, or growing, and at the root
// too) the search proves
// every pile and takes the winning number of stones.
func TestAlphaBetaReductionsStillSolve(t *testing.T) {
	for _, r := range []struct{ reduce, log, root bool }{{false, false, false}, {true, false, false}, {true, true, false}, {true, true, true}} {
		reduce := fmt.Sprintf("%v (log %v, root %v)", r.reduce, r.log, r.root)
		for pile := 1; pile <= 40; pile++ {
			ab := NewAlphaBeta[take](take{pile: pile}, ABConfig{TableBits: 12, EvalBits: 8, Reduce: r.reduce, LogReduce: r.log, RootOrder: r.root, RootReduce: r.root})
			res, err := ab.Search(context.Background(), Limits{Depth: 20})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case pile%9 == 0 && res.Score > -winBound:
				t.Errorf("reduce=%s pile %d: score %d, want a proven loss", reduce, pile, res.Score)
			case pile%9 != 0 && (res.Move != Move(pile%9-1) || res.Score < winBound):
				t.Errorf("reduce=%s pile %d: takes %d with score %d, want %d and a proven win", reduce, pile, res.Move+1, res.Score, pile%9)
			}
		}
	}
}

// Stop ends the search like a done context, after the first iteration.
func TestAlphaBetaStop(t *testing.T) {
	asked := 0
	stop := func() bool { asked++; return asked > 3 }
	ab := NewAlphaBeta[take](take{pile: 200}, ABConfig{TableBits: 12, Stop: stop})
	res, err := ab.Search(context.Background(), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth < 1 || res.Move < 0 || res.Move > 7 || asked < 4 {
		t.Errorf("stopped search: move %d depth %d after %d questions", res.Move, res.Depth, asked)
	}
	if res.Depth >= 64 {
		t.Errorf("Stop was ignored: depth %d", res.Depth)
	}
}

// With the solver on, small nim piles are proven: the winning take is
// proven to win, and a multiple of 4 is proven lost for the side to move.
func TestMCTSSolverProvesNim(t *testing.T) {
	for _, pile := range []int{5, 6, 7, 8, 9, 12} {
		tree := NewMCTS[nim](newNim(pile, uint64(pile)), MCTSConfig{MoveSpace: 3, Exploration: 0.7, Solver: true})
		tree.Search(context.Background(), Limits{Iterations: 5000})
		want := 1
		if pile%4 == 0 {
			want = -1
		}
		if got := tree.Proven(); got != want {
			t.Errorf("pile %d: Proven() = %d, want %d (root %+v)", pile, got, want, tree.Root())
			continue
		}
		if want == 1 {
			best := tree.Root()[0]
			if best.Move != Move(pile%4-1) || best.Proven != 1 || tree.Value() != 1 {
				t.Errorf("pile %d: best %+v, value %v; want take %d proven, value 1", pile, best, tree.Value(), pile%4)
			}
		} else if tree.Value() != 0 {
			t.Errorf("pile %d: value %v of a proven loss", pile, tree.Value())
		}
	}
}

func TestMCTSRootMoves(t *testing.T) {
	tree := NewMCTS[nim](newNim(7, 1), MCTSConfig{MoveSpace: 3, Exploration: 0.7, RootMoves: []Move{0, 1}})
	tree.Search(context.Background(), Limits{Iterations: 2000})
	root := tree.Root()
	if len(root) != 2 || root[0].Move == 2 || root[1].Move == 2 {
		t.Errorf("root moves %+v, want only takes of 1 and 2", root)
	}
}

// wide is a position with many moves, to see how a node orders them.
type wide struct{ n int }

func (w *wide) Moves(dst []Move) []Move {
	for i := range w.n {
		dst = append(dst, Move(3*i+1))
	}
	return dst
}
func (w *wide) Play(Move)     {}
func (w *wide) Over() bool    { return false }
func (w *wide) Evaluate() int { return 0 }
func (w *wide) Hash() uint64  { return 0 }

// A node searches the table's move, the killers, then the moves by
// history, the game's order breaking ties, then the moves with no history
// in the game's order. A node that searches only the first few finds
// those without ordering the others, and orders the others by rank only
// if it gets to them; either way it searches every move once, the best
// ranked of the others included.
func TestAlphaBetaOrdersMovesByRank(t *testing.T) {
	pos := wide{200}
	all := pos.Moves(nil)
	for _, want := range []int{0, 3, 10, 40} {
		t.Run(fmt.Sprint("want ", want), func(t *testing.T) {
			ab := NewAlphaBeta[wide](pos, ABConfig{})
			ab.plies = make([]plyMoves, 3)
			rng := rand.New(rand.NewPCG(28, uint64(want)))
			for range 40 {
				ab.cutoff(all[rng.IntN(len(all))], 2, 1+rng.IntN(4))
			}
			ab.cutoff(all[7], 1, 1)
			ab.cutoff(all[9], 1, 1) // killers of ply 1: all[9], all[7]
			tt := all[150]
			rank := func(m Move, withTT bool) int64 {
				switch m {
				case tt:
					if withTT {
						return 1 << 31
					}
				case all[9]:
					return 1<<31 - 1
				case all[7]:
					return 1<<31 - 2
				}
				return int64(ab.history[historySlot(m, -1)])
			}
			// byRank sorts moves (kept in the game's order) by rank.
			byRank := func(moves []Move, withTT bool) []Move {
				out := slices.Clone(moves)
				slices.SortStableFunc(out, func(a, b Move) int { return cmp.Compare(rank(b, withTT), rank(a, withTT)) })
				return out
			}
			var ranked, unranked []Move
			for _, m := range all {
				if rank(m, true) > 0 {
					ranked = append(ranked, m)
				} else {
					unranked = append(unranked, m)
				}
			}
			ml := ab.orderedMoves(&pos, 1, tt, want)
			// What the node searches, in order: every move, each once.
			var got []Move
			for i := range all {
				got = append(got, ab.moveAt(ml, i, 1))
			}
			if !slices.Equal(slices.Sorted(slices.Values(got)), all) {
				t.Fatalf("the node would search %v: not its moves, each once", got)
			}
			if !slices.Equal(got[:len(ml.top)], ml.top) || !slices.Equal(got[len(ml.top):], ml.rest) {
				t.Fatalf("the node would search %v, not top %v then rest %v", got, ml.top, ml.rest)
			}
			if want > 0 && len(ranked) > 2*want {
				top := byRank(ranked, true)[:want]
				if !slices.Equal(ml.top, top) {
					t.Fatalf("top = %v, want %v", ml.top, top)
				}
				var rest []Move
				for _, m := range all {
					if !slices.Contains(top, m) {
						rest = append(rest, m)
					}
				}
				if want := byRank(rest, false); !slices.Equal(ml.rest, want) {
					t.Errorf("rest = %v, want %v", ml.rest, want)
				}
				return
			}
			if want := append(byRank(ranked, true), unranked...); !slices.Equal(got, want) {
				t.Errorf("moves = %v, want %v", got, want)
			}
		})
	}
}

// A node is 32 bytes, not 36: a tree holds up to millions of them.
func TestMCTSNodeSize(t *testing.T) {
	if size := unsafe.Sizeof(node{}); size != 32 {
		t.Errorf("a node takes %d bytes, want 32", size)
	}
}
