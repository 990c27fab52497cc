package session

import (
	"fmt"
	"strings"

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

// MarshalText writes the seat in a few words, as lists of games keep it:
// "human", "remote", "computer medium", "computer hard long".
func (s Seat) MarshalText() ([]byte, error) {
	text := s.Kind.String()
	if s.Kind == Computer {
		text += " " + s.Level.String()
		if s.Long {
			text += " long"
		}
	}
	return []byte(text), nil
}

// UnmarshalText reads a seat that MarshalText wrote.
func (s *Seat) UnmarshalText(b []byte) error {
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return fmt.Errorf("session: empty seat, want e.g. \"human\" or \"computer medium\"")
	}
	out := Seat{}
	switch f[0] {
	case "human":
	case "remote":
		out.Kind = Remote
	case "computer":
		if len(f) < 2 || len(f) > 3 || (len(f) == 3 && f[2] != "long") {
			return fmt.Errorf("session: seat %q: want \"computer <level>\" or \"computer <level> long\"", b)
		}
		l, err := level.Parse(f[1])
		if err != nil {
			return fmt.Errorf("session: seat %q: %w", b, err)
		}
		out = Seat{Kind: Computer, Level: l, Long: len(f) == 3}
	default:
		return fmt.Errorf("session: unknown seat %q", b)
	}
	if out.Kind != Computer && len(f) > 1 {
		return fmt.Errorf("session: seat %q: a %s has no level", b, f[0])
	}
	*s = out
	return nil
}
