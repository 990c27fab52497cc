package p2p

import (
	"sync"

	"gygy/app/p2p/internal/fifo"
	"gygy/app/p2p/rtc"
)

// channel is what both kinds of peer (Peer through the hub, CodePeer by
// codes) keep the same way: the data channel once open, the state and why
// the peer closed, and the queue that hands states and frames to the
// handlers on one goroutine. Its mutex also guards the peer's own fields.
type channel struct {
	mu       sync.Mutex
	h        Handlers
	dc       *rtc.DataChannel
	open     bool
	state    State
	err      error
	reported bool // a state was queued for the handlers
	out      *fifo.Queue[func()]
}

func newChannel(st State) channel { return channel{state: st, out: fifo.New[func()]()} }

// State returns the current state.
func (c *channel) State() State {
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

// setState moves to s and tells the handlers; nothing leaves StateClosed.
func (c *channel) setState(s State) {
	c.mu.Lock()
	if c.state == s || c.state == StateClosed {
		c.mu.Unlock()
		return
	}
	c.state = s
	c.mu.Unlock()
	c.report(s)
}

// report queues s for the handlers.
func (c *channel) report(s State) {
	c.mu.Lock()
	c.reported = true
	c.mu.Unlock()
	c.out.Push(func() {
		if h := c.handlers(); h.OnState != nil {
			h.OnState(s)
		}
	})
}

// frame queues a frame for the handlers.
func (c *channel) frame(data []byte) {
	c.out.Push(func() {
		if h := c.handlers(); h.OnFrame != nil {
			h.OnFrame(data)
		}
	})
}

func (c *channel) handlers() Handlers {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.h
}
