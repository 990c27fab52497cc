package session

import (
	"gygy/engine/clock"
	"gygy/engine/game"
)

// Setup is what a new game needs: the game (its kind, size and variant)
// and who sits in each seat. Seats[0] is seat one (GYRE: who places the
// first stone; Gygès: South), Seats[1] seat two (GYRE: who decides on the
// swap; Gygès: North).
type Setup struct {
	Spec  game.Spec
	Clock clock.Control // none, or a clock for each side
	Seats [2]Seat
}

// Seat returns who sits in seat p.
func (s Setup) Seat(p game.Seat) Seat {
	if p == game.Two {
		return s.Seats[1]
	}
	return s.Seats[0]
}

// HasComputer reports whether the computer plays one of the seats.
func (s Setup) HasComputer() bool {
	return s.Seats[0].Kind == Computer || s.Seats[1].Kind == Computer
}

// Online reports whether a person on another device plays one of the seats.
func (s Setup) Online() bool {
	return s.Seats[0].Kind == Remote || s.Seats[1].Kind == Remote
}

// Here returns the seat of the one person at this device when the other
// seat is the computer's or a remote player's, and NoSeat when both seats
// are people here (hot seat) or both are computers.
func (s Setup) Here() game.Seat {
	one, two := s.Seats[0].Kind == Human, s.Seats[1].Kind == Human
	switch {
	case one && !two:
		return game.One
	case two && !one:
		return game.Two
	}
	return game.NoSeat
}
