package learn

import "gygy/engine/gyre"

// Gyre returns the GYRE lessons in order (rulebook: The board, Winning,
// The swap, A fair start).
func Gyre() []Lesson {
	return []Lesson{
		{
			ID: "gyre-stone", Game: GameGyre,
			Position: "......../......../......../........",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyre-bridge", Game: GameGyre,
			Position: "s...g.../s...g.../......../s...g...",
			check:    func(_, a Board, _ string) Verdict { return winner(a, gyre.Spoke) },
		},
		{
			ID: "gyre-loop", Game: GameGyre,
			Position: "ssss..../......../ggggggg./ssss....",
			check:    func(_, a Board, _ string) Verdict { return winner(a, gyre.Gyre) },
		},
		{
			ID: "gyre-block", Game: GameGyre,
			Position: "s...g.../s...g.../......../s.......",
			check: func(_, a Board, _ string) Verdict {
				b := a.Gyre.Board()
				return verdict(!a.Gyre.Over() && len(b.WinningCells(nil, gyre.Spoke)) == 0)
			},
		},
		{
			ID: "gyre-two-cell", Game: GameGyre,
			Position: "s...g.../s...g.../gs....../........",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "b2") },
		},
		{
			ID: "gyre-swap", Game: GameGyre,
			Position: "GYRE 5x10 c5",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "swap") },
		},
		{
			ID: "gyre-fair", Game: GameGyre,
			Position: "GYRE 5x10 opening3",
			check: func(_, a Board, _ string) Verdict {
				if a.Gyre.InOpening() {
					return More
				}
				return Done
			},
		},
	}
}

// winner is Done when colour col has won on a.
func winner(a Board, col gyre.Color) Verdict {
	b := a.Gyre.Board()
	return verdict(b.Winner() == col)
}
