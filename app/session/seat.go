package session

import (
	"fmt"

	"gygy/engine/level"
)

// Kind says who sits in a seat.
type Kind int8

// The kinds of seat: a person at this device, the computer, or a person on
// another device playing online (whose actions arrive over the network,
// already checked there and checked again here).
const (
	Human Kind = iota
	Computer
	Remote
)

// String returns "human", "computer" or "remote".
func (k Kind) String() string {
	switch k {
	case Computer:
		return "computer"
	case Remote:
		return "remote"
	}
	return "human"
}

// Seat is one side of the table: a person at this device, or the computer
// at some level (the level means nothing for a person).
type Seat struct {
	Kind  Kind
	Level level.Level
	// Long asks the computer at Hard to think longer (level.LongMoveTime).
	Long bool
}

// String describes the seat: "human", "remote" or "computer (hard)".
func (s Seat) String() string {
	if s.Kind == Computer {
		if s.Long && s.Level == level.Hard {
			return fmt.Sprintf("computer (%s, thinking longer)", s.Level)
		}
		return fmt.Sprintf("computer (%s)", s.Level)
	}
	return s.Kind.String()
}
