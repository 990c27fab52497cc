package match

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"gygy/app/limit"
	"gygy/engine/clock"
	"gygy/engine/game"
)

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
	EventPeerError                        // the peer refused one of our frames: Event.Peer
	EventEnd                              // the peer ended the game off the board: a claim, its own flag, an abort
)

// Event is what Receive reports.
type Event struct {
	Kind   EventKind
	Action game.Action   // EventAction: the action, typed
	Record string        // the record after the event
	Reason string        // EventResyncing
	Peer   *PeerError    // EventPeerError
	Hello  Hello         // EventHello, EventStart, EventRematch
	RTT    time.Duration // EventPong
	// Acked is how many of this side's acts the frame acknowledged,
	// whatever its kind.
	Acked int
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
	// Now tells the time, for the rate limit, the pings' round trips,
	// think times and absences; default time.Now. Tests pass a clock of
	// their own.
	Now func() time.Time
	// Grace is how long the opponent may be disconnected before this
	// side may claim the win; a clock stops for at most this long while
	// the connection is down. Default 60 s.
	Grace time.Duration
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
	me    game.Seat
	rules game.Game
	hash  stateHash // the state hash as the record grows (hash.go)

	wire      wire      // the frames' numbers and the peer's rate (receive.go)
	acts      acts      // the acts of both sides, until acknowledged (ack.go)
	timing    timing    // the clocks and the turn under way (clock.go)
	pings     pings     // the pings awaiting their pong (requests.go)
	questions questions // undo and rematch, asked and offered (questions.go)
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
	m.hello, m.rules, m.me, m.timing.clk = h, r, h.Host, clock.New(h.Clock)
	return m, nil
}

// NewGuest starts a match that waits for the host's offer.
func NewGuest(t Transport, cfg MatchConfig) *Match { return newMatch(Guest, t, cfg) }

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
	if cfg.Grace <= 0 {
		cfg.Grace = 60 * time.Second
	}
	return &Match{t: t, cfg: cfg, role: role, questions: noQuestions(),
		wire:   wire{bucket: limit.NewBucket(cfg.FramesPerSecond, float64(cfg.Burst))},
		pings:  pings{sent: map[int64]time.Time{}},
		timing: timing{turnStart: cfg.Now()}}
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

// over reports whether the game is over, by the rules or off the board
// (an abort included). It holds m.mu.
func (m *Match) over() bool { return m.rules != nil && m.rules.Result().Over() }

func (m *Match) winner() game.Seat {
	if m.rules == nil {
		return game.NoSeat
	}
	return m.rules.Winner()
}

// Legal returns the legal actions of the side to move.
func (m *Match) Legal() []game.Action {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || m.winner() != game.NoSeat {
		return nil
	}
	return m.rules.Legal(nil)
}

// send numbers and writes a frame, with the acknowledgement of the peer's
// acts. A failed send is left to the next connection, which sends the
// unacknowledged acts again, and to its syncs.
func (m *Match) send(f Frame) {
	f.Seq = m.wire.next()
	f.Ack = m.acts.got
	if !isAct(f.Type) {
		f.Game = m.acts.game
	}
	data, err := Encode(f)
	if err != nil {
		return // cannot happen for frames the match builds
	}
	m.t.Send(data)
}

func (m *Match) syncFrame(want bool) Frame {
	return Frame{Type: TypeSync, Record: m.rules.Record(), Hash: m.stateHash(), Want: want, Ply: m.rules.Len(), Ended: endedOf(m.rules), Clock: m.timing.clk.String()}
}

// stateHash is Hash(record, clocks) now. It holds m.mu.
func (m *Match) stateHash() string { return m.hash.sum(m.rules, m.timing.clk.String()) }

// Connected must be called each time the channel to the peer opens,
// the first time and after every reconnection: it restarts the frame
// numbering and sends this side's hello, the record, and the acts the
// peer has not acknowledged. Questions (undo, rematch) outlive the
// drop: they are acts, and reach the other side once.
func (m *Match) Connected() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.wire.sendSeq = 0 // the peer's hello resets recvSeq
	m.wire.heard = m.cfg.Now()
	m.timing.back(m.cfg.Now(), m.cfg.Grace)
	if m.role == Guest && m.state != playing {
		return // the host speaks first
	}
	m.send(m.helloFrame())
	if m.state == playing {
		m.send(m.syncFrame(false))
		m.resend()
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
	m.startTurn()
	m.send(m.helloFrame())
	return nil
}

// Play checks this side's action (a move, the swap, or a Gygès layout)
// with the engine, applies it and sends it, in notation (the wire's
// words). On error nothing changes.
func (m *Match) Play(a game.Action) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing {
		return fmt.Errorf("%w: play: the game has not started", ErrState)
	}
	action := m.rules.Notation(a)
	if action == "" {
		return fmt.Errorf("%w: play %v: no action of this game", game.ErrWrongAction, a)
	}
	if m.winner() != game.NoSeat {
		return fmt.Errorf("%w: play %s: the game is over", ErrState, action)
	}
	if turn := m.rules.Turn(); turn != m.me {
		return fmt.Errorf("%w: play %s: it is the opponent's turn", ErrState, action)
	}
	ply := m.rules.Len()
	kind := kindOf(m.rules, action)
	think := m.running()
	if m.timing.clk.Flagged(m.me, think) {
		return fmt.Errorf("%w: play %s: your time is up", clock.ErrFlag, action)
	}
	if err := m.rules.Play(a); err != nil {
		return err
	}
	think = think.Round(time.Millisecond)
	m.timing.clk.Spend(m.me, think)
	m.startTurn()
	m.questions.lapse() // questions lapse when the game moves on
	m.sendAct(Frame{Type: kind, Action: action, Ply: ply, Hash: m.stateHash(), Think: thinkMs(m.timing.clk, think)})
	return nil
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
func isPrefix(short, long []game.Action) bool {
	return len(short) <= len(long) && slices.Equal(short, long[:len(short)])
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
