package bot

import (
	"context"
	"fmt"

	"gygy/engine/gyges"
	"gygy/engine/search"
)

// JudgeDepth is the deeper of the two depths at which JudgeGyges and
// JudgeGygesMove search. The evaluation charges the side to move for
// every piece of the opponent's that could enter its goal, threats it may
// well parry with its move: a search whose leaves have the opponent to
// move (odd depth) finds the mover better off than it is, one of even
// depth worse. A search bounded by nodes stops at either parity, so the
// values of consecutive positions swung by half the scale. The analysis
// therefore judges at JudgeDepth-1 and JudgeDepth plies, takes the mean
// of the two values, and compares the move played with the best move of
// the same position: two searches of two positions carry two sides'
// biases, one position's moves the same. Three plies see a move that lets
// the opponent into the goal, and a move after which every reply lets
// the mover in.
const JudgeDepth = 3

// JudgeGyges judges a Gygès position in play for the analysis of a game:
// the best move at JudgeDepth plies and the side to move's chance, the
// mean of the best values at JudgeDepth-1 and JudgeDepth plies (at least
// the mean of any one move's two values). A move into the goal is the
// best, with chance 1. Like every level, it does not choose a move that
// lets the opponent into the goal when another move prevents it.
func JudgeGyges(ctx context.Context, p gyges.Position, yield func()) (gyges.Move, float64, error) {
	if _, over := p.Winner(); over {
		return gyges.Move{}, 0, ErrGameOver
	}
	root := newGygesPos(p)
	moves := root.Moves(nil)
	if len(moves) == 0 {
		return gyges.Move{}, 0, search.ErrNoMove
	}
	if m := decode(moves[0]); m.IsGoal() {
		return m, 1, nil
	}
	cfg := gygesABConfig(Medium, yield, nil, safeMoves(root, moves))
	m, v, err := meanOfTwoDepths(ctx, root, cfg, JudgeDepth)
	return decode(m), v, err
}

// JudgeGygesMove is the side to move's chance after move m in p, judged as
// JudgeGyges judges its best move, so that the two compare. m must be
// legal in p.
func JudgeGygesMove(ctx context.Context, p gyges.Position, m gyges.Move, yield func()) (float64, error) {
	if err := p.Legal(m); err != nil {
		return 0, fmt.Errorf("bot: judging %s: %w", m, err)
	}
	root := newGygesPos(p)
	root.Play(encode(m))
	if root.Over() {
		return 1, nil // only a move into the goal ends the game
	}
	// A search stops at once at a root with a single move, so the
	// position after m is searched a ply shallower, from the opponent's
	// side: the same trees as m's below JudgeGyges's root.
	_, v, err := meanOfTwoDepths(ctx, root, gygesABConfig(Medium, yield, nil, nil), JudgeDepth-1)
	return 1 - v, err
}

// meanOfTwoDepths searches root to depth-1 then depth plies, and returns
// the deeper search's move and the mean of the two chances.
func meanOfTwoDepths(ctx context.Context, root gygesPos, cfg search.ABConfig, depth int) (search.Move, float64, error) {
	ab := search.NewAlphaBeta[gygesPos](root, cfg)
	var sum float64
	var res search.ABResult
	for d := depth - 1; d <= depth; d++ {
		var err error
		if res, err = ab.Search(ctx, search.Limits{Depth: d}); err != nil {
			return 0, 0, err
		}
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		sum += scoreToChance(res.Score)
	}
	return res.Move, sum / 2, nil
}
