package learn

import "gygy/engine/gyre"

// Gyre returns the GYRE lessons in order (rulebook: The board, Winning,
// The swap, A fair start).
func Gyre() []Lesson {
	return []Lesson{
		{
			ID: "gyre-stone", Game: GameGyre, Title: "Place a stone",
			Text:     "GYRE is played on a ring of hexagons. Players take turns placing one stone on any empty cell; stones never move. Spoke (blue stones, marked with a bar) moves first; Gyre plays orange stones, marked with a ring.",
			Task:     "Place a Spoke stone on any empty cell.",
			Success:  "That is a whole turn in GYRE: one stone, anywhere empty.",
			Position: "......../......../......../........",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyre-bridge", Game: GameGyre, Title: "A bridge",
			Text:     "Spoke wins with a chain of touching stones from the inner rim to the outer rim: a bridge across the ring.",
			Task:     "Spoke to move: complete the bridge.",
			Success:  "A bridge from rim to rim: Spoke wins.",
			Wrong:    "That stone does not join the rims. Find the one gap in the chain.",
			Position: "s...g.../s...g.../......../s...g...",
			check:    func(_, a Board, _ string) Verdict { return winner(a, gyre.Spoke) },
		},
		{
			ID: "gyre-loop", Game: GameGyre, Title: "A loop",
			Text:     "Gyre wins with a chain that goes all the way round the hole: a loop. A loop cuts every bridge, and a bridge cuts every loop, so on a full board exactly one side has won.",
			Task:     "Gyre to move: close the loop.",
			Success:  "The loop goes round the hole: Gyre wins.",
			Wrong:    "The loop is still open. Find the one cell that closes it.",
			Position: "ssss..../......../ggggggg./ssss....",
			check:    func(_, a Board, _ string) Verdict { return winner(a, gyre.Gyre) },
		},
		{
			ID: "gyre-block", Game: GameGyre, Title: "Block a bridge",
			Text:     "When your opponent is one stone from winning, you must take that cell yourself.",
			Task:     "Gyre to move: stop Spoke's bridge.",
			Success:  "Blocked: Spoke has no winning cell left.",
			Wrong:    "Spoke can still finish the bridge. Take the cell Spoke needs.",
			Position: "s...g.../s...g.../......../s.......",
			check: func(_, a Board, _ string) Verdict {
				b := a.Gyre.Board()
				return verdict(!a.Gyre.Over() && len(b.WinningCells(nil, gyre.Spoke)) == 0)
			},
		},
		{
			ID: "gyre-two-cell", Game: GameGyre, Title: "The two-cell bridge",
			Text:     "Two stones that share two empty neighbours are as good as joined: if the opponent takes one of the two cells, you take the other. Here b1 and c2 share b2 and c1, and Gyre has just taken c1.",
			Task:     "Spoke to move: keep b1 and c2 joined.",
			Success:  "Right: you answered in the other shared cell, and the chain holds.",
			Wrong:    "Gyre now sits between your stones. Take the other cell the two stones share.",
			Position: "s...g.../s...g.../gs....../........",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "b2") },
		},
		{
			ID: "gyre-swap", Game: GameGyre, Title: "The swap",
			Text:     "Moving first is an advantage, so after the first stone the second player may swap: take that stone as their own and play Spoke. Then the first player plays Gyre.",
			Task:     "Player 2: the first stone is in the middle of the board. Take the swap.",
			Success:  "You swapped: the stone is yours and you play Spoke.",
			Wrong:    "A stone keeps the sides as they are. This time, press Swap.",
			Position: "GYRE 5x10 c5",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "swap") },
		},
		{
			ID: "gyre-fair", Game: GameGyre, Title: "The fair start",
			Text:     "Even with the swap, Spoke wins nearly every strong game. The fair start (opening K) fixes that: player 1 places K Gyre stones and then one Spoke stone, and player 2 chooses a side. Player 1 tries to make both sides equally good.",
			Task:     "Player 1: place the opening's three Gyre stones and one Spoke stone.",
			Success:  "The opening is placed. Now player 2 chooses which side to play.",
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
