package gyges

// Scratch is the move generator's working memory, kept from one question
// to the next: a caller that asks about many positions in a row, as a
// game-tree search does at every node, saves setting it up each time. Its
// methods answer as the Position methods of the same names. The zero
// value is ready to use; a Scratch is not safe for concurrent use.
type Scratch struct{ g gen }

// Reach is p.Reach(firstGoal).
func (sc *Scratch) Reach(p Position, firstGoal bool) (goals, landings int) {
	if p.over {
		return 0, 0
	}
	sc.g.reset(&p)
	return sc.g.reach(firstGoal)
}

// MoveSets is p.MoveSets(dst).
func (sc *Scratch) MoveSets(p Position, dst []PieceMoves) []PieceMoves {
	if p.over {
		return dst
	}
	sc.g.reset(&p)
	return sc.g.moveSets(dst)
}

// GoalOrMoveSets is p.GoalOrMoveSets(dst).
func (sc *Scratch) GoalOrMoveSets(p Position, dst []PieceMoves) ([]PieceMoves, bool) {
	if p.over {
		return dst, false
	}
	sc.g.reset(&p)
	return sc.g.goalOrMoveSets(dst)
}
