package session

import "fmt"

// Kind says who sits in a seat.
type Kind int8

// The kinds of seat. Remote players join with online play.
const (
	Human Kind = iota
	Computer
)

// String returns "human" or "computer".
func (k Kind) String() string {
	if k == Computer {
		return "computer"
	}
	return "human"
}

// Level is the strength of a computer seat.
type Level int8

// The computer levels, weakest first.
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
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return "easy"
}

// ParseLevel reads a level written by Level.String.
func ParseLevel(text string) (Level, error) {
	for _, l := range Levels {
		if l.String() == text {
			return l, nil
		}
	}
	return Easy, fmt.Errorf("session: unknown computer level %q (want easy, medium or hard)", text)
}

// Seat is one side of the table: a person at this device, or the computer
// at some level (the level means nothing for a person).
type Seat struct {
	Kind  Kind
	Level Level
}

// String describes the seat: "human" or "computer (hard)".
func (s Seat) String() string {
	if s.Kind == Computer {
		return fmt.Sprintf("computer (%s)", s.Level)
	}
	return "human"
}
