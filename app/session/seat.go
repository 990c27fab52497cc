package session

import (
	"fmt"

	"gygy/engine/level"
)

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

// Seat is one side of the table: a person at this device, or the computer
// at some level (the level means nothing for a person).
type Seat struct {
	Kind  Kind
	Level level.Level
}

// String describes the seat: "human" or "computer (hard)".
func (s Seat) String() string {
	if s.Kind == Computer {
		return fmt.Sprintf("computer (%s)", s.Level)
	}
	return "human"
}
