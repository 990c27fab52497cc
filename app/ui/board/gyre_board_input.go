package board

import "gygy/engine/gyre"

// gyreInput is the GYRE board's input: the keyboard cursor, and a finger's
// mark on a cell. It knows nothing of go-app: the board calls it with cells
// and keys, and plays the cell when it says so. A click, a tap and Enter
// all end in tap.
type gyreInput struct {
	cursor    int        // one more than the cell keyboard play starts from; 0 for none
	pending   int        // one more than a cell a finger chose but has not confirmed; 0 for none
	pendingAt gyre.Board // the position it was chosen in: a mark from another position is void
}

// tap is a click, tap or Enter on cell in position pos. A finger's tap
// (touch) only marks the cell the first time, on every cell of every
// board, so that one rule holds wherever the finger lands; a second tap on
// the marked cell, or a click or key, chooses it. It reports whether to
// play the cell: only when a person may play (live).
func (in *gyreInput) tap(cell gyre.Cell, pos gyre.Board, live, touch bool) bool {
	if live && touch && !in.marked(cell, pos) {
		in.pending, in.pendingAt = int(cell)+1, pos
		return false
	}
	in.cursor, in.pending = int(cell)+1, 0
	return live
}

// marked reports whether a finger's first tap marked cell in position pos.
func (in *gyreInput) marked(cell gyre.Cell, pos gyre.Board) bool {
	return in.pending == int(cell)+1 && in.pendingAt == pos
}

// gyreKey is what a key does: play a cell (which one: the cursor's), and
// whether the drawing changes, with the cell the focus moves to (or
// NoCell).
type gyreKey struct {
	play    bool
	cell    gyre.Cell
	changed bool
	next    gyre.Cell
}

// key plays by keyboard on a board of the given size: left and right go
// round the ring, up goes outwards, down inwards, and Enter or Space
// chooses the cell. (A key confirms at once: only a finger marks first.)
//
// Enter chooses the cursor's cell, not the cell the key was pressed on: an
// arrow moves the cursor at once, but the browser's focus follows only
// after the board is redrawn, so an Enter pressed right after an arrow
// still lands on the cell just left.
func (in *gyreInput) key(size gyre.Size, cell gyre.Cell, key string, live bool) gyreKey {
	rings, cols := size.Rings, size.Cols
	if cell < 0 || int(cell) >= rings*cols {
		return gyreKey{changed: true, next: gyre.NoCell}
	}
	r, c := int(cell)/cols, int(cell)%cols
	switch key {
	case "ArrowLeft":
		c = (c + cols - 1) % cols
	case "ArrowRight":
		c = (c + 1) % cols
	case "ArrowUp":
		r = min(r+1, rings-1)
	case "ArrowDown":
		r = max(r-1, 0)
	case "Enter", " ":
		if in.cursor > 0 && in.cursor <= rings*cols {
			cell = gyre.Cell(in.cursor - 1)
		}
		return gyreKey{play: in.tap(cell, gyre.Board{}, live, false), cell: cell, changed: true, next: gyre.NoCell}
	default:
		return gyreKey{next: gyre.NoCell}
	}
	next := r*cols + c
	in.cursor = next + 1
	return gyreKey{changed: true, next: gyre.Cell(next)}
}

// focusCell is the one cell of cells in the tab order: the keyboard
// cursor, else the last move, else the first cell.
func (in *gyreInput) focusCell(cells int, last gyre.Cell) gyre.Cell {
	switch {
	case in.cursor > 0 && in.cursor <= cells:
		return gyre.Cell(in.cursor - 1)
	case last >= 0 && int(last) < cells:
		return last
	}
	return 0
}
