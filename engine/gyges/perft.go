package gyges

// Perft counts the move sequences of the given depth from p, the usual
// check of a move generator (rulebook, Reference figures): moves are the
// distinct (from, to, drop) outcomes, a goal move is a leaf counted once
// and never expanded, and a side with no legal move passes (one node). The
// last ply is counted, not played.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	return perft(p, depth, bufs)
}

func perft(p Position, depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	moves := p.Moves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	var n uint64
	for _, m := range moves {
		if m.To == Goal {
			n++
			continue
		}
		q := p
		q.Apply(m)
		n += perft(q, depth-1, bufs)
	}
	return n
}
