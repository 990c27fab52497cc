// Package level names the strengths of the computer players. It stands
// apart from the bots so that the app can offer and save a level without
// linking the bots into the page.
package level

import "fmt"

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
