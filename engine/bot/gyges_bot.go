package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// gygesNodes are the alpha-beta node budgets per move of Medium and Hard.
// Easy looks one move ahead (see easyMove).
var gygesNodes = [...]int{Easy: 0, Medium: 6_000, Hard: 4_000_000}

// GygesBot plays Gygès: it chooses a home row in the setup, then searches
// the engine's move outcomes by alpha-beta with an evaluation: Medium's
// (and Easy's look ahead) built by hand on goal threats and reach, Hard's
// learned from games (gyges_features.go, gyges_weights.txt). Every level takes a win in one, and no level allows
// the opponent a win in one when a move exists that prevents it.
type GygesBot struct {
	level Level
	rng   *rand.Rand
	// Nodes, when positive, replaces the level's node budget per move.
	Nodes int
	// Timing bounds each move by time when it has a clock.
	Timing
	// Tune, if not nil, changes the search's configuration before each
	// move: the laboratory's variants of the search (Tuning.Search).
	Tune func(*search.ABConfig)
	// Weights, if not nil, replace the evaluation of the level's search
	// (Hard: the learned one with the shipped weights; Medium: the hand
	// one) by the learned one with these weights, or by the hand one when
	// they are HandGygesWeights: the laboratory's switch, to measure
	// evaluations in play.
	Weights *GygesWeights
	// Eval, if not nil, replaces the evaluation by a function of the
	// position's features in the hand evaluation's units (clamped short
	// of a win): the laboratory's switch, to measure an evaluation that is
	// not a weighted sum (a small network) in play.
	Eval func(*GygesFeatures) int
	info Info
}

// NewGyges returns a Gygès bot of the given level whose choices follow from
// seed.
func NewGyges(level Level, seed uint64) *GygesBot {
	return &GygesBot{level: level, rng: rand.New(rand.NewPCG(seed, 0x67796765)), info: Info{Value: 0.5}}
}

// Level returns the bot's level.
func (b *GygesBot) Level() Level { return b.level }

// Info returns what the bot knew when it last moved; Iterations counts
// search nodes and Value is the search score scaled to a chance.
func (b *GygesBot) Info() Info { return b.info }

// String names the bot, e.g. "gyges bot (hard)".
func (b *GygesBot) String() string { return fmt.Sprintf("gyges bot (%s)", b.level) }

func (b *GygesBot) nodes() int {
	if b.Nodes > 0 {
		return b.Nodes
	}
	return b.work(b.level, gygesNodes[min(b.level, Hard)])
}

// Think chooses a move for the side to move. It stops at the level's
// node budget, at its time budget (with a clock, see Timing) or when ctx
// is done, whichever comes first; yield (if not nil) is called every few
// thousand positions. g is not changed.
func (b *GygesBot) Think(ctx context.Context, g *gyges.Game, yield func()) (gyges.Move, error) {
	switch g.Phase() {
	case gyges.Over:
		return gyges.Move{}, ErrGameOver
	case gyges.SouthSetup, gyges.NorthSetup:
		return gyges.Move{}, fmt.Errorf("bot: Gygès is in %s: choose a layout with Setup", g.Phase())
	}
	return b.Move(ctx, g.Position(), yield)
}

// Move is Think for a bare position in play.
func (b *GygesBot) Move(ctx context.Context, p gyges.Position, yield func()) (gyges.Move, error) {
	if _, over := p.Winner(); over {
		return gyges.Move{}, ErrGameOver
	}
	root := newGygesPos(p)
	moves := root.Moves(nil)
	if len(moves) == 0 {
		return gyges.Move{}, search.ErrNoMove
	}
	if m := decode(moves[0]); m.IsGoal() {
		b.info = Info{Value: 1, Reason: ReasonWin}
		return m, nil
	}
	safe := safeMoves(root, moves)
	if b.level == Easy {
		return b.easyMove(root, safe), nil
	}
	dl := b.start(b.level)
	root.memo.weights = gygesEvalWeights(b.level, b.Weights)
	root.memo.eval = b.Eval
	cfg := gygesABConfig(b.level, yield, dl.passed, safe)
	if b.Tune != nil {
		b.Tune(&cfg)
	}
	ab := search.NewAlphaBeta[gygesPos](root, cfg)
	res, err := ab.Search(ctx, search.Limits{Nodes: b.nodes()})
	if err != nil {
		return gyges.Move{}, err
	}
	b.info = Info{Iterations: res.Nodes, Value: scoreToChance(res.Score), Reason: ReasonSearch, Depth: res.Depth}
	return decode(res.Move), nil
}

// gygesABConfig is the search's configuration for a move in play at a
// level. Medium, bounded by its nodes, keeps its first search. Hard, bounded
// by its time, adds what made it stronger at equal time: reductions that
// grow with the move's rank and the depth, the goal question at every node
// and late-move pruning (a node has some 200 moves, mostly replaces), the
// null move and aspiration windows, and root moves ordered by the work they
// took. The figures are in the commits that chose each.
func gygesABConfig(level Level, yield func(), stop func() bool, rootMoves []search.Move) search.ABConfig {
	hard := level >= Hard
	cfg := search.ABConfig{
		TableBits: 18, EvalBits: 16, Reduce: true, LogReduce: hard,
		WinCheck: hard, PruneLate: hard, SureWin: goalNext,
		Yield: yield, Stop: stop, RootMoves: rootMoves,
	}
	if hard {
		cfg.NullMove, cfg.NullReduce, cfg.Aspiration = true, 4, 500
		cfg.RootOrder, cfg.RootReduce = true, true
	}
	return cfg
}

