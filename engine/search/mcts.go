package search

import (
	"cmp"
	"context"
	"math"
	"slices"
)

// MCTSPosition is what Monte Carlo tree search needs of a position of a
// two-player game without draws. Sides are 0 and 1.
type MCTSPosition interface {
	// Turn returns the side to move.
	Turn() int
	// Moves appends the legal moves to dst.
	Moves(dst []Move) []Move
	// Play makes a legal move.
	Play(m Move)
	// Winner returns the winning side, or -1 while the game goes on.
	Winner() int
	// Rollout plays the game to the end by its playout policy and returns
	// the winner. For every move index it sets amaf[m] to the side that
	// played m during the rollout, leaving the other entries alone.
	Rollout(amaf []int8) int
}

// MCTSConfig tunes the tree search.
type MCTSConfig struct {
	// MoveSpace bounds the move indices (for the AMAF table).
	MoveSpace int
	// Exploration is the UCT constant; with RAVE a small one is enough.
	Exploration float64
	// RAVE is the equivalence parameter k of the RAVE schedule
	// β = √(k / (3n + k)); 0 turns RAVE off.
	RAVE float64
	// ExpandAfter is the number of visits a leaf needs before its children
	// are made: it trades memory for tree depth.
	ExpandAfter int
	// MaxNodes caps the tree; when it is full, leaves stop expanding.
	MaxNodes int
	// Reserve, when positive, is how many nodes the tree makes room for
	// at the start (at most MaxNodes), in the memory of a tree released
	// before (Release) if it has room enough. It changes no result.
	Reserve int
	// Solver proves wins and losses in the tree (an MCTS solver): a node
	// whose game is over is won or lost for good, a node with a won child
	// is lost for the side that moved into it, and one whose children are
	// all lost is won. Selection then takes a proven win at once and
	// never enters a proven loss, and the root's statistics say what is
	// proven.
	Solver bool
	// RootMoves, if not empty, limits the moves searched at the root to
	// these (all legal there), as ABConfig.RootMoves does.
	RootMoves []Move
	// PriorWeight, when positive and the position is an MCTSPrior, gives
	// each new child of a node less than PriorDepth moves below the root
	// PriorWeight simulations' worth of all-moves-as-first statistics at
	// the position's judgement of the move. Until real simulations come
	// in, selection follows the judgement; RAVE's schedule then lets the
	// simulations take over. Real visits are not touched, so the root's
	// counts still say what was searched.
	PriorWeight float64
	PriorDepth  int
}

// MCTSPrior is what a position may know of its moves before any
// simulation (MCTSConfig.PriorWeight).
type MCTSPrior interface {
	// Prior sets p[i] to the judged chance that moves[i] wins for the
	// side to move, between 0 and 1.
	Prior(moves []Move, p []float64)
}

// MCTS is a Monte Carlo tree search rooted at one position. P is the
// position type (a value that copies), PP its pointer type that has the
// position methods.
type MCTS[P any, PP interface {
	*P
	MCTSPosition
}] struct {
	root  P
	cfg   MCTSConfig
	nodes nodes
	iters int
	// scratch
	pos   P // the position of the simulation under way, a copy of root
	path  []int32
	moves []Move
	amaf  []int8
	prior []float64
	beta  []float64 // RAVE's β by a child's visits, for the first ones
}

// betaTable is how many visit counts have their RAVE weight worked out
// in advance: selection asks it of every child at every step, and most
// children have few visits.
const betaTable = 1024

// NewMCTS starts a search at root.
func NewMCTS[P any, PP interface {
	*P
	MCTSPosition
}](root P, cfg MCTSConfig) *MCTS[P, PP] {
	if cfg.ExpandAfter < 1 {
		cfg.ExpandAfter = 1
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = 1 << 20
	}
	t := &MCTS[P, PP]{root: root, cfg: cfg, amaf: make([]int8, cfg.MoveSpace)}
	if cfg.RAVE > 0 {
		t.beta = make([]float64, betaTable)
		for n := range t.beta {
			t.beta[n] = raveBeta(cfg.RAVE, float64(n))
		}
	}
	if cfg.Reserve > 0 {
		t.nodes = reserve(min(cfg.Reserve, cfg.MaxNodes))
	}
	rootTurn := PP(&t.root).Turn()
	t.nodes = append(t.nodes, node{player: int8(1 - rootTurn)})
	return t
}

// Release gives the tree's memory to the next tree made with a Reserve,
// if it is the biggest released so far. The tree must not be used after
// it.
func (t *MCTS[P, PP]) Release() {
	t.nodes.release()
	t.nodes = nil
}

