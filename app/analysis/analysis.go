package analysis

import (
	"fmt"
	"slices"

	"gygy/engine/game"
)

// Judgement is what the computer found in one position of a game.
type Judgement struct {
	// Mover is the seat to move, 0 (seat one) or 1 (seat two); -1 where
	// the game is over.
	Mover int
	// Known reports whether Chance means something: false for positions
	// the computer judged by another measure (a GYRE opening or swap
	// decision) or could not judge.
	Known bool
	// Chance is the mover's chance to win, 0..1 (1 or 0 when Proved).
	Chance float64
	// Proved reports that Chance is exact: the GYRE solver proved who
	// wins with perfect play.
	Proved bool
	// Best is the computer's move here (nil where none).
	Best game.Action
	// Winning lists the moves that keep a proved win (Proved and
	// Chance 1 only).
	Winning []game.Action
	// Played is the mover's chance after the move played here, judged by
	// the same search as Chance (HasPlayed; Gygès). Two searches of two
	// positions each carry their own side to move's bias, and compared
	// across a move the bias turned every move into a good one: a move
	// is marked by Chance against Played where there is one.
	Played    float64
	HasPlayed bool
}

// Mark is the verdict on one move.
type Mark int8

// The marks, from no verdict to the worst. None is a move that was not
// judged (an opening stone, a position the computer could not value).
const (
	None Mark = iota
	Good
	Inaccuracy
	Mistake
	Blunder
)

var markNames = [...]string{None: "not judged", Good: "good", Inaccuracy: "inaccuracy", Mistake: "mistake", Blunder: "blunder"}

// String names the mark, e.g. "blunder".
func (m Mark) String() string {
	if m >= 0 && int(m) < len(markNames) {
		return markNames[m]
	}
	return fmt.Sprintf("mark(%d)", int(m))
}

// The thresholds, on the drop in the mover's chance from before a move to
// after it (in chance, 0..1), as the rulebooks state them: a drop below
// InaccuracyDrop is good; from it an inaccuracy, from MistakeDrop a
// mistake, from BlunderDrop a blunder. A move that turns a proved win
// into a proved loss is a blunder whatever the chances said.
const (
	InaccuracyDrop = 0.05
	MistakeDrop    = 0.12
	BlunderDrop    = 0.25
)

// MarkOf is the mark of a move whose mover's chance went from before to
// after.
func MarkOf(before, after float64) Mark {
	// A hair under a threshold (the rounding of 0.5 - 0.45) counts as on it.
	switch d := before - after + 1e-9; {
	case d >= BlunderDrop:
		return Blunder
	case d >= MistakeDrop:
		return Mistake
	case d >= InaccuracyDrop:
		return Inaccuracy
	}
	return Good
}

// Move is the analysis of one move of a game.
type Move struct {
	Mark Mark
	// Drop is how much the mover's chance fell (negative: it rose).
	Drop float64
	// Better is the computer's move in the position before, where it
	// differs from the move played and the mark is not Good; else nil.
	Better game.Action
	// LostProof reports a proved win turned into a proved loss.
	LostProof bool
}

// Moves marks each move of a game: js[k] judges the position after k
// actions (len(js) = len(played)+1), played[k] is action k+1. A move is
// marked only where the position before it is known with its mover, and
// the chance after it: the one judged with the move itself (Played), a
// proof, or the next position's judgement.
func Moves(js []Judgement, played []game.Action) ([]Move, error) {
	if len(js) != len(played)+1 {
		return nil, fmt.Errorf("analysis: %d judgements for %d moves (want one more)", len(js), len(played))
	}
	out := make([]Move, len(played))
	for k := range played {
		a := js[k]
		after, ok := chanceAfter(a, js[k+1], played[k])
		if !a.Known || a.Mover < 0 || !ok {
			continue
		}
		m := Move{Drop: a.Chance - after, Mark: MarkOf(a.Chance, after)}
		if a.Proved && a.Chance == 1 && after == 0 {
			m.Mark, m.LostProof = Blunder, true
		}
		if m.Mark != Good && a.Best != nil && a.Best != played[k] {
			m.Better = a.Best
		}
		out[k] = m
	}
	return out, nil
}

// chanceAfter is the mover of a's chance after the move played from a to
// b, and whether it is known. A game won by the move is won; a proved win
// is kept by a winning move and thrown away by any other; else the
// chance judged with the move (Played), else b's.
func chanceAfter(a, b Judgement, played game.Action) (float64, bool) {
	switch {
	case b.Mover < 0 || a.Mover < 0:
		return ChanceOf(b, a.Mover), b.Known
	case a.Proved && a.Chance == 1:
		if slices.Contains(a.Winning, played) {
			return 1, true
		}
		return 0, true
	case a.HasPlayed:
		return a.Played, true
	}
	return ChanceOf(b, a.Mover), b.Known
}

// ChanceOf is seat's chance in a judged position.
func ChanceOf(j Judgement, seat int) float64 {
	if j.Mover == seat {
		return j.Chance
	}
	return 1 - j.Chance
}

// Curve is seat one's chance in each position, for the chart: a position
// not known takes the value before it (0.5 at the start).
func Curve(js []Judgement) []float64 {
	out := make([]float64, len(js))
	last := 0.5
	for i, j := range js {
		if j.Known {
			last = ChanceOf(j, 0)
		}
		out[i] = last
	}
	return out
}

// Ended is the judgement of a finished game's last position: winner (0 or
// 1) has won, proved; winner -1 is a game with no winner (a draw, or
// aborted), chance one half, not proved.
func Ended(winner int) Judgement {
	if winner < 0 {
		return Judgement{Mover: -1, Known: false, Chance: 0.5}
	}
	return Judgement{Mover: winner, Known: true, Chance: 1, Proved: true}
}

// Count is how many moves of each mark a seat made.
func Count(js []Judgement, ms []Move, seat int) map[Mark]int {
	out := map[Mark]int{}
	for k, m := range ms {
		if k < len(js) && js[k].Mover == seat && m.Mark != None {
			out[m.Mark]++
		}
	}
	return out
}
