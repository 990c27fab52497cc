package bot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// gygesPos adapts a Gygès position to search.ABPosition. It keeps the
// position's Zobrist hash up to date move by move (make one with
// newGygesPos), and counts its plies from the root for the memo of move
// sets it shares with the positions played from it.
type gygesPos struct {
	p    gyges.Position
	hash uint64
	ply  int
	memo *setsMemo
}

func newGygesPos(p gyges.Position) gygesPos {
	return gygesPos{p: p, hash: zobrist(&p), memo: new(setsMemo)}
}

// setsMemo keeps, ply by ply, the move sets that WinsNow found on its
// way to "no goal", for Moves at the same node: the search asks WinsNow
// first and lists the moves only after the table's move, whose subtree
// writes the plies below, has been searched. Both ask for the same
// searches of the same pieces; with the memo they run once.
//
// It also keeps the move generator's working memory (gyges.Scratch) for
// Evaluate, WinsNow and Moves.
//
// And it holds the weights of the learned evaluation when the search
// uses it (nil: the hand evaluation).
type setsMemo struct {
	at      []setsEntry
	gen     gyges.Scratch
	weights *GygesWeights
	eval    func(*GygesFeatures) int // the laboratory's evaluation (GygesBot.Eval), before weights
}

type setsEntry struct {
	pos  gyges.Position
	ok   bool // sets are complete: pos has no goal move
	n    int
	sets [gyges.Size]gyges.PieceMoves
}

// entry returns ply's entry, making room for it.
func (m *setsMemo) entry(ply int) *setsEntry {
	for len(m.at) <= ply {
		m.at = append(m.at, setsEntry{})
	}
	return &m.at[ply]
}

// memoSets returns the memo's move sets of g, or nil and false.
func (g *gygesPos) memoSets() ([]gyges.PieceMoves, bool) {
	if g.ply >= len(g.memo.at) {
		return nil, false
	}
	e := &g.memo.at[g.ply]
	if !e.ok || e.pos != g.p {
		return nil, false
	}
	return e.sets[:e.n], true
}

// encode packs a move into a search.Move: from, to and drop, each shifted
// by one so that NoSquare is 0, seven bits apiece (Goal is 36).
func encode(m gyges.Move) search.Move {
	return search.Move(int32(m.From+1) | int32(m.To+1)<<7 | int32(m.Drop+1)<<14)
}

func decode(m search.Move) gyges.Move {
	return gyges.Move{
		From: gyges.Square(m&127) - 1,
		To:   gyges.Square(m>>7&127) - 1,
		Drop: gyges.Square(m>>14&127) - 1,
	}
}

// Moves lists the moves, goal moves first, then plain moves, then
// replaces: the likeliest best first, for alpha-beta's cut-offs. Within a
// kind they keep the order of gyges.Position.Moves. It builds them from
// the position's move sets, which costs less than listing gyges moves
// and sorting them by kind.
func (g *gygesPos) Moves(dst []search.Move) []search.Move {
	var buf [gyges.Size]gyges.PieceMoves
	sets, ok := g.memoSets()
	if !ok {
		sets = g.memo.gen.MoveSets(g.p, buf[:0])
	}
	if len(sets) == 0 {
		if _, over := g.p.Winner(); over {
			return dst
		}
		return append(dst, encode(gyges.Pass))
	}
	n := 0
	for i := range sets {
		s := &sets[i]
		n += s.Empty.Len() + s.Replace.Len()*s.Drops.Len()
		if s.Goal {
			n++
		}
	}
	k := len(dst)
	dst = slices.Grow(dst, n)[:k+n]
	out := dst[k:]
	i := 0
	for _, s := range sets {
		if s.Goal {
			out[i] = encode(gyges.Move{From: s.From, To: gyges.Goal, Drop: gyges.NoSquare})
			i++
		}
	}
	for _, s := range sets {
		from := search.Move(s.From + 1)
		for b := s.Empty; b != 0; b &= b - 1 {
			out[i] = from | search.Move(bits.TrailingZeros64(uint64(b))+1)<<7
			i++
		}
	}
	for _, s := range sets {
		from := search.Move(s.From + 1)
		for b := s.Replace; b != 0; b &= b - 1 {
			to := from | search.Move(bits.TrailingZeros64(uint64(b))+1)<<7
			for d := s.Drops; d != 0; d &= d - 1 {
				out[i] = to | search.Move(bits.TrailingZeros64(uint64(d))+1)<<14
				i++
			}
		}
	}
	return dst
}