// Search runs simulations until the limits are reached or ctx is done, and
// returns how many it ran. The tree grows across calls. A done context is
// not an error: the search stops and its result so far stands.
func (t *MCTS[P, PP]) Search(ctx context.Context, lim Limits) int {
	n := 0
	for lim.Iterations <= 0 || n < lim.Iterations {
		if n&63 == 0 && ctx.Err() != nil {
			break
		}
		t.iterate()
		n++
	}
	t.iters += n
	return n
}

// Iterations returns the number of simulations run so far.
func (t *MCTS[P, PP]) Iterations() int { return t.iters }

func (t *MCTS[P, PP]) iterate() {
	// The copy goes into the tree's own scratch: a local would escape
	// (the position's methods are called through the type's dictionary)
	// and cost an allocation of the whole position every simulation.
	t.pos = t.root
	p := PP(&t.pos)
	t.path = append(t.path[:0], 0)
	cur := int32(0)
	grown := false // a node was expanded in this simulation
	for {
		nd := &t.nodes[cur]
		if w := p.Winner(); w >= 0 {
			if t.cfg.Solver && nd.proven == 0 {
				nd.proven = 1
				if w != int(nd.player) {
					nd.proven = -1
				}
				t.propagate()
			}
			break
		}
		if t.cfg.Solver && nd.proven != 0 {
			break // the result is known: back it up as it is
		}
		if !nd.expanded {
			// One expansion a simulation: a child just made is a leaf
			// even when ExpandAfter would expand it on this first visit.
			young := cur != 0 && (grown || nd.visits+1 < float32(t.cfg.ExpandAfter))
			if young || !t.expand(cur, p) {
				break // a leaf: roll out from here
			}
			nd, grown = &t.nodes[cur], true
		}
		if nd.children == 0 {
			break
		}
		cur = t.selectChild(cur)
		p.Play(t.nodes[cur].move)
		t.path = append(t.path, cur)
	}
	for i := range t.amaf {
		t.amaf[i] = -1
	}
	winner := p.Winner()
	if nd := &t.nodes[cur]; winner < 0 && t.cfg.Solver && nd.proven != 0 {
		winner = int(nd.player)
		if nd.proven < 0 {
			winner = 1 - winner
		}
	}
	if winner < 0 {
		winner = p.Rollout(t.amaf)
	}
	t.backup(winner)
}

// expand makes the children of a node; false when the tree is full.
func (t *MCTS[P, PP]) expand(cur int32, p PP) bool {
	t.moves = p.Moves(t.moves[:0])
	if cur == 0 && len(t.cfg.RootMoves) > 0 {
		t.moves = append(t.moves[:0], t.cfg.RootMoves...)
	}
	if len(t.nodes)+len(t.moves) > t.cfg.MaxNodes {
		return false
	}
	first := int32(len(t.nodes))
	side := int8(p.Turn())
	for _, m := range t.moves {
		t.nodes = append(t.nodes, node{move: m, player: side})
	}
	if t.cfg.PriorWeight > 0 && len(t.path)-1 < t.cfg.PriorDepth {
		t.setPriors(first, p)
	}
	nd := &t.nodes[cur]
	nd.expanded, nd.first, nd.children = true, first, int32(len(t.moves))
	return true
}

// setPriors seeds the children from first on with the position's
// judgement of their moves, if it has one.
func (t *MCTS[P, PP]) setPriors(first int32, p PP) {
	pr, ok := any(p).(MCTSPrior)
	if !ok {
		return
	}
	t.prior = slices.Grow(t.prior[:0], len(t.moves))[:len(t.moves)]
	pr.Prior(t.moves, t.prior)
	w := float32(t.cfg.PriorWeight)
	for i := range t.moves {
		c := &t.nodes[first+int32(i)]
		c.amafVisits = w
		c.amafWins = w * float32(min(max(t.prior[i], 0), 1))
	}
}

