package gyges

// LastMove returns the last move played and the position it was played
// in, from which its witness path follows (Position.Path); ok is false
// before the first move.
func (g *Game) LastMove() (m Move, before Position, ok bool) {
	n := len(g.moves)
	if n == 0 {
		return Pass, Position{}, false
	}
	return g.moves[n-1], g.before[n-1], true
}
