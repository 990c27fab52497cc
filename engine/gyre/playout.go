package gyre

import (
	"math/bits"
	"math/rand/v2"
)

// Roller plays random games to the end from given positions, for tests,
// benchmarks and the AI's Monte Carlo search. It owns its scratch space, so
// a playout allocates nothing and clears nothing. A Roller is not safe for
// concurrent use.
type Roller struct {
	state uint64 // wyrand state, seeded from the caller's generator
	bits  uint64 // the unused half of the last draw
	spare bool
	epoch uint32
	seen  [MaxCells]uint32 // seen[c] == epoch: visited in this search
	cells [MaxCells]Cell
	index [MaxCells]int16 // position of each live cell in cells
	stack [MaxCells]Cell
	// fill holds the colouring left by the last fill playout; the slot
	// past the last cell stands for the rims in bridge patterns and is
	// always Spoke, since only Spoke cares for a rim.
	fill [MaxCells + 1]Color
	lgr  replies // the last-good-reply policy's memory (UseReplies)
}

// Filled returns the colour a cell had at the end of the last call to Fill
// or FillSavingBridges.
func (r *Roller) Filled(c Cell) Color { return r.fill[c] }

// NewRoller returns a Roller whose random choices are drawn from a stream
// seeded by rng, so a fixed seed replays the same playouts.
func NewRoller(rng *rand.Rand) *Roller {
	return &Roller{state: rng.Uint64()}
}

// intN returns a uniform index below n. The generator is wyrand, a 64-bit
// multiply-mix that costs a few cycles; each draw serves two picks, and
// scaling 32 random bits by n is biased by at most n/2³², far below
// anything a playout can notice. This is the hottest path of the AI.
func (r *Roller) intN(n int) int {
	if r.spare {
		r.bits >>= 32
	} else {
		r.state += 0xa0761d6478bd642f
		hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
		r.bits = hi ^ lo
	}
	r.spare = !r.spare
	return int((r.bits & 0xffffffff) * uint64(n) >> 32)
}

// empties lists the empty cells of b into r.cells and returns the count.
func (r *Roller) empties(b *Board) int {
	n := 0
	for c, col := range b.stones[:b.geo.Cells()] {
		if col == Empty {
			r.cells[n] = Cell(c)
			n++
		}
	}
	return n
}

// Playout plays random stones on b, starting with colour toMove and
// alternating, until one side wins, and returns the winner. Every empty cell
// is equally likely at each step. Win detection is the incremental one of
// Place, so the playout stops at the first winning stone. b is changed.
//
// toMove must be Spoke or Gyre and b must have no winner yet. The no-draw
// theorem guarantees a winner before the board is full.
func (r *Roller) Playout(b *Board, toMove Color) Color {
	n := r.empties(b)
	col := toMove
	for n > 0 {
		// Draw without replacement: swap the chosen cell out of the live
		// prefix of cells.
		i := r.intN(n)
		c := r.cells[i]
		n--
		r.cells[i] = r.cells[n]
		b.Place(c, col)
		if b.bridge || b.loop {
			return b.Winner()
		}
		col = col.Other()
	}
	return b.Winner()
}

// Fill plays the rest of the game at random like Playout, but fills every
// empty cell before looking for the winner: colours alternate from toMove
// over a random order of the empty cells. The final colouring is left for
// Filled for all-moves-as-first statistics; b is not
// changed.
//
// The winner is the same as Playout's on the same order of cells: winning
// conditions only grow as stones are added, and at most one can ever hold,
// so whoever wins first still holds the only winning condition on the full
// board, and on a full board exactly one holds. Filling first is cheaper
// than keeping groups up to date: one search for a Spoke bridge at the end.
func (r *Roller) Fill(b *Board, toMove Color) Color {
	n := r.empties(b)
	r.setFill(b)
	col := toMove
	for n > 0 {
		i := r.intN(n)
		r.fill[r.cells[i]] = col
		n--
		r.cells[i] = r.cells[n]
		col = col.Other()
	}
	if r.fullBridge(b.geo) {
		return Spoke
	}
	return Gyre
}

