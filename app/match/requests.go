package match

import (
	"fmt"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// What one side asks of the other besides its actions: resigning, taking
// back an action, a rematch, and the pings that show a lost frame.

// Resign gives up the game.
func (m *Match) Resign() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || m.winner() != game.NoSeat {
		return fmt.Errorf("%w: resign: no game under way", ErrState)
	}
	if err := m.rules.Resign(m.me); err != nil {
		return fmt.Errorf("%w: resign: %v", ErrState, err)
	}
	m.sendAct(Frame{Type: TypeResign})
	return nil
}

// RequestUndo asks the opponent to take back the last action.
func (m *Match) RequestUndo() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	if m.rules != nil {
		n = m.rules.Len()
	}
	if m.state != playing || n == 0 || m.rules.Result().Method.OffBoard() {
		return fmt.Errorf("%w: undo: nothing to take back", ErrState)
	}
	m.undoAsked = n
	m.sendAct(Frame{Type: TypeUndoRequest, Ply: n})
	return nil
}

// AnswerUndo answers the opponent's undo request; yes takes back the last
// action on both sides.
func (m *Match) AnswerUndo(yes bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.undoOffered
	if n < 0 {
		return fmt.Errorf("%w: answer undo: no request", ErrState)
	}
	m.undoOffered = -1
	if yes {
		if n != m.rules.Len() {
			yes = false // the record moved on since the request
		} else if _, err := m.rules.Undo(); err != nil {
			yes = false
		} else {
			m.startTurn()
		}
	}
	m.sendAct(Frame{Type: TypeUndoAnswer, Ply: n, Accept: yes})
	return nil
}

// RequestRematch offers another game with the sides swapped, once this one
// is over: won, lost or aborted (after an abort both players are still
// there and want a game).
func (m *Match) RequestRematch() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || !m.over() {
		return fmt.Errorf("%w: rematch: the game is not over", ErrState)
	}
	if m.rematchAsked {
		return fmt.Errorf("%w: rematch: already offered", ErrState)
	}
	m.rematchAsked = true
	m.sendAct(Frame{Type: TypeRematchRequest})
	return nil
}

// RematchAsked reports whether this side's rematch offer awaits the
// opponent's answer.
func (m *Match) RematchAsked() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rematchAsked
}

// AnswerRematch answers the opponent's rematch offer; yes starts the new
// game at once.
func (m *Match) AnswerRematch(yes bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.rematchOffered {
		return fmt.Errorf("%w: answer rematch: no offer", ErrState)
	}
	m.rematchOffered = false
	m.sendAct(Frame{Type: TypeRematchAnswer, Accept: yes}) // of the game it answers about
	if yes {
		m.rematch()
	}
	return nil
}

// rematch starts the next game with the sides swapped.
func (m *Match) rematch() {
	m.hello.Host = m.hello.Host.Other()
	m.me = m.me.Other()
	m.rules, _ = NewRules(m.hello) // the hello was valid for the last game
	m.clk = clock.New(m.hello.Clock)
	m.game++
	m.startTurn()
	m.undoAsked, m.undoOffered = -1, -1
	m.rematchAsked, m.rematchOffered = false, false
}

// Ping sends a ping; the pong's event carries the round-trip time. Every
// frame is numbered, so a ping or its pong also shows a side that a frame
// of the other's was lost, and that side asks for the record: call Ping
// every few seconds while connected, and an action lost on a live
// channel, with both sides then waiting, comes back within one ping.
func (m *Match) Ping() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lastPing++
	now := m.cfg.Now()
	m.pings[m.lastPing] = now
	if len(m.pings) > 16 {
		clear(m.pings) // unanswered pings are not kept forever
		m.pings[m.lastPing] = now
	}
	m.send(m.stateFrame(TypePing, m.lastPing))
}
