package learn

import "gygy/engine/gyges"

// Gyges returns the Gygès lessons in order (rulebook: Which pieces may
// move, Movement, Landing on a piece, Goals and winning). South plays
// from the bottom of the board in every one.
func Gyges() []Lesson {
	return []Lesson{
		{
			ID: "gyges-row", Game: GameGyges,
			Position: "....../.3.2../..1.../....../....../...... S",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyges-rings", Game: GameGyges,
			Position: "..3.../....../....../....../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-c4") },
		},
		{
			ID: "gyges-turns", Game: GameGyges,
			Position: "..2.../..1.../....../....../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-d2") },
		},
		{
			ID: "gyges-bounce", Game: GameGyges,
			Position: "..1.../..2.../....../....../....../...... S",
			check: func(_, _ Board, action string) Verdict {
				return verdict(action == "c1-c4")
			},
		},
		{
			ID: "gyges-chain", Game: GameGyges,
			Position: "..1.../..2.../....../..2.../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-c6") },
		},
		{
			ID: "gyges-replace", Game: GameGyges,
			Position: "..2.../....../..3.../....../.1..1./...... S",
			check: func(_, _ Board, action string) Verdict {
				m, err := gyges.ParseMove(action)
				return verdict(err == nil && m.IsReplace() && m.To.String() == "c3")
			},
		},
		{
			ID: "gyges-fallback", Game: GameGyges,
			Position: "223322/113311/....../....../....../...... S",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyges-goal", Game: GameGyges,
			Position: "....../....../....../....../..2.../...... S",
			check: func(_, a Board, _ string) Verdict {
				sd, ok := a.Gyges.Winner()
				return verdict(ok && sd == gyges.South)
			},
		},
	}
}
