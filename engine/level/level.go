// Package level names the strengths of the computer players and how long
// each may think. It stands apart from the bots so that the app can offer
// and save a level, and draw the wait for the computer's move, without
// linking the bots into the page.
package level

import (
	"fmt"
	"time"
)

// Level is a computer player's strength.
type Level int8

// The levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
)

// All lists every level, weakest first.
var All = []Level{Easy, Medium, Hard}

// String returns "easy", "medium" or "hard".
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return fmt.Sprintf("level(%d)", int(l))
}

// Parse reads a level name as written by String.
func Parse(s string) (Level, error) {
	for _, l := range All {
		if l.String() == s {
			return l, nil
		}
	}
	return Easy, fmt.Errorf("unknown level %q (want easy, medium or hard)", s)
}

// moveTimes is the most each level thinks per move, in wall time on the
// device that runs it: a fast device plays stronger within the same time,
// a slow one weaker but on time. They leave room under what players wait
// for: Easy 0.5 s, Medium 1.5 s, Hard 4 s, counting the page's own part.
var moveTimes = [...]time.Duration{
	Easy:   400 * time.Millisecond,
	Medium: 1200 * time.Millisecond,
	Hard:   3 * time.Second,
}

// LongMoveTime is Hard's budget per move when the player asks the computer
// to think longer, for the strongest play.
const LongMoveTime = 15 * time.Second

// MoveTime returns the most the level thinks per move; long selects
// Hard's LongMoveTime and changes nothing for the other levels. A level
// may answer sooner: when its work budget is spent, the move is forced or
// the result is proven.
func (l Level) MoveTime(long bool) time.Duration {
	switch {
	case l >= Hard && long:
		return LongMoveTime
	case l < Easy:
		return moveTimes[Easy]
	case int(l) >= len(moveTimes):
		return moveTimes[Hard]
	}
	return moveTimes[l]
}
