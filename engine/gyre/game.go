package gyre

import (
	"errors"
	"fmt"
)

// ErrIllegalMove reports a move the rules do not allow in the position.
var ErrIllegalMove = errors.New("gyre: illegal move")

// Player is one of the two people (or programs) at the table. Player One
// places the first stone; Player Two makes the swap decision.
type Player int8

// The players.
const (
	NoPlayer Player = iota
	One
	Two
)

// String returns "player 1", "player 2" or "nobody".
func (p Player) String() string {
	switch p {
	case One:
		return "player 1"
	case Two:
		return "player 2"
	}
	return "nobody"
}

// Move is a placement on a cell (a Cell value) or the swap decision.
// Keeping the side is not a move: Player Two keeps by placing a stone.
type Move int16

// Swap is the swap decision (rulebook, Players and turns).
const Swap Move = -2

// Place returns the move that puts a stone on c.
func Place(c Cell) Move { return Move(c) }

// Cell returns the cell of a placement, and false for the swap decision.
func (m Move) Cell() (Cell, bool) {
	if m < 0 {
		return NoCell, false
	}
	return Cell(m), true
}

// Game is a game of GYRE under way: the board, whose turn it is, the swap
// decision, the record and the result. The zero Game is not usable; make
// one with NewGame.
type Game struct {
	variant Variant
	board   Board
	record  []Move
	swapped bool // Player Two took over Spoke
}

// NewGame starts a game on an empty board of size s.
func NewGame(s Size, v Variant) (*Game, error) {
	g, err := GeometryOf(s)
	if err != nil {
		return nil, err
	}
	if err := v.Fits(s); err != nil {
		return nil, err
	}
	return &Game{variant: v, board: NewBoard(g)}, nil
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.record = append([]Move(nil), g.record...)
	return &c
}

// Variant returns the game's rule variant.
func (g *Game) Variant() Variant { return g.variant }

// Size returns the board size.
func (g *Game) Size() Size { return g.board.Size() }

// Geometry returns the geometry of the game's board.
func (g *Game) Geometry() *Geometry { return g.board.geo }

// At returns the colour on a cell.
func (g *Game) At(c Cell) Color { return g.board.At(c) }

// Position returns the current position as a position string.
func (g *Game) Position() string { return g.board.String() }

// Board returns the current position. The result is a copy.
func (g *Game) Board() Board { return g.board }

// Record returns the moves played so far. The slice is a copy.
func (g *Game) Record() []Move { return append([]Move(nil), g.record...) }

// LastStone returns the cell of the last action if it placed a stone,
// else NoCell (no action yet, or the swap).
func (g *Game) LastStone() Cell {
	if len(g.record) == 0 {
		return NoCell
	}
	c, ok := g.record[len(g.record)-1].Cell()
	if !ok {
		return NoCell
	}
	return c
}

// Swapped reports whether Player Two took the swap.
func (g *Game) Swapped() bool { return g.swapped }

// Winner returns the winning colour, or Empty while the game goes on.
func (g *Game) Winner() Color { return g.board.Winner() }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.board.Winner() != Empty }

// ToMove returns the colour of the next stone, or Empty once the game is
// over. It follows from the number of stones (Variant.StoneColor): with
// `opening K` the first K stones are Gyre and the next Spoke; then, as in
// the other variants from the first stone, Spoke and Gyre alternate. The
// swap decision does not place a stone, and after it the next stone is
// Gyre either way.
func (g *Game) ToMove() Color {
	if g.Over() {
		return Empty
	}
	return g.variant.StoneColor(g.stones())
}

// stones is the number of stones on the board.
func (g *Game) stones() int { return g.board.Stones(Spoke) + g.board.Stones(Gyre) }

// InOpening reports whether the next stone is one of the opening's, which
// player 1 places whatever its colour: the first stone, or with
// `opening K` the first K + 1 stones.
func (g *Game) InOpening() bool { return !g.Over() && g.stones() < g.variant.OpeningStones() }

