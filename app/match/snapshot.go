package match

import "gygy/engine/game"

// Snapshot is the match at one moment, as a table shows it.
type Snapshot struct {
	Game      game.Game // a copy; nil before the game is known
	Me        game.Seat // NoSeat before the game is known
	Started   bool      // both sides agreed on the game
	Stopped   bool      // the records could not be reconciled: the game cannot go on
	Questions Questions
	Clocks    Clocks
	Away      Absence
	Unacked   int // this side's acts the other side has not acknowledged yet
}

// Snapshot returns the match as it is now.
func (m *Match) Snapshot() Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Snapshot{Me: m.me, Started: m.state == playing, Stopped: m.state == stopped,
		Questions: m.questions.open(), Clocks: m.clocks(), Away: m.absence(), Unacked: len(m.acts.pending)}
	if m.rules != nil {
		s.Game = m.rules.Clone()
	}
	return s
}

// Stopped reports whether the records could not be reconciled: the match
// has stopped for good (ErrDiverged).
func (m *Match) Stopped() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state == stopped
}

// Role returns whether this side offered the game or was invited.
func (m *Match) Role() Role {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.role
}
