package bot

import (
	"gygy/engine/gyre"
	"gygy/engine/search"
)

// gyrePos adapts a GYRE board to search.MCTSPosition. Sides: 0 is Spoke,
// 1 is Gyre; moves are cell indices. The swap decision is not a move here:
// it changes who plays a colour, not the board, and the bot decides it from
// the search's value of the position.
type gyrePos struct {
	board  gyre.Board
	toMove gyre.Color
	roller *gyre.Roller // shared scratch, not part of the position
	// dist is shared scratch for Prior, given by rootConfig; nil where
	// the search is not given priors.
	dist   *gyre.Distances
	priors [2]PriorTerms // by side, for Prior
	// learned: Prior is the learned one (gyre_pattern.go), which also
	// looks at the opponent's last stone, last (gyre.NoCell if none).
	learned bool
	last    gyre.Cell
}

// newGyrePos is the position of board with toMove to play, the
// opponent's last stone last (gyre.NoCell if none), sharing roller.
func newGyrePos(board gyre.Board, toMove gyre.Color, roller *gyre.Roller, last gyre.Cell) gyrePos {
	return gyrePos{board: board, toMove: toMove, roller: roller, last: last}
}

func side(c gyre.Color) int { return int(c) - int(gyre.Spoke) }

func colour(side int) gyre.Color { return gyre.Spoke + gyre.Color(side) }

func (p *gyrePos) Turn() int { return side(p.toMove) }

func (p *gyrePos) Moves(dst []search.Move) []search.Move {
	if p.board.Winner() != gyre.Empty {
		return dst
	}
	for c := 0; c < p.board.Geometry().Cells(); c++ {
		if p.board.At(gyre.Cell(c)) == gyre.Empty {
			dst = append(dst, search.Move(c))
		}
	}
	return dst
}

func (p *gyrePos) Play(m search.Move) {
	p.board.Place(gyre.Cell(m), p.toMove)
	p.toMove = p.toMove.Other()
	p.last = gyre.Cell(m)
}

func (p *gyrePos) Winner() int {
	if w := p.board.Winner(); w != gyre.Empty {
		return side(w)
	}
	return -1
}

// Rollout fills the board with the bridge-saving policy and reports every
// cell the playout coloured.
func (p *gyrePos) Rollout(amaf []int8) int {
	w := p.roller.FillSavingBridges(&p.board, p.toMove)
	for c := 0; c < p.board.Geometry().Cells(); c++ {
		cell := gyre.Cell(c)
		if p.board.At(cell) == gyre.Empty {
			amaf[c] = int8(side(p.roller.Filled(cell)))
		}
	}
	return side(w)
}