// Controller returns the player who plays colour c: before a swap Player
// One plays Spoke (Gyre under GyreFirst, which has no swap); a swap hands
// Spoke to Player Two. (During an opening
// Player One places the Gyre stones too, see Turn, but Gyre belongs to
// whoever player 2's choice gives it.)
func (g *Game) Controller(c Color) Player {
	switch {
	case c == Empty:
		return NoPlayer
	case (c == g.variant.FirstColor()) != g.swapped:
		return One
	}
	return Two
}

// Turn returns the player who acts next (places a stone or, right after
// the opening, may swap), or NoPlayer once the game is over. Player One
// places every stone of the opening.
func (g *Game) Turn() Player {
	if g.InOpening() {
		return One
	}
	return g.Controller(g.ToMove())
}

// SwapAvailable reports whether the next action may be the swap decision:
// exactly once, right after the opening (the first stone, or the K + 1
// stones of `opening K`), unless the variant is NoSwap or GyreFirst.
func (g *Game) SwapAvailable() bool {
	return g.variant.HasSwap() && len(g.record) == g.variant.OpeningStones() && !g.Over()
}

// Legal reports whether m may be played now, and why not.
func (g *Game) Legal(m Move) error {
	if g.Over() {
		return fmt.Errorf("%w: the game is over, %s has won", ErrIllegalMove, g.Winner())
	}
	if m == Swap {
		if !g.SwapAvailable() {
			return fmt.Errorf("%w: %s", ErrIllegalMove, g.swapTiming())
		}
		return nil
	}
	c, ok := m.Cell()
	if !ok || !g.board.geo.Contains(c) {
		return fmt.Errorf("%w: move %d is not a cell of a %s board", ErrIllegalMove, m, g.Size())
	}
	if col := g.board.At(c); col != Empty {
		return fmt.Errorf("%w: %s is occupied by %s", ErrIllegalMove, g.board.geo.CellName(c), col)
	}
	return nil
}

// swapTiming says when the swap may be played in this game.
func (g *Game) swapTiming() string {
	switch k := g.variant.K(); {
	case !g.variant.HasSwap():
		return "this game is played without the swap"
	case k == 0:
		return "swap is only allowed right after the first stone"
	case k == 1:
		return "swap is only allowed right after the opening's 2 stones (1 Gyre, then 1 Spoke)"
	default:
		return fmt.Sprintf("swap is only allowed right after the opening's %d stones (%d Gyre, then 1 Spoke)", k+1, k)
	}
}

// Play makes a move after checking it; on error the game is unchanged.
func (g *Game) Play(m Move) error {
	if err := g.Legal(m); err != nil {
		return err
	}
	g.Apply(m)
	return nil
}

// Apply makes a move without checking it. Use it only for moves that came
// from Moves or passed Legal; anything else corrupts the game.
func (g *Game) Apply(m Move) {
	g.record = append(g.record, m)
	if m == Swap {
		g.swapped = true
		return
	}
	g.board.Place(Cell(m), g.ToMove())
}

// Moves appends every legal move to dst: the empty cells, and Swap when it
// is available. It appends nothing once the game is over.
func (g *Game) Moves(dst []Move) []Move {
	if g.Over() {
		return dst
	}
	if g.SwapAvailable() {
		dst = append(dst, Swap)
	}
	for c := 0; c < g.board.geo.Cells(); c++ {
		if g.board.stones[c] == Empty {
			dst = append(dst, Move(c))
		}
	}
	return dst
}

// Undo takes back the last move and returns it; false if there is none.
// The union-find cannot be unwound, so the position is rebuilt from the
// record: at most a few hundred stones.
func (g *Game) Undo() (Move, bool) {
	if len(g.record) == 0 {
		return 0, false
	}
	last := g.record[len(g.record)-1]
	moves := g.record[:len(g.record)-1]
	g.board = NewBoard(g.board.geo)
	g.record = g.record[:0:0]
	g.swapped = false
	for _, m := range moves {
		g.Apply(m)
	}
	return last, true
}