// Play makes the move and updates the hash by the squares it changes: the
// start square empties, the landing square takes the mover, a replaced
// piece goes to the drop square. A goal move ends the game with the
// winner to move, so the side's key stays.
func (g *gygesPos) Play(m search.Move) {
	mv := decode(m)
	keys := &zobristKeys.piece
	switch {
	case mv == gyges.Pass:
		g.hash ^= zobristKeys.north
	case mv.To == gyges.Goal:
		g.hash ^= keys[mv.From][g.p.Piece(mv.From)]
	default:
		mover := g.p.Piece(mv.From)
		g.hash ^= keys[mv.From][mover] ^ zobristKeys.north
		if mv.Drop != gyges.NoSquare {
			hit := g.p.Piece(mv.To)
			g.hash ^= keys[mv.To][hit] ^ keys[mv.Drop][hit]
		}
		g.hash ^= keys[mv.To][mover]
	}
	g.p.Apply(mv)
	g.ply++
}

func (g *gygesPos) Over() bool {
	_, over := g.p.Winner()
	return over
}

func (g *gygesPos) Hash() uint64 { return g.hash }

// Evaluation weights, in the units of search scores.
const (
	goalNext     = 50_000 // the side to move can enter the goal now
	threatWeight = 1_500  // per opposing piece that could enter our goal
	mobilityUnit = 4      // per landing square of the movable pieces
)

// Evaluate scores the position for the side to move from what matters in
// Gygès: who can reach a goal next, and how much each side can do. Landing
// squares are counted, not moves: a replace with thirty possible drops is
// one choice of where to go.
func (g *gygesPos) Evaluate() int {
	var goals, mine int
	if sets, ok := g.memoSets(); ok {
		for i := range sets {
			mine += sets[i].Empty.Len() + sets[i].Replace.Len()
		}
	} else if goals, mine = g.memo.gen.Reach(g.p, true); goals > 0 {
		return goalNext
	}
	threats, theirs := g.memo.gen.Reach(g.p.WithSide(g.p.Side().Opponent()), false)
	if e := g.memo.eval; e != nil {
		var f GygesFeatures
		boardFeatures(&g.p, &f)
		reachFeatures(&f, mine, theirs, threats)
		return min(max(e(&f), -goalNext+1), goalNext-1)
	}
	if w := g.memo.weights; w != nil {
		return learnedScore(w, &g.p, mine, theirs, threats)
	}
	return mobilityUnit*(mine-theirs) - threatWeight*min(threats, 3)
}

// zobristKeys are fixed random keys for hashing positions; the keys of
// size 0 (an empty square) are zero.
var zobristKeys = func() (k struct {
	piece [gyges.NumSquares][4]uint64
	north uint64
}) {
	rng := rand.New(rand.NewPCG(0x67796765, 0x73626f74))
	for s := range k.piece {
		for size := 1; size < len(k.piece[s]); size++ {
			k.piece[s][size] = rng.Uint64()
		}
	}
	k.north = rng.Uint64()
	return k
}()

func zobrist(p *gyges.Position) uint64 {
	var h uint64
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if size := p.Piece(s); size > 0 {
			h ^= zobristKeys.piece[s][size]
		}
	}
	if p.Side() == gyges.North {
		h ^= zobristKeys.north
	}
	return h
}

// WinsNow reports whether the side to move can enter the goal now; when
// it cannot, the move sets found on the way are kept for Moves.
func (g *gygesPos) WinsNow() bool {
	e := g.memo.entry(g.ply)
	sets, goal := g.memo.gen.GoalOrMoveSets(g.p, e.sets[:0])
	e.pos, e.ok, e.n = g.p, !goal, len(sets)
	return goal
}

// PlayNull gives the move to the other side (search.ABNuller): a pass,
// whether or not the rules would allow one here.
func (g *gygesPos) PlayNull() { g.Play(encode(gyges.Pass)) }
