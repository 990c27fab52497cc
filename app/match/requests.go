package match

import (
	"fmt"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// What one side does besides its actions and questions: resigning,
// starting the rematch both agreed to, and the pings that show a lost
// frame.

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

// rematch starts the next game with the sides swapped.
func (m *Match) rematch() {
	m.hello.Host = m.hello.Host.Other()
	m.me = m.me.Other()
	m.rules, _ = NewRules(m.hello) // the hello was valid for the last game
	m.timing.clk = clock.New(m.hello.Clock)
	m.acts.game++
	m.startTurn()
	m.questions = noQuestions()
}

// pings are this side's pings awaiting their pong.
type pings struct {
	sent map[int64]time.Time // when each was sent, by nonce
	last int64               // the last nonce
	rtt  time.Duration       // the last ping's round trip
}

// next numbers a ping sent at now.
func (p *pings) next(now time.Time) int64 {
	p.last++
	p.sent[p.last] = now
	if len(p.sent) > 16 {
		clear(p.sent) // unanswered pings are not kept forever
		p.sent[p.last] = now
	}
	return p.last
}

// mine reports whether nonce is of a ping of ours awaiting its pong.
func (p *pings) mine(nonce int64) bool {
	_, ok := p.sent[nonce]
	return ok
}

// pong takes the pong to a ping of ours at now, and reports whether it
// was one.
func (p *pings) pong(nonce int64, now time.Time) bool {
	t, ok := p.sent[nonce]
	if ok {
		delete(p.sent, nonce)
		p.rtt = now.Sub(t)
	}
	return ok
}

// Ping sends a ping; the pong's event carries the round-trip time. Every
// frame is numbered, so a ping or its pong also shows a side that a frame
// of the other's was lost, and that side asks for the record: call Ping
// every few seconds while connected, and an action lost on a live
// channel, with both sides then waiting, comes back within one ping.
func (m *Match) Ping() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.send(m.stateFrame(TypePing, m.pings.next(m.cfg.Now())))
}
