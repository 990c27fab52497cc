package match

import (
	"errors"
	"fmt"
	"time"

	"gygy/app/limit"
	"gygy/engine/clock"
	"gygy/engine/game"
)

// wire is the frames' side of the match: their numbers each way, the
// peer's rate, and when it was last heard.
type wire struct {
	sendSeq, recvSeq uint64
	bucket           *limit.Bucket // the frames the peer may send
	lastErr          time.Time     // when we last sent an error frame about a flood
	heard            time.Time     // when a frame last came from the peer, or the channel opened
}

// next numbers a frame to send.
func (w *wire) next() uint64 {
	w.sendSeq++
	return w.sendSeq
}

// order takes an incoming frame's number: old for one numbered at or
// before the last (a duplicate, or the peer renumbered after a hello that
// was lost), gap when frames were skipped. A hello starts the numbering
// afresh (the peer (re)connected).
func (w *wire) order(f Frame) (old, gap bool) {
	switch {
	case f.Type == TypeHello:
		w.recvSeq = f.Seq
	case f.Seq <= w.recvSeq:
		return true, false
	default:
		gap = f.Seq > w.recvSeq+1
		w.recvSeq = f.Seq
	}
	return false, gap
}

// Receive handles one frame from the peer and says what it did. A frame
// that is malformed, of another version, illegal, out of turn or out of
// place is refused: Receive returns an error wrapping ErrProtocol,
// ErrVersion, ErrRejected or ErrFlood with the reason, tells the peer in
// an error frame, and changes nothing. Duplicates are ignored; a gap or a
// hash mismatch asks the peer for its record (EventResyncing), and the
// records are reconciled when it comes (EventSync). Records that cannot be
// reconciled stop the match with ErrDiverged. Event.Acked says how many
// of this side's acts the frame acknowledged.
func (m *Match) Receive(data []byte) (Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	floor := m.acts.floor()
	ev, err := m.receive(data)
	ev.Acked = int(m.acts.floor() - floor) // no act of ours is sent in between
	return ev, err
}

func (m *Match) receive(data []byte) (Event, error) {
	if !m.allow() {
		err := fmt.Errorf("%w: more than %g frames per second; frame dropped", ErrFlood, m.cfg.FramesPerSecond)
		if now := m.cfg.Now(); now.Sub(m.wire.lastErr) > time.Second {
			m.wire.lastErr = now
			m.sendError(err)
		}
		return Event{}, err
	}
	m.wire.heard = m.cfg.Now()
	f, err := Decode(data)
	if err != nil {
		m.sendError(err)
		return Event{}, err
	}
	old, gap := m.wire.order(f)
	if old && !isAct(f.Type) && f.Type != TypePing && f.Type != TypePong && f.Type != TypeAck && f.Type != TypeSync {
		// Acts are told apart by their own numbers, and pings, pongs,
		// acks and syncs change nothing twice.
		return Event{}, nil
	}
	m.acts.ack(f.Ack)
	if f.Type == TypeHello || f.Type == TypePing || f.Type == TypePong {
		m.acts.counts(f)
	}
	if isAct(f.Type) && m.state != playing && f.Act > 0 {
		// Sent again to a side that lost its game (a guest whose save
		// is gone, not yet agreed): the sync after the hellos brings
		// the record; the act is not counted, so it may come again.
		return Event{}, nil
	}
	if isAct(f.Type) {
		fresh := m.acts.take(f)
		if f.Act > 0 {
			m.send(Frame{Type: TypeAck})
		}
		if !fresh {
			return Event{}, nil // we have it, or it comes again in order
		}
	}
	if f.Type == TypeError {
		return Event{Kind: EventPeerError, Peer: &PeerError{Code: f.Code, Reason: f.Reason}}, nil
	}
	if m.state == stopped {
		return Event{}, fmt.Errorf("%w: the match has stopped", ErrDiverged)
	}
	ev, err := m.handle(f)
	if err != nil {
		m.sendError(err)
		return Event{}, err
	}
	if gap && m.state == playing {
		m.send(m.syncFrame(true))
		if ev.Kind == EventNone {
			ev = Event{Kind: EventResyncing, Reason: "frames were lost"}
		}
	}
	if m.rules != nil && ev.Record == "" {
		ev.Record = m.rules.Record()
	}
	return ev, nil
}

// allow takes a token from the peer's bucket.
func (m *Match) allow() bool { return m.wire.bucket.Allow(m.cfg.Now()) }

