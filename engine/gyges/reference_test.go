package gyges

import (
	"slices"
	"strings"
)

// The reference generator: deliberately slow and written from the rulebook
// without sharing code with the engine. It walks every path of every piece
// one step at a time on a (column, row) grid, then deduplicates the
// outcomes. Drops and the active row are computed on board copies.

type refGen struct {
	board    [Size][Size]int // [col][row]
	side     Side
	displace bool
	used     [NumSquares * NumSquares]bool // boundary between two squares, smaller index first
	plain    map[[2]int]bool
	replace  map[[2]int]bool
	goal     bool
	paths    int
}

func newRefGen(p Position) *refGen {
	r := &refGen{side: p.Side(), displace: p.Variant() != NoDisplace}
	for c := range Size {
		for row := range Size {
			r.board[c][row] = p.Piece(SquareAt(c, row))
		}
	}
	return r
}

func (r *refGen) boundary(c1, r1, c2, r2 int) int {
	a, b := r1*Size+c1, r2*Size+c2
	return min(a, b)*NumSquares + max(a, b)
}

// explore takes every step of a run with `left` steps to go from (c, row).
func (r *refGen) explore(c, row, left int) {
	goalRow, beyond := Size-1, Size // South aims past row 6
	if r.side == North {
		goalRow, beyond = 0, -1
	}
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nc, nr := c+d[0], row+d[1]
		if nr == beyond && row == goalRow && left == 1 {
			r.goal = true
			r.paths++
			continue
		}
		if nc < 0 || nc >= Size || nr < 0 || nr >= Size {
			continue
		}
		e := r.boundary(c, row, nc, nr)
		if r.used[e] {
			continue
		}
		r.used[e] = true
		switch {
		case left > 1 && r.board[nc][nr] == 0:
			r.explore(nc, nr, left-1)
		case left > 1:
			// blocked: squares passed through must be empty
		case r.board[nc][nr] == 0:
			r.plain[[2]int{nc, nr}] = true
			r.paths++
		default:
			if r.displace {
				r.replace[[2]int{nc, nr}] = true
				r.paths++
			}
			r.explore(nc, nr, r.board[nc][nr])
		}
		r.used[e] = false
	}
}

// pieceMoves returns the moves of the piece on (c, row) in notation.
func (r *refGen) pieceMoves(c, row int) []string {
	size := r.board[c][row]
	r.board[c][row] = 0
	defer func() { r.board[c][row] = size }()
	r.plain, r.replace, r.goal = map[[2]int]bool{}, map[[2]int]bool{}, false
	r.explore(c, row, size)
	from := SquareAt(c, row).String()
	var out []string
	if r.goal {
		out = append(out, from+"-G")
	}
	for sq := range r.plain {
		out = append(out, from+"-"+SquareAt(sq[0], sq[1]).String())
	}
	for sq := range r.replace {
		for _, d := range r.drops(sq) {
			out = append(out, from+"-"+SquareAt(sq[0], sq[1]).String()+":"+d)
		}
	}
	return out
}

// drops lists where the displaced piece may go: the mover is lifted from
// its start (already done by pieceMoves) and stands on the landing square.
func (r *refGen) drops(landing [2]int) []string {
	b := r.board
	b[landing[0]][landing[1]] = 9 // the mover
	oppRow := -1
	for i := range Size {
		row := Size - 1 - i // North's side first
		if r.side == North {
			row = i
		}
		for c := range Size {
			if b[c][row] != 0 && oppRow < 0 {
				oppRow = row
			}
		}
	}
	var out []string
	for c := range Size {
		for row := range Size {
			behind := row > oppRow
			if r.side == North {
				behind = row < oppRow
			}
			if b[c][row] == 0 && !behind {
				out = append(out, SquareAt(c, row).String())
			}
		}
	}
	return out
}

// refMoves returns the legal moves of p, sorted, in notation.
func refMoves(p Position) []string {
	if _, over := p.Winner(); over {
		return nil
	}
	r := newRefGen(p)
	for i := range Size {
		row := i
		if p.Side() == North {
			row = Size - 1 - i
		}
		var out []string
		for c := range Size {
			if r.board[c][row] != 0 {
				out = append(out, r.pieceMoves(c, row)...)
			}
		}
		if len(out) > 0 {
			slices.Sort(out)
			return out
		}
	}
	return []string{"pass"}
}

// refPaths counts the paths of the pieces of row row, for the record.
func refPaths(p Position, row int) int {
	r := newRefGen(p)
	for c := range Size {
		if r.board[c][row] != 0 {
			r.pieceMoves(c, row)
		}
	}
	return r.paths
}

// refPerft is Perft on top of refMoves and ParseMove.
func refPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, s := range refMoves(p) {
		if strings.HasSuffix(s, "-G") {
			n++
			continue
		}
		m, err := ParseMove(s)
		if err != nil {
			panic(err)
		}
		q := p
		q.Apply(m)
		n += refPerft(q, depth-1)
	}
	return n
}
