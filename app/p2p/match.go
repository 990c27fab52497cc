package p2p

import (
	"errors"
	"fmt"
	"gygy/engine/game"
	"slices"
	"sync"
	"time"
)

// Transport carries frames to the other peer. A Peer is one; tests use a
// pipe. Send must not call back into the Match. A frame it fails to send
// is not lost for good: the syncs after the next Connected recover it.
type Transport interface {
	Send(frame []byte) error
}

// Role says who offered the game: the host chose it and is authoritative
// when the two records cannot be reconciled otherwise.
type Role int8

// The roles.
const (
	Host Role = iota
	Guest
)

// EventKind says what an incoming frame did to the match.
type EventKind int8

// The events Receive reports.
const (
	EventNone            EventKind = iota // nothing to show (a duplicate, a pong to nobody, our own sync echoed)
	EventHello                            // guest: the host offers Event.Hello; call Accept to play
	EventStart                            // the peers agree on the game: it starts or resumes
	EventAction                           // the opponent's action (Event.Action) was applied
	EventResign                           // the opponent resigned
	EventUndoRequest                      // the opponent asks to take back the last action: AnswerUndo
	EventUndo                             // the last action was taken back by consent
	EventUndoDeclined                     // the opponent declined our undo request
	EventRematchRequest                   // the opponent offers a rematch: AnswerRematch
	EventRematch                          // a new game started, sides swapped
	EventRematchDeclined                  // the opponent declined our rematch
	EventSync                             // the record was replaced by the peer's (after loss or divergence)
	EventResyncing                        // a gap or a hash mismatch: a sync was requested
	EventPong                             // an answer to Ping: Event.RTT
	EventPeerError                        // the peer refused one of our frames: Event.Reason
)

// Event is what Receive reports.
type Event struct {
	Kind   EventKind
	Action string        // EventAction: the action in notation
	Record string        // the record after the event
	Reason string        // EventPeerError, EventResyncing
	Hello  Hello         // EventHello, EventStart, EventRematch
	RTT    time.Duration // EventPong
}

type matchState int8

const (
	waiting matchState = iota // host: for the guest's hello; guest: for the host's
	offered                   // guest: hello received, not yet accepted
	playing
	stopped // records could not be reconciled
)

// MatchConfig tunes a match; zero fields take their defaults.
type MatchConfig struct {
	// FramesPerSecond and Burst bound what the peer may send (a token
	// bucket); more frames are dropped with ErrFlood. Defaults 20 and 60.
	FramesPerSecond float64
	Burst           int
	// Now tells the time, for the rate limit and the pings' round trips;
	// default time.Now. Tests pass a clock of their own.
	Now func() time.Time
}

// Match is one side of an online game: it owns the record on this side,
// checks every incoming action with the real engine, numbers the frames,
// compares the state hash after each action and resyncs from the records
// when they part. It knows nothing of WebRTC: frames come in through
// Receive and go out through a Transport, so a session or a test can drive
// it over anything. It is safe for concurrent use.
type Match struct {
	mu    sync.Mutex
	t     Transport
	cfg   MatchConfig
	role  Role
	state matchState
	hello Hello
	rules game.Game
	me    game.Seat

	sendSeq, recvSeq uint64
	undoAsked        int // record length our undo request is about, -1 if none
	undoOffered      int // record length the peer's undo request is about, -1 if none
	rematchAsked     bool
	rematchOffered   bool

	tokens   float64
	refill   time.Time
	lastErr  time.Time // when we last sent an error frame about a flood
	pings    map[int64]time.Time
	lastPing int64
}

// NewHost starts a match that offers the game h to a guest.
func NewHost(h Hello, t Transport, cfg MatchConfig) (*Match, error) {
	if h.Host != game.One && h.Host != game.Two {
		return nil, fmt.Errorf("%w: hello: host seat %d, want one or two", ErrProtocol, h.Host)
	}
	r, err := NewRules(h)
	if err != nil {
		return nil, err
	}
	m := newMatch(Host, t, cfg)
	m.hello, m.rules, m.me = h, r, h.Host
	return m, nil
}

// NewGuest starts a match that waits for the host's offer.
func NewGuest(t Transport, cfg MatchConfig) *Match { return newMatch(Guest, t, cfg) }

// Resume rebuilds a match from its saved form (see Saved), e.g. after a
// page reload. The record is replayed and checked.
func Resume(s Saved, t Transport, cfg MatchConfig) (*Match, error) {
	r, err := RulesFromRecord(s.Hello, s.Record)
	if err != nil {
		return nil, err
	}
	m := newMatch(s.Role, t, cfg)
	if s.Resigned != game.NoSeat {
		if err := r.Resign(s.Resigned); err != nil {
			return nil, fmt.Errorf("%w: saved match: %v", ErrRejected, err)
		}
	}
	m.hello, m.rules, m.state = s.Hello, r, playing
	m.me = s.Hello.Host
	if s.Role == Guest {
		m.me = m.me.Other()
	}
	return m, nil
}

func newMatch(role Role, t Transport, cfg MatchConfig) *Match {
	if cfg.FramesPerSecond <= 0 {
		cfg.FramesPerSecond = 20
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 60
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Match{t: t, cfg: cfg, role: role, undoAsked: -1, undoOffered: -1,
		tokens: float64(cfg.Burst), refill: cfg.Now(), pings: map[int64]time.Time{}}
}

// Saved is what a side keeps to resume after a reload.
type Saved struct {
	Role     Role
	Hello    Hello
	Record   string
	Resigned game.Seat
}

// Saved returns the match's saved form; ok is false before the game is
// agreed.
func (m *Match) Saved() (s Saved, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || m.state == waiting && m.role == Guest {
		return Saved{}, false
	}
	return Saved{Role: m.role, Hello: m.hello, Record: m.rules.Record(), Resigned: resignedOf(m.rules)}, true
}

// Record returns the game record ("" before the game is known).
func (m *Match) Record() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil {
		return ""
	}
	return m.rules.Record()
}