// setFill starts a fill from the stones of b.
func (r *Roller) setFill(b *Board) {
	copy(r.fill[:], b.stones[:])
	r.fill[rimSlot] = Spoke
}

// fullBridge reports whether the Spoke stones of r.Filled connect the rims,
// by a depth-first search from the inner rim.
func (r *Roller) fullBridge(g *Geometry) bool {
	r.epoch++
	if r.epoch == 0 { // wrapped: old marks could collide
		r.seen = [MaxCells]uint32{}
		r.epoch = 1
	}
	top := 0
	for c := 0; c < g.size.Cols; c++ { // ring 0 holds cells 0..Cols-1
		if r.fill[c] == Spoke {
			r.seen[c] = r.epoch
			r.stack[top] = Cell(c)
			top++
		}
	}
	outer := Cell(g.Cells() - g.size.Cols) // first cell of the outer ring
	for top > 0 {
		top--
		c := r.stack[top]
		if c >= outer {
			return true
		}
		for _, n := range g.Neighbours(c) {
			if r.fill[n.Cell] == Spoke && r.seen[n.Cell] != r.epoch {
				r.seen[n.Cell] = r.epoch
				r.stack[top] = n.Cell
				top++
			}
		}
	}
	return false
}

// FillSavingBridges is Fill with one piece of Hex players' knowledge in the
// playout policy: when a stone intrudes into a bridge of the other colour
// (takes one of its two shared cells), the other side answers at once on
// the second shared cell. Every other move is uniform at random. Random
// playouts that keep bridges judge a position far better than uniform ones,
// at the cost of a pattern look-up per move. The result is left in
// r.Filled; b is not changed.
func (r *Roller) FillSavingBridges(b *Board, toMove Color) Color {
	n := r.empties(b)
	for i := 0; i < n; i++ {
		r.index[r.cells[i]] = int16(i)
	}
	r.setFill(b)
	g := b.geo
	col := toMove
	reply := NoCell
	played := 0
	for n > 0 {
		var c Cell
		switch {
		case reply != NoCell:
			c = reply
		case r.lgr.on && played > 0 && r.goodReply(col, r.lgr.seq[played-1]) != NoCell:
			c = r.goodReply(col, r.lgr.seq[played-1])
		default:
			c = r.cells[r.intN(n)]
		}
		// Take c out of the live prefix of cells.
		i := r.index[c]
		n--
		last := r.cells[n]
		r.cells[i], r.index[last] = last, i
		r.fill[c] = col
		r.lgr.seq[played] = c
		played++
		reply = r.bridgeReply(g, c, col.Other())
		col = col.Other()
	}
	w := Gyre
	if r.fullBridge(g) {
		w = Spoke
	}
	if r.lgr.on {
		r.learn(played, toMove, w)
	}
	return w
}

// goodReply is col's remembered answer to a stone on prev, if its cell is
// still empty in the fill under way, else NoCell.
func (r *Roller) goodReply(col Color, prev Cell) Cell {
	c := r.lgr.reply[replyIndex(col)][prev]
	if c == NoCell || r.fill[c] != Empty {
		return NoCell
	}
	return c
}

// bridgeReply returns the cell with which owner saves a bridge that the
// stone just put on c attacks, or NoCell. The test is folded into one
// rarely taken branch per pattern: the colours are random, so separate
// tests would be mispredicted at every step.
func (r *Roller) bridgeReply(g *Geometry, c Cell, owner Color) Cell {
	for _, p := range g.pats[g.patAt[c]:g.patAt[c+1]] {
		miss := (r.fill[p.a] ^ owner) | (r.fill[p.b] ^ owner) | r.fill[p.other]
		if miss == 0 {
			return Cell(p.other)
		}
	}
	return NoCell
}
