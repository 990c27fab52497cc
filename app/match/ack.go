package match

import (
	"fmt"
	"time"
)

// Nothing a side does is lost, whatever happens to the channel: every act
// (an action, an ending, a question or its answer) is numbered (Frame.Act)
// and kept in pending until the other side says it has it (Frame.Ack, on
// every frame, and an ack frame at once for each act). The acts still
// pending go out again on every new channel, right after the hello, and
// whenever the other side's ping shows it lacks them; they are saved with
// the game (Saved.Pending), so a reload sends them again too. The receiver
// applies each act once and in order, by its number, whatever channel
// brought it; one that comes after a gap waits for the resend.
//
// Pings and pongs carry each side's record length and state hash, with
// its act counts: when both sides have all of each other's acts, their
// states must be the same, and a difference starts a sync at once. A sync
// from a side that lacks some of this side's acts is not taken (those acts
// are on their way, and it would undo them); it is answered if it asks.

// maxPending bounds the acts kept for the peer: past it, the oldest are
// forgotten (the record's syncs still bring the actions among them). An
// honest peer acknowledges each act within a round trip of the channel.
const maxPending = 256

// acts are the acts of both sides, by their numbers.
type acts struct {
	game    int     // the number of the game in this match
	sent    uint64  // acts this side has sent
	got     uint64  // the peer's acts this side has received
	acked   uint64  // this side's acts the peer has acknowledged
	pending []Frame // this side's acts not yet acknowledged, in order
}

// add numbers an act and keeps it until it is acknowledged.
func (a *acts) add(f Frame) Frame {
	a.sent++
	f.Act, f.Game = a.sent, a.game
	a.pending = append(a.pending, f)
	if len(a.pending) > maxPending {
		a.pending = a.pending[1:]
	}
	return f
}

// ack forgets the acts the peer says it has.
func (a *acts) ack(n uint64) {
	if n <= a.acked {
		return
	}
	a.acked = min(n, a.sent)
	i := 0
	for i < len(a.pending) && a.pending[i].Act <= a.acked {
		i++
	}
	a.pending = append(a.pending[:0:0], a.pending[i:]...)
}

// floor is the last of this side's acts it will not send again: those
// the peer acknowledged, and any forgotten past maxPending.
func (a *acts) floor() uint64 { return a.sent - uint64(len(a.pending)) }

// take takes the number of an incoming frame's act: fresh is false
// for an act this side already has (sent again), and for one that came
// before acts it follows (frames lost on the way): the peer still has
// those, and sends them all again, in order, at the next ping. An act
// refused by the rules counts as received: sending it again would change
// nothing.
func (a *acts) take(f Frame) (fresh bool) {
	if f.Act == 0 {
		return true // an unnumbered act: taken as it comes
	}
	if f.Act != a.got+1 {
		return false
	}
	a.got = f.Act
	return true
}

// counts takes the act counts of the peer's hello, ping or pong.
func (a *acts) counts(f Frame) {
	if f.Type == TypeHello && f.Act < a.got {
		a.got = f.Act // the peer numbers afresh (it lost its save)
	}
	if f.Floor > a.got {
		a.got = f.Floor // acts we forgot (a lost save): the sync brings them
	}
}

// sendAct numbers an act, keeps it until it is acknowledged, and sends it.
// It holds m.mu.
func (m *Match) sendAct(f Frame) { m.send(m.acts.add(f)) }

// resend sends the acts the peer has not acknowledged, in order. It holds
// m.mu.
func (m *Match) resend() {
	for _, f := range m.acts.pending {
		m.send(f)
	}
}

// helloFrame is this side's hello, with its act counts.
func (m *Match) helloFrame() Frame {
	return Frame{Type: TypeHello, Hello: &m.hello, Act: m.acts.sent, Floor: m.acts.floor()}
}

// stateFrame is a ping or a pong: this side's record length, state hash
// and act counts, and, from the side to act, its reckoning of the turn
// under way (takeTurnTime).
func (m *Match) stateFrame(kind string, nonce int64) Frame {
	f := Frame{Type: kind, Nonce: nonce, Act: m.acts.sent, Floor: m.acts.floor()}
	if m.rules != nil {
		f.Ply, f.Hash, f.Think = m.rules.Len(), m.stateHash(), m.turnTime()
	}
	return f
}

// stateOf answers a ping, or reads a pong: if the peer lacks acts of ours,
// they go again (on its ping, or its pong to ours: one resend a ping
// interval each way); if each side has all of the other's acts and the
// states differ, a sync starts. It holds m.mu.
func (m *Match) stateOf(f Frame) Event {
	if f.Ack < m.acts.sent && (f.Type == TypePing || m.pings.mine(f.Nonce)) {
		m.resend()
	}
	if m.state != playing || m.rules == nil || f.Game != m.acts.game || f.Ack != m.acts.sent || f.Act != m.acts.got {
		return Event{}
	}
	if f.Ply == m.rules.Len() && f.Hash == m.stateHash() {
		return Event{}
	}
	m.send(m.syncFrame(true))
	return Event{Kind: EventResyncing, Reason: fmt.Sprintf("the other side's game (%d actions) differs from this one (%d)", f.Ply, m.rules.Len())}
}

// Heard returns when a frame last came from the other side (or the
// channel last opened): a channel silent for a few ping intervals is dead,
// whatever it says.
func (m *Match) Heard() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.wire.heard
}

// Unacked returns how many of this side's acts the other side has not
// acknowledged yet: while it is not 0, "your move is on its way".
func (m *Match) Unacked() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.acts.pending)
}