func (m *Match) sendError(err error) {
	reason := err.Error()
	if len(reason) > 300 {
		reason = reason[:300]
	}
	m.send(Frame{Type: TypeError, Code: errorCode(err), Reason: reason})
}

func rejectf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrRejected}, args...)...)
}

// handle acts on a decoded frame in order.
func (m *Match) handle(f Frame) (Event, error) {
	if f.Type == TypeHello {
		return m.handleHello(f)
	}
	switch f.Type {
	case TypeAck:
		return Event{}, nil
	case TypePing:
		m.takeTurnTime(f)
		m.send(m.stateFrame(TypePong, f.Nonce))
		return m.stateOf(f), nil
	case TypePong:
		m.takeTurnTime(f)
		if ev := m.stateOf(f); ev.Kind != EventNone {
			return ev, nil
		}
		if m.pings.pong(f.Nonce, m.cfg.Now()) {
			return Event{Kind: EventPong, RTT: m.pings.rtt}, nil
		}
		return Event{}, nil
	}
	if m.state != playing {
		if f.Type == TypeSync {
			return Event{}, nil // the host's record, before we accepted: it comes again
		}
		return Event{}, rejectf("%s before the game was agreed", f.Type)
	}
	if f.Game != m.acts.game && (isAct(f.Type) || f.Type == TypeSync) {
		// Of an earlier game of this match, or of the next one, whose
		// rematch answer is on its way: nothing to apply here.
		return Event{}, nil
	}
	n := m.rules.Len()
	switch f.Type {
	case TypeSetup, TypeMove, TypeSwap:
		return m.handleAction(f, n)
	case TypeEnd:
		return m.takeEnded(*f.Ended)
	case TypeResign:
		if r := m.rules.Result(); r.Method == game.Resignation && r.Winner == m.me {
			return Event{}, nil // a sync told us already
		}
		if m.winner() != game.NoSeat {
			return Event{}, rejectf("resign: the game is already over")
		}
		if err := m.rules.Resign(m.me.Other()); err != nil {
			return Event{}, rejectf("resign: %v", err)
		}
		return Event{Kind: EventResign}, nil
	case TypeUndoRequest, TypeUndoAnswer, TypeRematchRequest, TypeRematchAnswer:
		return m.takeQuestion(f, n)
	case TypeSync:
		return m.reconcile(f)
	}
	return Event{}, fmt.Errorf("%w: unexpected %s frame", ErrProtocol, f.Type)
}

func (m *Match) handleHello(f Frame) (Event, error) {
	h := *f.Hello
	if m.role == Host {
		if f.Game != m.acts.game && m.state == playing {
			// A rematch whose answer is on its way, one way or the
			// other: the answer brings both sides to the same game.
			return Event{}, nil
		}
		if !m.hello.same(h) {
			return Event{}, rejectf("hello: the guest's game %+v is not the one offered", h)
		}
		if m.state != playing {
			m.startTurn()
		}
		m.state = playing
		if m.rules.Len() > 0 {
			m.send(m.syncFrame(false)) // a guest that lost its record gets it back
		}
		m.resend() // what it ignored before it accepted
		return Event{Kind: EventStart, Hello: m.hello}, nil
	}
	if h.Host != game.One && h.Host != game.Two {
		return Event{}, rejectf("hello: host seat %d, want one or two", h.Host)
	}
	r, err := NewRules(h)
	if err != nil {
		return Event{}, rejectf("hello: %v", err)
	}
	switch {
	case m.state == playing && f.Game < m.acts.game:
		return Event{}, nil // our rematch answer is on its way to the host
	case m.state == playing && m.hello.same(h) && f.Game == m.acts.game:
		return Event{Kind: EventStart, Hello: m.hello}, nil
	case m.state == playing:
		// The host moved on (a rematch we missed): its record follows.
		m.hello, m.rules, m.me, m.timing.clk, m.acts.game = h, r, h.Host.Other(), clock.New(h.Clock), f.Game
		m.questions = noQuestions()
		m.startTurn()
		return Event{Kind: EventStart, Hello: m.hello}, nil
	case m.state == offered && m.hello.same(h):
		return Event{}, nil
	}
	m.hello, m.rules, m.me, m.state, m.timing.clk, m.acts.game = h, r, h.Host.Other(), offered, clock.New(h.Clock), f.Game
	return Event{Kind: EventHello, Hello: h}, nil
}

