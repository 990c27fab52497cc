package gyre

// The tactical queries a player asks before any search: where a stone wins
// at once, and where one makes two such cells. They rest on one rule of
// the game: a colour's winning conditions (a bridge for Spoke, a loop for
// Gyre) depend on its own stones alone, so an opponent's stone can spoil
// at most the one cell it fills.

// EachStone calls f with the board after a stone of colour col on each
// empty cell in turn, until f returns false. f must not keep after: the
// same board is reused for every cell.
func (b *Board) EachStone(col Color, f func(cell Cell, after *Board) bool) {
	var after Board
	for c := 0; c < b.geo.Cells(); c++ {
		cell := Cell(c)
		if b.stones[cell] != Empty {
			continue
		}
		after = *b
		after.Place(cell, col)
		if !f(cell, &after) {
			return
		}
	}
}

// WinningCells appends to dst the empty cells where a stone of colour col
// wins at once, in cell order.
func (b *Board) WinningCells(dst []Cell, col Color) []Cell {
	b.EachStone(col, func(cell Cell, after *Board) bool {
		if after.Winner() == col {
			dst = append(dst, cell)
		}
		return true
	})
	return dst
}

// DoubleThreat finds the first cell, in cell order, where a stone of col
// makes two or more winning cells. When the opponent has no winning cell
// of its own, such a stone wins: the opponent can fill only one of them,
// and cannot spoil the other.
func (b *Board) DoubleThreat(col Color) (Cell, bool) {
	found := NoCell
	var wins []Cell
	b.EachStone(col, func(cell Cell, after *Board) bool {
		if wins = after.WinningCells(wins[:0], col); len(wins) >= 2 {
			found = cell
			return false
		}
		return true
	})
	return found, found != NoCell
}