// safeMoves returns the moves after which the opponent cannot enter the
// goal at once, or all moves if every one allows it (the game is lost).
// Every level searches only these: the rule that no bot allows a win in
// one that could be prevented holds even when the clock stops the search
// after one ply.
func safeMoves(root gygesPos, moves []search.Move) []search.Move {
	var safe []search.Move
	for _, m := range moves {
		child := root
		child.Play(m)
		if !child.Over() && !canEnterGoal(child.p) {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		return moves
	}
	return safe
}

// canEnterGoal reports whether the side to move has a goal move.
func canEnterGoal(p gyges.Position) bool {
	goals, _ := p.Reach(true)
	return goals > 0
}

// easyMove looks one move ahead: it never lets the opponent reach the goal
// at once if some move prevents it, and otherwise picks at random among
// the better half of the moves by evaluation, so it plays sensible but
// beatable moves.
func (b *GygesBot) easyMove(root gygesPos, moves []search.Move) gyges.Move {
	type scored struct {
		m     search.Move
		score int
	}
	var all []scored
	best, worst := -search.Win, search.Win
	for _, m := range moves {
		child := root
		child.Play(m)
		s := scored{m, -child.Evaluate()}
		all = append(all, s)
		best, worst = max(best, s.score), min(worst, s.score)
	}
	// The better half, by score.
	cut := (best + worst) / 2
	var good []scored
	for _, s := range all {
		if s.score >= cut {
			good = append(good, s)
		}
	}
	pick := good[b.rng.IntN(len(good))]
	b.info = Info{Iterations: len(moves), Value: scoreToChance(pick.score), Reason: ReasonLookAhead}
	return decode(pick.m)
}

// scoreToChance maps a search score to a rough chance of winning.
func scoreToChance(score int) float64 {
	switch {
	case score >= goalNext:
		return 1
	case score <= -goalNext:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(score)/1000))
}

// allLayouts lists every home row with two pieces of each size: 90 in all.
var allLayouts = func() []gyges.Layout {
	var out []gyges.Layout
	var l gyges.Layout
	var place func(i int, count [4]int)
	place = func(i int, count [4]int) {
		if i == len(l) {
			out = append(out, l)
			return
		}
		for size := 1; size <= 3; size++ {
			if count[size] < 2 {
				l[i] = int8(size)
				count[size]++
				place(i+1, count)
				count[size]--
			}
		}
	}
	place(0, [4]int{})
	return out
}()

// Setup chooses the home row for the side setting up now. Easy takes a
// beginner layout at random. Medium and Hard judge every layout by the
// best first move South has with it: North picks the layout that leaves
// South least, South (who cannot see North's row yet) the one whose worst
// case against the beginner layouts is best.
func (b *GygesBot) Setup(ctx context.Context, g *gyges.Game, yield func()) (gyges.Layout, error) {
	phase := g.Phase()
	if phase != gyges.SouthSetup && phase != gyges.NorthSetup {
		return gyges.Layout{}, fmt.Errorf("bot: Gygès is in %s, not in a setup", phase)
	}
	if b.level == Easy {
		ls := gyges.BeginnerLayouts()
		b.info = Info{Reason: ReasonBeginnerLayout}
		return ls[b.rng.IntN(len(ls))], nil
	}
	const depth = 1
	dl := b.start(b.level)
	// South's first move is searched from each candidate start; scores are
	// for South, so North minimises and South maximises its worst case.
	judge := func(south, north gyges.Layout) int {
		root := newGygesPos(gyges.StartPosition(south, north, g.Variant()))
		ab := search.NewAlphaBeta[gygesPos](root, search.ABConfig{TableBits: 12, Yield: yield})
		res, err := ab.Search(ctx, search.Limits{Depth: depth})
		if err != nil {
			return 0
		}
		return res.Score
	}
	order := b.rng.Perm(len(allLayouts)) // ties go to a random layout
	var best gyges.Layout
	bestScore, judged := 0, 0
	for k, i := range order {
		judged++
		cand := allLayouts[i]
		var score int
		if phase == gyges.NorthSetup {
			score = -judge(g.Layouts()[0], cand)
		} else {
			score = search.Win
			for _, north := range gyges.BeginnerLayouts() {
				score = min(score, judge(cand, north))
			}
		}
		if k == 0 || score > bestScore {
			best, bestScore = cand, score
		}
		if ctx.Err() != nil || dl.passed() {
			break
		}
	}
	b.info = Info{Iterations: judged, Value: scoreToChance(bestScore), Reason: ReasonJudgedLayouts}
	return best, nil
}