func (m *Match) handleAction(f Frame, n int) (Event, error) {
	switch {
	case f.Ply < n:
		if m.rules.Notation(m.rules.Actions()[f.Ply]) == f.Action {
			return Event{}, nil // already have it
		}
		m.send(m.syncFrame(true))
		return Event{Kind: EventResyncing, Reason: fmt.Sprintf("the peer's action %d differs from ours", f.Ply+1)}, nil
	case f.Ply > n:
		m.send(m.syncFrame(true))
		return Event{Kind: EventResyncing, Reason: fmt.Sprintf("the peer is at action %d, this side at %d", f.Ply+1, n+1)}, nil
	}
	if m.winner() != game.NoSeat {
		return Event{}, rejectf("%s %q: the game is over", f.Type, f.Action)
	}
	if turn := m.rules.Turn(); turn != m.me.Other() {
		return Event{}, rejectf("%s %q out of turn: it is this side's turn", f.Type, f.Action)
	}
	if kind := kindOf(m.rules, f.Action); kind != f.Type {
		return Event{}, rejectf("%q sent as %s, want %s", f.Action, f.Type, kind)
	}
	a, err := m.rules.ReadAction(f.Action) // the wire's words, read once
	if err != nil {
		return Event{}, rejectf("%s %q: %v", f.Type, f.Action, err)
	}
	think, err := m.checkThink(f)
	if err != nil {
		return Event{}, err
	}
	if err := m.rules.Play(a); err != nil {
		return Event{}, rejectf("%s %q: %v", f.Type, f.Action, err)
	}
	m.timing.clk.Spend(m.me.Other(), think)
	m.startTurn()
	m.questions.lapse() // questions lapse when the game moves on
	rec := m.rules.Record()
	if f.Hash != "" && f.Hash != m.stateHash() {
		m.send(m.syncFrame(true))
		return Event{Kind: EventAction, Action: a, Record: rec, Reason: "state hashes differ: resyncing"}, nil
	}
	return Event{Kind: EventAction, Action: a, Record: rec}, nil
}

// reconcile compares the peer's record with ours: the longer of two
// records where one begins the other wins (the shorter side missed
// actions); records that part are settled by the host's, and so are
// clocks that differ.
func (m *Match) reconcile(f Frame) (Event, error) {
	mine := m.rules.Record()
	if f.Hash != "" && f.Hash != Hash(f.Record, f.Clock) {
		return Event{}, rejectf("sync: the hash does not match the record")
	}
	theirClock, err := clock.Parse(f.Clock)
	if err != nil || theirClock.Control != m.hello.Clock {
		return Event{}, rejectf("sync: clocks %.60q for a game of %q", f.Clock, m.hello.Clock)
	}
	if f.Ack < m.acts.sent && f.Record != mine {
		// The peer's record lacks acts of ours still on their way:
		// taking it would undo them. Once it has them, pings compare.
		if f.Want {
			m.send(m.syncFrame(false))
		}
		return Event{}, nil
	}
	if f.Record == mine {
		if f.Want {
			m.send(m.syncFrame(false))
		}
		if theirClock != m.timing.clk && m.role == Guest {
			m.timing.clk = theirClock
		}
		if f.Ended != nil && !m.rules.Result().Over() {
			ev, err := m.takeEnded(*f.Ended)
			ev.Record = mine
			return ev, err
		}
		return Event{}, nil
	}
	theirs, err := RulesFromRecord(m.hello, f.Record)
	if err != nil {
		m.state = stopped
		return Event{}, fmt.Errorf("%w: the peer's record is not a legal game of this match: %v", ErrDiverged, err)
	}
	ma, ta := m.rules.Actions(), theirs.Actions()
	switch {
	case isPrefix(ma, ta), !isPrefix(ta, ma) && m.role == Guest:
		if e := endedOf(m.rules); e != nil {
			theirs.End(*e) // an ending outlives the resync
		}
		m.rules, m.timing.clk = theirs, theirClock
		m.startTurn()
		m.questions.lapse()
		if f.Ended != nil && !m.rules.Result().Over() {
			m.takeEnded(*f.Ended) // a claim that does not stand is refused by the next sync
		}
		return Event{Kind: EventSync, Record: f.Record}, nil
	}
	if f.Want || !isPrefix(ta, ma) {
		m.send(m.syncFrame(false))
	}
	return Event{}, nil
}

// IsRefusal reports whether err from Receive means the frame was refused
// (nothing applied) rather than the match being broken.
func IsRefusal(err error) bool {
	return errors.Is(err, ErrProtocol) || errors.Is(err, ErrVersion) || errors.Is(err, ErrRejected) || errors.Is(err, ErrFlood)
}
