package gyges

// This file holds the queries a board needs to offer exactly the legal
// actions without knowing the rules: the piece set and the home rows for
// a setup, and every destination of every movable piece for a move.

// PieceSet returns the six pieces each player places in a setup, smallest
// first: two of each size (rulebook, Setup). A board's reserve starts as
// this set.
func PieceSet() Layout { return Layout{1, 1, 2, 2, 3, 3} }

// HomeRow returns the side's home row, where it sets up: 0 (row 1) for
// South, 5 (row 6) for North (rulebook, Setup).
func (sd Side) HomeRow() int { return sd.homeRow() }

// Dests is everything the side to move may do now, piece by piece: the
// active row after the fallback (rulebook, Which pieces may move) and, for
// every piece that may move, where it can end (Movement) and where a piece
// it replaces may be put (Landing on a piece). A board that offers exactly
// these needs no rules of its own. The zero value offers nothing.
type Dests struct {
	Row    int          // the active row (0 = row 1), or -1 when the side must pass or the game is over
	Pieces []PieceDests // the movable pieces, in square order
}

// PieceDests is where one movable piece can end, and where a piece it
// replaces may go.
type PieceDests struct {
	PieceTargets
	// Drops are the squares that may receive a piece it replaces, the same
	// whichever piece of Replace that is: at drop time the mover stands on
	// the replaced square either way. Empty when Replace is.
	Drops SquareSet
}

// Dests returns every destination of every piece that may move now: what
// Movable, Targets and Drops give square by square, asked once. A finished
// game, and a side that must pass, get the zero Dests with Row -1.
func (p Position) Dests() Dests {
	all := p.AllTargets(nil)
	d := Dests{Row: -1}
	if len(all) == 0 {
		return d
	}
	d.Row = all[0].From.Row()
	d.Pieces = make([]PieceDests, len(all))
	for i, pt := range all {
		d.Pieces[i].PieceTargets = pt
		if pt.Replace != 0 {
			to := Square(0)
			for !pt.Replace.Has(to) {
				to++
			}
			d.Pieces[i].Drops = p.Drops(pt.From, to)
		}
	}
	return d
}

// Of returns the destinations of the piece on from, and false if it may
// not move now.
func (d Dests) Of(from Square) (PieceDests, bool) {
	for _, pd := range d.Pieces {
		if pd.From == from {
			return pd, true
		}
	}
	return PieceDests{PieceTargets: PieceTargets{From: from}}, false
}

// Movable returns the squares of the pieces that may move now.
func (d Dests) Movable() SquareSet {
	var ss SquareSet
	for _, pd := range d.Pieces {
		ss |= bit(pd.From)
	}
	return ss
}
