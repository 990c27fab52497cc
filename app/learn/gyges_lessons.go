package learn

import "gygy/engine/gyges"

// Gyges returns the Gygès lessons in order (rulebook: Which pieces may
// move, Movement, Landing on a piece, Goals and winning). South plays
// from the bottom of the board in every one.
func Gyges() []Lesson {
	return []Lesson{
		{
			ID: "gyges-row", Game: GameGyges, Title: "The active row",
			Text:     "The pieces belong to nobody. You may move only a piece in your active row: the non-empty row nearest to you. Row 1 is empty here, so South's active row is row 2.",
			Task:     "Move any piece of your active row.",
			Success:  "Only row 2's pieces could move; whoever moves, it is the row that counts.",
			Position: "....../.3.2../..1.../....../....../...... S",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyges-rings", Game: GameGyges, Title: "Exactly its rings",
			Text:     "A piece moves exactly as many steps as it has rings: one, two or three, never fewer.",
			Task:     "Move the three-ring piece on c1 to c4.",
			Success:  "Three rings, three steps.",
			Wrong:    "That is not c4. Count three steps straight up.",
			Position: "..3.../....../....../....../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-c4") },
		},
		{
			ID: "gyges-turns", Game: GameGyges, Title: "Turning corners",
			Text:     "A piece may turn between its steps, but it may not pass through a piece, and within one move it may not cross the same edge between two squares twice.",
			Task:     "The way up is blocked: move the two-ring piece on c1 to d2.",
			Success:  "Right, then up: a move may turn.",
			Wrong:    "That is not d2. Go round the piece on c2.",
			Position: "..2.../..1.../....../....../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-d2") },
		},
		{
			ID: "gyges-bounce", Game: GameGyges, Title: "A bounce",
			Text:     "When a move's last step lands on a piece, the mover may bounce: it goes on as many steps as the piece it landed on has rings.",
			Task:     "Bounce the one-ring piece on c1 off the two-ring piece on c2, and reach c4.",
			Success:  "One step onto the two, then two more: a bounce.",
			Wrong:    "Not c4. Land on c2 and go on two steps.",
			Position: "..1.../..2.../....../....../....../...... S",
			check: func(_, _ Board, action string) Verdict {
				return verdict(action == "c1-c4")
			},
		},
		{
			ID: "gyges-chain", Game: GameGyges, Title: "A chain of bounces",
			Text:     "Bounces chain: every piece you land on gives you its rings again. Only the edge rule limits the chain.",
			Task:     "Reach c6 from c1 by bouncing twice.",
			Success:  "One, then two, then two: c6.",
			Wrong:    "Not c6. Bounce off c2, then off c4.",
			Position: "..1.../..2.../....../..2.../....../...... S",
			check:    func(_, _ Board, action string) Verdict { return verdict(action == "c1-c6") },
		},
		{
			ID: "gyges-replace", Game: GameGyges, Title: "A replacement",
			Text:     "Instead of bouncing, the mover may stay on the piece it landed on and put that piece on any empty square, except a row behind the opponent's active row. North's active row here is row 5, so row 6 is closed.",
			Task:     "Land on the piece on c3, stay there, and put that piece on any square you may.",
			Success:  "Replaced: the piece went where the rule allows.",
			Wrong:    "Stay on c3 this time: land on it and choose where its piece goes.",
			Position: "..2.../....../..3.../....../.1..1./...... S",
			check: func(_, _ Board, action string) Verdict {
				m, err := gyges.ParseMove(action)
				return verdict(err == nil && m.IsReplace() && m.To.String() == "c3")
			},
		},
		{
			ID: "gyges-fallback", Game: GameGyges, Title: "The active row falls back",
			Text:     "If no piece of your nearest row can move, the next non-empty row becomes your active row. Here row 1's pieces are walled in by row 2.",
			Task:     "Row 1 is stuck: make a move from row 2.",
			Success:  "Row 1 could not move, so row 2 was your active row.",
			Position: "223322/113311/....../....../....../...... S",
			check:    func(_, _ Board, _ string) Verdict { return Done },
		},
		{
			ID: "gyges-goal", Game: GameGyges, Title: "Entering the goal",
			Text:     "You win by entering your opponent's goal, beyond their home row: only with the exact last step of a run, from row 6.",
			Task:     "Take the two-ring piece on c5 into North's goal.",
			Success:  "In the goal: South wins.",
			Wrong:    "Not the goal. One step to row 6, then one more into the goal.",
			Position: "....../....../....../....../..2.../...... S",
			check: func(_, a Board, _ string) Verdict {
				sd, ok := a.Gyges.Winner()
				return verdict(ok && sd == gyges.South)
			},
		},
	}
}
