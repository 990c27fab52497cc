package search

// Move is a move as the search sees it: a small non-negative index that
// the game gives meaning to. For RAVE the indices must be below the
// MoveSpace the game declares.
type Move int32

// Limits bounds one call of Search. Zero fields are unbounded; with no
// bound at all the search runs until the context ends.
type Limits struct {
	Iterations int // playouts in this call
	Nodes      int // positions visited in this call (alpha-beta)
	Depth      int // deepest iteration (alpha-beta)
}
