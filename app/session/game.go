package session

import (
	"gygy/engine/game"
)

// Game names one of the two games.
type Game int8

// The games.
const (
	GYRE Game = iota
	Gyges
)

// String returns "GYRE" or "Gygès".
func (g Game) String() string {
	if g == Gyges {
		return "Gygès"
	}
	return "GYRE"
}

// Player is a seat at the table: One acts first (GYRE's player one,
// Gygès's South), Two second (GYRE's player two, who may swap; Gygès's
// North).
type Player = game.Seat

// The players; NoPlayer stands for nobody, e.g. the winner of a game in
// progress.
const (
	NoPlayer = game.NoSeat
	One      = game.One
	Two      = game.Two
)
