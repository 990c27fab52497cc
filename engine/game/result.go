package game

import "fmt"

// Method says how a game ended.
type Method int8

// The ways a game ends. The first three are wins by the rules (GYRE's
// Spoke by a bridge, Gyre by a loop; Gygès by a piece in the goal); the
// others are a player's defeat off the board.
const (
	Unfinished  Method = iota // the game goes on
	Bridge                    // GYRE: Spoke joined the inner rim to the outer rim
	Loop                      // GYRE: Gyre closed a loop around the hole
	Goal                      // Gygès: a piece entered the opponent's goal
	Resignation               // the loser gave up
	Timeout                   // the loser's clock ran out, and the win was claimed
	Abandonment               // the loser left the game, and the win was claimed
)

// String returns "bridge", "loop", "goal", "resignation", "time",
// "abandonment", or "unfinished".
func (m Method) String() string {
	switch m {
	case Bridge:
		return "bridge"
	case Loop:
		return "loop"
	case Goal:
		return "goal"
	case Resignation:
		return "resignation"
	case Timeout:
		return "time"
	case Abandonment:
		return "abandonment"
	case Unfinished:
		return "unfinished"
	}
	return fmt.Sprintf("method(%d)", int(m))
}

// OffBoard reports whether the method ends a game by a player's defeat
// rather than by the rules of play.
func (m Method) OffBoard() bool { return m >= Resignation && m <= Abandonment }

// Result is how a game stands: who won and how, or Unfinished with
// NoSeat while it goes on.
type Result struct {
	Winner Seat
	Method Method
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Method != Unfinished }

// Loser returns the seat that lost, NoSeat while the game goes on.
func (r Result) Loser() Seat { return r.Winner.Other() }
