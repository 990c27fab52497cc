package bot

import (
	"cmp"
	"context"
	"math"
	"slices"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

// Building an opening under `opening K` (rulebook, Players and turns):
// player 1 places K Gyre stones and one Spoke stone, and player 2 then
// takes the better side. So player 1 wants the position after the opening
// to be as close to even as it can judge. The bot is asked stone by stone
// and keeps no state, so at each stone it plans the rest of the opening
// afresh: it draws candidate completions (the Gyre stones still to place,
// then the Spoke stone), judges each by a tree search of the position
// after it, with Gyre to move, and plays the first stone of the one whose
// value for Spoke is nearest one half. The search budget is shared out by
// successive halving: every candidate is judged briefly, the half nearest
// even is judged again, and so on, so the chosen one is judged best.

// openingPlan is the rest of an opening: the Gyre stones still to place,
// then the Spoke stone.
type openingPlan []gyre.Cell

// openingCandidates is how many completions a bot with a budget of n
// playouts judges at each stone: one per 2,500 playouts, 8 to 32.
func openingCandidates(n int) int { return min(max(n/2500, 8), 32) }

// buildOpening chooses the next stone of an opening of k Gyre stones and
// one Spoke stone, of which the board holds the first ones. Info.Value is
// Spoke's estimated chance in the chosen completion, Gyre to move.
func (b *GyreBot) buildOpening(ctx context.Context, g *gyre.Game, yield func()) (gyre.Move, error) {
	board := g.Board()
	v := g.Variant()
	k := v.K()
	placed := len(g.Record()) // the opening's stones so far: no swap comes before its end
	budget := b.budget()
	plans := b.openingPlans(&board, k-placed, openingCandidates(budget))
	trees := make([]*search.MCTS[gyrePos, *gyrePos], len(plans))
	for i, plan := range plans {
		after := newGyrePos(board, v.StoneColor(v.OpeningStones()), gyre.NewRoller(b.rng), gyre.NoCell)
		for j, c := range plan {
			after.board.Place(c, v.StoneColor(placed+j))
		}
		trees[i] = search.NewMCTS[gyrePos](after, b.config(board.Geometry().Cells()))
	}
	gap := func(i int) float64 { return math.Abs(0.5 - (1 - trees[i].Value())) }
	alive := make([]int, len(plans))
	for i := range alive {
		alive[i] = i
	}
	stages := 1
	for n := len(plans); n > 2; n = (n + 1) / 2 {
		stages++
	}
	first, stopped := true, false
	for stage := 0; stage < stages && !stopped; stage++ {
		// A stage ends at its share of the playouts or, with a clock, at
		// its share of the time left: the level's playout budget is
		// rarely reached in time, and halving by playouts alone then
		// never got past the first stages.
		per := max(budget/stages/len(alive), 1)
		end := b.deadline.share(stages - stage)
		for done := 0; done < per && !stopped; done += sliceIterations {
			if !first && end.passed() {
				break
			}
			for _, i := range alive {
				tc := ctx
				if first {
					// The first round runs whatever the clock says, as in
					// run, so that every candidate is judged.
					tc = context.Background()
				} else if ctx.Err() != nil || b.deadline.passed() {
					stopped = true
					break
				}
				trees[i].Search(tc, search.Limits{Iterations: min(sliceIterations, per-done)})
				if yield != nil {
					yield()
				}
			}
			first = false
		}
		if stage < stages-1 {
			slices.SortStableFunc(alive, func(x, y int) int { return cmp.Compare(gap(x), gap(y)) })
			alive = alive[:(len(alive)+1)/2]
		}
	}
	best := alive[0]
	for _, i := range alive {
		if gap(i) < gap(best) {
			best = i
		}
	}
	total := 0
	for _, t := range trees {
		total += t.Iterations()
	}
	b.info = Info{Iterations: total, Value: 1 - trees[best].Value(), Reason: ReasonOpening}
	return gyre.Place(plans[best][0]), nil
}

// openingPlans draws n completions of an opening that still needs gyres
// Gyre stones and the Spoke stone. They come in three kinds, so that some
// are strong for Gyre and some weak: Gyre stones spread evenly around one
// ring (they share out the circle, as a loop must), Gyre stones chained by
// two-cell bridges around the ring (a loop's first links), and Gyre stones
// anywhere. The Spoke stone goes on each ring in turn, at a random column:
// on the rims it is worth least, in the middle most.
func (b *GyreBot) openingPlans(board *gyre.Board, gyres, n int) []openingPlan {
	geo := board.Geometry()
	rings := geo.Size().Rings
	plans := make([]openingPlan, n)
	for i := range plans {
		scratch := *board
		plan := make(openingPlan, 0, gyres+1)
		for j := 0; j < gyres; j++ {
			var c gyre.Cell
			switch i % 3 {
			case 0:
				c = b.spreadStone(&scratch)
			case 1:
				c = b.chainStone(&scratch)
			default:
				c = b.randomEmpty(&scratch, -1)
			}
			scratch.Place(c, gyre.Gyre)
			plan = append(plan, c)
		}
		plan = append(plan, b.randomEmpty(&scratch, (i/3)%rings))
		plans[i] = plan
	}
	return plans
}

// randomEmpty returns a random empty cell of ring r, or of the whole board
// if r is negative or the ring is full. The board is never full here: an
// opening leaves at least one column empty.
func (b *GyreBot) randomEmpty(board *gyre.Board, r int) gyre.Cell {
	geo := board.Geometry()
	var empty []gyre.Cell
	if r >= 0 {
		for c := 0; c < geo.Size().Cols; c++ {
			if cell := geo.At(r, c); board.At(cell) == gyre.Empty {
				empty = append(empty, cell)
			}
		}
	}
	if len(empty) == 0 {
		for c := 0; c < geo.Cells(); c++ {
			if board.At(gyre.Cell(c)) == gyre.Empty {
				empty = append(empty, gyre.Cell(c))
			}
		}
	}
	return empty[b.rng.IntN(len(empty))]
}

// gyreStones lists the Gyre stones on the board.
func gyreStones(board *gyre.Board) []gyre.Cell {
	var out []gyre.Cell
	for c := 0; c < board.Geometry().Cells(); c++ {
		if board.At(gyre.Cell(c)) == gyre.Gyre {
			out = append(out, gyre.Cell(c))
		}
	}
	return out
}

// spreadStone places a Gyre stone in the middle of the widest arc of
// columns that holds no Gyre stone, on the ring of a Gyre stone already
// there (or a random ring), sometimes one ring off.
func (b *GyreBot) spreadStone(board *gyre.Board) gyre.Cell {
	geo := board.Geometry()
	size := geo.Size()
	stones := gyreStones(board)
	if len(stones) == 0 {
		return b.randomEmpty(board, b.rng.IntN(size.Rings))
	}
	ring := geo.Ring(stones[b.rng.IntN(len(stones))])
	if b.rng.IntN(4) == 0 {
		ring = min(max(ring+1-2*b.rng.IntN(2), 0), size.Rings-1)
	}
	used := make([]bool, size.Cols)
	for _, s := range stones {
		used[geo.Col(s)] = true
	}
	// The widest run of unused columns, going round from each used one.
	bestStart, bestLen := 0, -1
	for c := 0; c < size.Cols; c++ {
		if !used[c] {
			continue
		}
		n := 0
		for n+1 < size.Cols && !used[(c+1+n)%size.Cols] {
			n++
		}
		if n > bestLen {
			bestStart, bestLen = c+1, n
		}
	}
	col := (bestStart + bestLen/2) % size.Cols
	if bestLen <= 0 {
		return b.randomEmpty(board, ring)
	}
	if cell := geo.At(ring, col); board.At(cell) == gyre.Empty {
		return cell
	}
	return b.randomEmpty(board, ring)
}

// chainStone places a Gyre stone a two-cell bridge on from a Gyre stone
// already there, going round the hole (from (r, c) to (r+1, c+1) or to
// (r-1, c+2)), or on a random cell if there is none to go on from.
func (b *GyreBot) chainStone(board *gyre.Board) gyre.Cell {
	geo := board.Geometry()
	size := geo.Size()
	stones := gyreStones(board)
	for _, i := range b.rng.Perm(len(stones)) {
		r, c := geo.Ring(stones[i]), geo.Col(stones[i])
		steps := [][2]int{{1, 1}, {-1, 2}}
		if b.rng.IntN(2) == 0 {
			steps[0], steps[1] = steps[1], steps[0]
		}
		for _, st := range steps {
			nr, nc := r+st[0], (c+st[1])%size.Cols
			if nr < 0 || nr >= size.Rings {
				continue
			}
			if cell := geo.At(nr, nc); board.At(cell) == gyre.Empty {
				return cell
			}
		}
	}
	return b.randomEmpty(board, -1)
}