// selectChild picks the child with the best UCT-RAVE score. It runs over
// every child at every step of every simulation, so the score is worked
// out here, with the tree's settings held in locals.
func (t *MCTS[P, PP]) selectChild(cur int32) int32 {
	parent := &t.nodes[cur]
	logN := math.Log(float64(parent.visits) + 1)
	kids := t.nodes[parent.first : parent.first+parent.children]
	rave, explore, betas := t.cfg.RAVE, t.cfg.Exploration, t.beta
	best, bestScore := 0, math.Inf(-1)
	for i := range kids {
		c := &kids[i]
		if c.proven > 0 {
			return parent.first + int32(i) // a proven win: nothing else is worth a look
		}
		if c.proven < 0 {
			continue
		}
		var score float64
		n := float64(c.visits)
		switch {
		case n == 0 && c.amafVisits == 0:
			score = firstPlayUrgency
		case n == 0:
			score = float64(c.amafWins) / float64(c.amafVisits)
		default:
			var q float64
			if rave > 0 && c.amafVisits > 0 {
				var beta float64
				if v := int(c.visits); v < len(betas) {
					beta = betas[v]
				} else {
					beta = raveBeta(rave, n)
				}
				q = (1-beta)*float64(c.wins)/n + beta*float64(c.amafWins)/float64(c.amafVisits)
			} else {
				q = float64(c.wins) / n
			}
			score = q + explore*math.Sqrt(logN/n)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return parent.first + int32(best)
}

// firstPlayUrgency is the value of a child with no statistics at all: high,
// so every move is tried before any is tried twice, unless RAVE knows more.
const firstPlayUrgency = 1.2

// raveBeta is the weight of the all-moves-as-first statistics of a child
// with n visits: √(k / (3n + k)).
func raveBeta(k, n float64) float64 { return math.Sqrt(k / (3*n + k)) }

// backup adds the result along the path and, for RAVE, credits every
// sibling whose move its side played later in the same simulation.
func (t *MCTS[P, PP]) backup(winner int) {
	for d := len(t.path) - 1; d >= 0; d-- {
		nd := &t.nodes[t.path[d]]
		nd.visits++
		if int(nd.player) == winner {
			nd.wins++
		}
		if t.cfg.RAVE > 0 && nd.expanded && nd.children > 0 {
			// The children were all made by one side, so whether a hit
			// is a win is the same for all of them. The hits come as the
			// rollout had them, unpredictable, so they are counted by a
			// table (by the AMAF entry, -1 to 1, plus one) and not by a
			// branch.
			kids := t.nodes[nd.first : nd.first+nd.children]
			side := kids[0].player
			var credit [4]float32
			credit[side+1] = 1
			var win float32
			if int(side) == winner {
				win = 1
			}
			amaf := t.amaf
			for i := range kids {
				c := &kids[i]
				hit := credit[uint8(amaf[c.move]+1)&3]
				c.amafVisits += hit
				c.amafWins += hit * win
			}
		}
		if d > 0 {
			// The move into this node happened before everything below it:
			// it is the first play of that move from the parent's view.
			t.amaf[nd.move] = nd.player
		}
	}
}

// MoveStat is what the search knows of one move at the root.
type MoveStat struct {
	Move   Move
	Visits int
	// Value is the mover's estimated chance of winning after this move.
	Value float64
	// Proven is +1 for a move proven to win, -1 for one proven to lose
	// and 0 otherwise (always 0 without MCTSConfig.Solver).
	Proven int
}

// Root returns the statistics of every root move: proven wins first and
// proven losses last, otherwise most visited first; ties keep the order of
// the position's Moves.
func (t *MCTS[P, PP]) Root() []MoveStat {
	r := &t.nodes[0]
	out := make([]MoveStat, 0, r.children)
	for i := r.first; i < r.first+r.children; i++ {
		c := &t.nodes[i]
		v := 0.5
		if c.visits > 0 {
			v = float64(c.wins) / float64(c.visits)
		}
		if c.proven != 0 {
			v = float64(c.proven+1) / 2
		}
		out = append(out, MoveStat{Move: c.move, Visits: int(c.visits), Value: v, Proven: int(c.proven)})
	}
	slices.SortStableFunc(out, func(a, b MoveStat) int {
		if a.Proven != b.Proven {
			return b.Proven - a.Proven
		}
		if a.Visits != b.Visits {
			return b.Visits - a.Visits
		}
		return cmp.Compare(b.Value, a.Value)
	})
	return out
}

// Value returns the estimated chance that the side to move at the root
// wins, from the simulations so far (0.5 before any).
func (t *MCTS[P, PP]) Value() float64 {
	r := &t.nodes[0]
	if r.proven != 0 {
		return float64(1-r.proven) / 2 // proven for the side that moved into it
	}
	if r.visits == 0 {
		return 0.5
	}
	// The root's wins are counted for the side that moved into it.
	return 1 - float64(r.wins)/float64(r.visits)
}

// Nodes returns the size of the tree.
func (t *MCTS[P, PP]) Nodes() int { return len(t.nodes) }
