package search

import (
	"context"
	"fmt"
	"testing"
)

// tree is a game of six moves a turn that never ends, whose positions are
// told apart by the path to them and scored at random (a hash of the
// path): a game to check that a search finds the minimax value.
type tree struct {
	path uint64
	side int
}

func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}

func (g *tree) Moves(dst []Move) []Move {
	for m := range 6 {
		dst = append(dst, Move(m))
	}
	return dst
}
func (g *tree) Play(m Move)   { g.path = mix(g.path*7 + uint64(m) + 1); g.side ^= 1 }
func (g *tree) PlayNull()     { g.path = mix(g.path ^ 0x6e756c6c); g.side ^= 1 }
func (g *tree) Over() bool    { return false }
func (g *tree) Evaluate() int { return int(mix(g.path^uint64(g.side))%2001) - 1000 }
func (g *tree) Hash() uint64  { return g.path<<1 | uint64(g.side) }

// minimax is the plain negamax value of g to depth d.
func minimax(g tree, d int) int {
	if d == 0 {
		return g.Evaluate()
	}
	best := -Win
	for m := range 6 {
		c := g
		c.Play(Move(m))
		best = max(best, -minimax(c, d-1))
	}
	return best
}

// With aspiration windows, narrow or wide, each depth's score is still
// the minimax value: a score outside the window is searched again.
func TestAlphaBetaAspirationKeepsTheValue(t *testing.T) {
	for _, width := range []int{0, 1, 20, 300} {
		for root := range uint64(12) {
			g := tree{path: mix(root + 1)}
			ab := NewAlphaBeta[tree](g, ABConfig{TableBits: 16, Aspiration: width})
			for d := 1; d <= 5; d++ {
				res, err := ab.Search(context.Background(), Limits{Depth: d})
				if err != nil {
					t.Fatal(err)
				}
				if want := minimax(g, d); res.Score != want || res.Depth != d {
					t.Errorf("aspiration %d, root %d, depth %d: score %d at depth %d, want %d", width, root, d, res.Score, res.Depth, want)
				}
				c := g
				c.Play(res.Move)
				if got := -minimax(c, d-1); got != res.Score {
					t.Errorf("aspiration %d, root %d, depth %d: move %d is worth %d, not its score %d", width, root, d, res.Move, got, res.Score)
				}
			}
		}
	}
}

// The null move cuts nodes off: at equal depth the search visits fewer
// nodes, and its scores stay near the minimax value on this game with no
// zugzwang to speak of (each side's moves are as good as passing).
func TestAlphaBetaNullMoveVisitsFewerNodes(t *testing.T) {
	nodes := func(null bool) (int, []int) {
		n, scores := 0, []int(nil)
		for root := range uint64(8) {
			ab := NewAlphaBeta[tree](tree{path: mix(root + 100)}, ABConfig{TableBits: 18, NullMove: null})
			res, err := ab.Search(context.Background(), Limits{Depth: 6})
			if err != nil {
				t.Fatal(err)
			}
			n += res.Nodes
			scores = append(scores, res.Score)
		}
		return n, scores
	}
	with, ws := nodes(true)
	without, wos := nodes(false)
	if with >= without {
		t.Errorf("nodes to depth 6 with the null move = %d, without %d: want fewer", with, without)
	}
	t.Logf("nodes with the null move %d, without %d; scores %v and %v", with, without, ws, wos)
}

// The null move never proves anything false: on the take game, whose lost
// piles are all zugzwang (passing would win them), no pile is called won
// or lost that is not, whether or not the proof is found.
func TestAlphaBetaNullMoveProvesNothingFalse(t *testing.T) {
	const most = 8
	for _, c := range []ABConfig{
		{NullMove: true},
		{NullMove: true, NullReduce: 4, Reduce: true, LogReduce: true, PruneLate: true, WinCheck: true, Aspiration: 50},
	} {
		name := fmt.Sprintf("null reduce %d, prune %v", c.NullReduce, c.PruneLate)
		c.TableBits = 14
		for pile := 1; pile <= 60; pile++ {
			ab := NewAlphaBeta[takeNull](takeNull{take{pile: pile, most: most}}, c)
			res, err := ab.Search(context.Background(), Limits{Depth: 10})
			if err != nil {
				t.Fatal(err)
			}
			lost := pile%(most+1) == 0
			switch {
			case res.Score >= winBound && (lost || res.Move != Move(pile%(most+1)-1)):
				t.Errorf("%s pile %d: score %d taking %d, a false win", name, pile, res.Score, res.Move+1)
			case res.Score <= -winBound && !lost:
				t.Errorf("%s pile %d: score %d, a false loss", name, pile, res.Score)
			}
		}
	}
}

// takeNull is the take game with a pass for the null move, whose side to
// move always thinks itself ahead, so that the null move is tried at
// every node it may be.
type takeNull struct{ take }

func (g *takeNull) PlayNull()     { g.turn ^= 1 }
func (g *takeNull) Evaluate() int { return 100 }

// Ordering the root's moves by the work they took changes the order of
// the search, never its value: each depth's score is the minimax value
// and the move chosen is worth it.
func TestAlphaBetaRootOrderKeepsTheValue(t *testing.T) {
	for root := range uint64(12) {
		g := tree{path: mix(root + 50)}
		ab := NewAlphaBeta[tree](g, ABConfig{TableBits: 16, RootOrder: true, Aspiration: 20})
		for d := 1; d <= 5; d++ {
			res, err := ab.Search(context.Background(), Limits{Depth: d})
			if err != nil {
				t.Fatal(err)
			}
			if want := minimax(g, d); res.Score != want {
				t.Errorf("root %d, depth %d: score %d, want %d", root, d, res.Score, want)
			}
			c := g
			c.Play(res.Move)
			if got := -minimax(c, d-1); got != res.Score {
				t.Errorf("root %d, depth %d: move %d is worth %d, not its score %d", root, d, res.Move, got, res.Score)
			}
		}
	}
}

// Reducing the root's late moves too, after ordering them by work, costs
// fewer nodes to the same depth.
func TestAlphaBetaRootReduceVisitsFewerNodes(t *testing.T) {
	nodes := func(root bool) int {
		n := 0
		for r := range uint64(8) {
			ab := NewAlphaBeta[tree](tree{path: mix(r + 200)}, ABConfig{TableBits: 18, Reduce: true, LogReduce: true, RootOrder: root, RootReduce: root})
			res, err := ab.Search(context.Background(), Limits{Depth: 7})
			if err != nil {
				t.Fatal(err)
			}
			n += res.Nodes
		}
		return n
	}
	if with, without := nodes(true), nodes(false); with >= without {
		t.Errorf("nodes to depth 7 with the root's moves reduced = %d, without %d: want fewer", with, without)
	} else {
		t.Logf("nodes to depth 7 with the root's moves reduced %d, without %d", with, without)
	}
}
