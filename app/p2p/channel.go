package p2p

import (
	"errors"
	"sync"
	"sync/atomic"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/p2p/internal/fifo"
	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// ErrNotConnected reports a Send while the data channel is not open.
var ErrNotConnected = errors.New("p2p: not connected")

// channel is what both kinds of peer (Peer through the hub, CodePeer by
// codes) keep the same way: the data channel once open, the state and why
// the peer closed, and the one queue between the connection's callbacks
// and the handlers.
//
// Every callback of the connection (the browser's own in app.wasm, pion's
// natively) and every request from another goroutine is pushed on events
// and handled, in order, by the peer's loop, which also calls the
// handlers: a frame goes from the callback to Match.Receive through that
// queue and that goroutine alone, and a state reaches the handlers before
// the frames that followed it.
type channel struct {
	mu    sync.Mutex // guards what follows, and the peer's own shared fields
	dc    *rtc.DataChannel
	open  bool
	state conn.State
	err   error

	events *fifo.Queue[event]
	// backlog is what the frames waiting on events cost (see frameIn);
	// dropped counts the frames refused since the loop last said so.
	backlog, dropped atomic.Int64
	log              func(format string, args ...any)

	// Owned by the loop (and by Close once the loop has ended).
	h     match.Handlers
	ready bool    // the handlers are there
	held  []event // states and frames reported before they were
}

func newChannel(st conn.State, logf func(string, ...any)) channel {
	return channel{state: st, events: fifo.New[event](), log: logf}
}

// State returns the current state.
func (c *channel) State() conn.State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

// Err returns why the peer closed on its own, or nil: for a Peer, the
// room expired or the seat was taken by another tab; for a CodePeer,
// ErrUnreachable or ErrLost.
func (c *channel) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Send writes a frame on the data channel.
func (c *channel) Send(frame []byte) error {
	c.mu.Lock()
	dc, open := c.dc, c.open
	c.mu.Unlock()
	if !open {
		return ErrNotConnected
	}
	return dc.Send(frame)
}

// wire hands a data channel's callbacks to the loop.
func (c *channel) wire(dc *rtc.DataChannel, epoch int) {
	dc.OnOpen(func() { c.events.Push(event{kind: evOpen, epoch: epoch, dc: dc}) })
	dc.OnClose(func() { c.events.Push(event{kind: evClose, epoch: epoch}) })
	dc.OnMessage(func(data []byte) { c.frameIn(epoch, data) })
}

// maxBacklog bounds what frames waiting for the loop may cost. The loop
// waits at times (a promise of the browser, a message to the hub), and a
// peer that floods meanwhile must not fill the memory; an honest peer
// sends a few small frames a second (a sync is a few KiB).
const maxBacklog = 1 << 20

// frameCost is what a frame costs the backlog: its bytes and the room it
// takes in the queue, so that empty frames are bounded too.
func frameCost(data []byte) int64 { return int64(len(data)) + 64 }

// frameIn queues a frame that came on the channel; it runs inside the
// connection's callback and never blocks. A frame beyond maxBacklog is
// dropped and counted, and the loop logs the count: the match notices the
// gap in the frame numbers with the next frame or ping and asks for the
// record again, so a dropped action comes back.
func (c *channel) frameIn(epoch int, data []byte) {
	cost := frameCost(data)
	if c.backlog.Add(cost) > maxBacklog {
		c.backlog.Add(-cost)
		c.dropped.Add(1)
		return
	}
	c.events.Push(event{kind: evFrame, epoch: epoch, data: data})
}

// took notes, in the loop, that e left the queue.
func (c *channel) took(e event) {
	if e.kind != evFrame {
		return
	}
	c.backlog.Add(-frameCost(e.data))
	if n := c.dropped.Swap(0); n > 0 {
		c.logf("p2p: %d frames dropped: more than %d bytes of frames were waiting (the match asks for the record again)", n, maxBacklog)
	}
}

// setState moves to s and tells the handlers; nothing leaves
// conn.Closed. It runs in the loop, or once the loop has ended.
func (c *channel) setState(s conn.State) {
	c.mu.Lock()
	if c.state == s || c.state == conn.Closed {
		c.mu.Unlock()
		return
	}
	c.state = s
	c.mu.Unlock()
	c.hand(event{kind: evState, conn: s})
}

// hand gives a state or a frame to the handlers, or holds it until they
// are there.
func (c *channel) hand(e event) {
	if !c.ready {
		c.held = append(c.held, e)
		return
	}
	switch {
	case e.kind == evState && c.h.OnState != nil:
		c.h.OnState(e.conn)
	case e.kind == evFrame && c.h.OnFrame != nil:
		c.h.OnFrame(e.data)
	}
}

// begin takes the handlers, in the loop: they hear what was held for
// them, or else the current state.
func (c *channel) begin(h match.Handlers) {
	c.h, c.ready = h, true
	held := c.held
	c.held = nil
	if len(held) == 0 {
		held = []event{{kind: evState, conn: c.State()}}
	}
	for _, e := range held {
		c.hand(e)
	}
}

func (c *channel) logf(format string, args ...any) {
	if c.log != nil {
		c.log(format, args...)
	}
}

type eventKind int8

const (
	evSignal eventKind = iota
	evCandidate
	evPCState
	evOpen
	evClose
	evFrame
	evFatal
	evBreak  // tests: close the peer connection as a network failure would
	evWake   // the device came back (wake.go)
	evRevive // the channel went silent: rebuild it (wake.go)
	evState  // CodePeer: a state set by a pairing step
	evStart  // CodePeer: Start's handlers
	evEnd    // CodePeer: Close
)

// event is what the loop is handed: a callback of the connection, a
// message of the hub, or a request from another goroutine.
type event struct {
	kind  eventKind
	epoch int
	msg   signal.Message
	cand  *rtc.Candidate
	st    rtc.ConnState
	dc    *rtc.DataChannel
	data  []byte
	err   error
	conn  conn.State
	h     match.Handlers
	n     int // evRevive: the attempt
}
