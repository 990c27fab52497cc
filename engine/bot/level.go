package bot

import "fmt"

// Level is a bot's strength.
type Level int8

// The levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
)

// Levels lists every level, weakest first.
var Levels = []Level{Easy, Medium, Hard}

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

// ParseLevel reads a level name as written by String.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("bot: unknown level %q (want easy, medium or hard)", s)
}
