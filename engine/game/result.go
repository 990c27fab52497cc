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
	Aborted                   // called off before both sides had acted: nobody won
)

// String returns "bridge", "loop", "goal", "resignation", "time",
// "abandonment", "aborted" or "unfinished".
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
	case Aborted:
		return "aborted"
	case Unfinished:
		return "unfinished"
	}
	return fmt.Sprintf("method(%d)", int(m))
}

// OffBoard reports whether the method ends a game off the board (a
// defeat, or an abort) rather than by the rules of play.
func (m Method) OffBoard() bool { return m >= Resignation && m <= Aborted }

// ParseMethod reads a method written by Method.String.
func ParseMethod(s string) (Method, error) {
	for m := Unfinished; m <= Aborted; m++ {
		if m.String() == s {
			return m, nil
		}
	}
	return Unfinished, fmt.Errorf("game: unknown way of ending %.20q", s)
}

// MarshalText writes the method as String does, for JSON.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (m *Method) UnmarshalText(b []byte) error {
	v, err := ParseMethod(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Result is how a game stands: who won and how, or Unfinished with
// NoSeat while it goes on. An aborted game has no winner.
type Result struct {
	Winner Seat
	Method Method
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Method != Unfinished }

// Loser returns the seat that lost, NoSeat while the game goes on or
// after an abort.
func (r Result) Loser() Seat { return r.Winner.Other() }

// AbortableUntil is how many actions a game may have and still be
// aborted: until both sides have acted once (a GYRE stone each, or each
// side's Gygès setup), a game can be called off and counts for nobody.
const AbortableUntil = 2
