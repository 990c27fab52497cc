package gyges

import (
	"errors"
	"fmt"
)

// Errors returned by the package; they are wrapped with a message that says
// what is wrong and where, so test them with errors.Is.
var (
	// ErrIllegalMove reports a move the rules do not allow in the position.
	ErrIllegalMove = errors.New("gyges: illegal move")
	// ErrGameOver reports a move after a piece has entered a goal.
	ErrGameOver = errors.New("gyges: game is over")
	// ErrNotation reports malformed position, move, layout or record text.
	ErrNotation = errors.New("gyges: bad notation")
	// ErrSetup reports a setup that breaks the rules or comes at the wrong
	// time.
	ErrSetup = errors.New("gyges: bad setup")
	// ErrPhase reports a request the game's phase does not allow, such as a
	// move during setup.
	ErrPhase = errors.New("gyges: wrong phase")
	// ErrNoUndo reports an undo with nothing to undo.
	ErrNoUndo = errors.New("gyges: nothing to undo")
)

// Position is the board in play: the pieces, the side to move, the rule
// variant, and whether a piece has entered a goal. It is a small value:
// copy it freely. The zero Position is an empty board, South to move,
// standard rules.
type Position struct {
	board   [NumSquares]int8 // piece size per square, 0 when empty
	side    Side
	variant Variant
	over    bool // a piece entered a goal; side is then the winner
}

// StartPosition returns the position after South sets up south and North
// sets up north, South to move (rulebook, Setup).
func StartPosition(south, north Layout, v Variant) Position {
	p := Position{variant: v}
	for col := range Size {
		p.board[SquareAt(col, 0)] = south[col]
		p.board[SquareAt(col, Size-1)] = north[col]
	}
	return p
}

// Piece returns the size of the piece on s (1, 2 or 3), or 0 if s is empty
// or not a square of the board.
func (p Position) Piece(s Square) int {
	if !s.OnBoard() {
		return 0
	}
	return int(p.board[s])
}

// WithPiece returns a copy of p with a piece of the given size on s (0 to
// empty it). It checks nothing else: it is for building puzzles and tests.
func (p Position) WithPiece(s Square, size int) Position {
	if s.OnBoard() && size >= 0 && size <= 3 {
		p.board[s] = int8(size)
	}
	return p
}

// Side returns the side to move, or once the game is over, the winner.
func (p Position) Side() Side { return p.side }

// WithSide returns a copy of p with sd to move.
func (p Position) WithSide(sd Side) Position {
	p.side = sd
	return p
}

// Variant returns the rule variant the position is played under.
func (p Position) Variant() Variant { return p.variant }

// WithVariant returns a copy of p played under v.
func (p Position) WithVariant(v Variant) Position {
	p.variant = v
	return p
}

// Winner returns the side whose piece entered the opponent's goal, and
// false while the game goes on (rulebook, Goals and winning).
func (p Position) Winner() (Side, bool) { return p.side, p.over }

// Occupied returns the set of squares holding a piece.
func (p Position) Occupied() SquareSet {
	var ss SquareSet
	for s, size := range p.board {
		if size != 0 {
			ss |= 1 << uint(s)
		}
	}
	return ss
}

// Apply plays m without checking it: m must come from Moves (or have passed
// Legal) in this very position. Use Play for moves from outside.
func (p *Position) Apply(m Move) {
	switch {
	case m == Pass:
	case m.To == Goal:
		p.board[m.From] = 0
		p.over = true
		return
	default:
		piece := p.board[m.From]
		p.board[m.From] = 0
		if m.Drop != NoSquare {
			p.board[m.Drop] = p.board[m.To]
		}
		p.board[m.To] = piece
	}
	p.side = p.side.Opponent()
}

// Play checks m and plays it. If m is illegal it returns an error wrapping
// ErrIllegalMove (or ErrGameOver) and leaves p unchanged.
func (p *Position) Play(m Move) error {
	if err := p.Legal(m); err != nil {
		return err
	}
	p.Apply(m)
	return nil
}

// nearestRow returns the non-empty row of occ nearest to side sd, or -1 if
// occ is empty (rulebook, Which pieces may move: before any fallback).
func nearestRow(occ SquareSet, sd Side) int {
	for i := range Size {
		r := i
		if sd == North {
			r = Size - 1 - i
		}
		if occ&rowMask(r) != 0 {
			return r
		}
	}
	return -1
}

// dropSquares returns where the piece displaced by a mover from `from` may
// go (rulebook, Landing on a piece: replace). At drop time the mover stands
// on the landing square, which was occupied before and stays so, and the
// displaced piece is in hand: the board is occ without the start square.
// The drop may go on any empty square except in the rows strictly between
// the opponent's nearest non-empty row and the opponent's goal.
func dropSquares(occ SquareSet, from Square, mover Side) SquareSet {
	occ &^= bit(from)
	opp := mover.Opponent()
	r := nearestRow(occ, opp)
	var allowed SquareSet
	if opp == North {
		allowed = allSquares >> (Size * uint(Size-1-r)) // rows 0..r
	} else {
		allowed = allSquares &^ (1<<(Size*uint(r)) - 1) // rows r..5
	}
	return allowed &^ occ
}

// Drops returns the squares where the piece on to may be put when the
// piece on from replaces it, or the empty set if that replace is not legal
// (rulebook, Landing on a piece).
func (p Position) Drops(from, to Square) SquareSet {
	if !from.OnBoard() || !to.OnBoard() || !p.Targets(from).Replace.Has(to) {
		return 0
	}
	return dropSquares(p.Occupied(), from, p.side)
}

// rowName names row r (0-based) for messages.
func rowName(r int) string { return fmt.Sprintf("row %d", r+1) }