// Hello returns the game and whether it is known yet.
func (m *Match) Hello() (Hello, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hello, m.rules != nil
}

// Me returns this side's seat (game.NoSeat before the game is known).
func (m *Match) Me() game.Seat {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.me
}

// Started reports whether both sides agreed on the game.
func (m *Match) Started() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state == playing
}

// Turn returns the seat to act, game.NoSeat when the game is over or not
// started.
func (m *Match) Turn() game.Seat {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing {
		return game.NoSeat
	}
	return m.rules.Turn()
}

// Winner returns the winner by the rules or by resignation, or game.NoSeat.
func (m *Match) Winner() game.Seat {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.winner()
}

func (m *Match) winner() game.Seat {
	if m.rules == nil {
		return game.NoSeat
	}
	return m.rules.Winner()
}

// Legal returns the legal actions of the side to move.
func (m *Match) Legal() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || m.winner() != game.NoSeat {
		return nil
	}
	return m.rules.Legal(nil)
}

// send numbers and writes a frame. A failed send is left to the syncs of
// the next connection.
func (m *Match) send(f Frame) {
	m.sendSeq++
	f.Seq = m.sendSeq
	data, err := Encode(f)
	if err != nil {
		return // cannot happen for frames the match builds
	}
	m.t.Send(data)
}

func (m *Match) syncFrame(want bool) Frame {
	rec := m.rules.Record()
	return Frame{Type: TypeSync, Record: rec, Hash: Hash(rec), Want: want, Ply: m.rules.Len(), Resigned: resignedOf(m.rules)}
}

// Connected must be called each time the channel to the peer opens,
// the first time and after every reconnection: it restarts the frame
// numbering and sends this side's hello and record.
func (m *Match) Connected() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sendSeq = 0 // the peer's hello resets recvSeq
	m.undoAsked, m.undoOffered = -1, -1
	m.rematchAsked, m.rematchOffered = false, false
	if m.role == Guest && m.state != playing {
		return // the host speaks first
	}
	m.send(Frame{Type: TypeHello, Hello: &m.hello})
	if m.state == playing {
		m.send(m.syncFrame(false))
	}
}

// Accept takes the game the host offered (after EventHello).
func (m *Match) Accept() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.role != Guest || m.state != offered {
		return fmt.Errorf("%w: accept: no game on offer", ErrState)
	}
	m.state = playing
	m.send(Frame{Type: TypeHello, Hello: &m.hello})
	return nil
}

// Play checks this side's action (a move, "swap", or a Gygès layout) with
// the engine, applies it and sends it. On error nothing changes.
func (m *Match) Play(action string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing {
		return fmt.Errorf("%w: play %s: the game has not started", ErrState, action)
	}
	if m.winner() != game.NoSeat {
		return fmt.Errorf("%w: play %s: the game is over", ErrState, action)
	}
	if turn := m.rules.Turn(); turn != m.me {
		return fmt.Errorf("%w: play %s: it is the opponent's turn", ErrState, action)
	}
	ply := m.rules.Len()
	kind := kindOf(m.rules, action)
	if err := m.rules.Play(action); err != nil {
		return err
	}
	m.send(Frame{Type: kind, Action: action, Ply: ply, Hash: Hash(m.rules.Record())})
	return nil
}

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
	m.send(Frame{Type: TypeResign})
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
	m.send(Frame{Type: TypeUndoRequest, Ply: n})
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
		}
	}
	m.send(Frame{Type: TypeUndoAnswer, Ply: n, Accept: yes})
	return nil
}

// RequestRematch offers another game with the sides swapped, once this one
// is over.
func (m *Match) RequestRematch() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || m.winner() == game.NoSeat {
		return fmt.Errorf("%w: rematch: the game is not over", ErrState)
	}
	m.rematchAsked = true
	m.send(Frame{Type: TypeRematchRequest})
	return nil
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
	if yes {
		m.rematch()
	}
	m.send(Frame{Type: TypeRematchAnswer, Accept: yes})
	return nil
}

// rematch starts the next game with the sides swapped.
func (m *Match) rematch() {
	m.hello.Host = m.hello.Host.Other()
	m.me = m.me.Other()
	m.rules, _ = NewRules(m.hello) // the hello was valid for the last game
	m.undoAsked, m.undoOffered = -1, -1
	m.rematchAsked, m.rematchOffered = false, false
}

// Ping sends a ping; the pong's event carries the round-trip time.
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
	m.send(Frame{Type: TypePing, Nonce: m.lastPing})
}

// errorCode names the sentinel error of err for an error frame.
func errorCode(err error) string {
	switch {
	case errors.Is(err, ErrVersion):
		return codeVersion
	case errors.Is(err, ErrFlood):
		return codeFlood
	case errors.Is(err, ErrDiverged):
		return codeDiverged
	case errors.Is(err, ErrRejected):
		return codeRejected
	}
	return codeProtocol
}

// isPrefix reports whether the actions short begin the actions long.
func isPrefix(short, long []string) bool {
	return len(short) <= len(long) && slices.Equal(short, long[:len(short)])
}

// resignedOf returns the seat that resigned g, or NoSeat.
func resignedOf(g game.Game) game.Seat {
	if r := g.Result(); r.Method == game.Resignation {
		return r.Loser()
	}
	return game.NoSeat
}

// Game returns a copy of the game ("nil" before the game is known).
func (m *Match) Game() game.Game {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil {
		return nil
	}
	return m.rules.Clone()
}
