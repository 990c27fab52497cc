//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"gygy/app/limit"
)

// conn is one client connection. One goroutine reads it (serve); a
// writer runs only while there is something to write (flush), and owns
// the socket's writes and its closing: closeWith asks for a close, the
// writer sends a last message if there is one, then the close frame. A
// timer pings the client. An idle connection is one goroutine blocked in
// a read.
type conn struct {
	hub  *Hub
	ws   *websocket.Conn
	raw  net.Conn // the hijacked connection under ws
	addr string   // the address key of the per-address limits

	qmu     sync.Mutex
	queue   []outMsg                   // waiting for the writer; nil while idle
	writing bool                       // a writer runs (or has finished the connection)
	pinger  atomic.Pointer[time.Timer] // the next ping

	done     chan struct{} // closed when the connection starts closing
	finished chan struct{} // closed when the writer has closed the socket

	once   sync.Once
	code   websocket.StatusCode // set once, before done is closed
	reason string
	last   []byte // sent before the close frame, if set
	abrupt bool   // close without a handshake: the peer is not listening

	msgs      *limit.Bucket // messages and control frames
	connBytes *limit.Bucket // bytes read from this connection
	addrBytes *limit.Bucket // bytes read from its address, set by admit

	// arrived is when the message being handled came in (unix ns),
	// for the relay's latency; the read loop's own.
	arrived int64

	// room and seat are guarded by hub.mu.
	room *room
	seat int
	// shared is the seat in a RedisStore, guarded by the store, and
	// entered is set once the store has given the connection a seat.
	shared  sharedSeat
	entered atomic.Bool
}

func newConn(h *Hub, addr string) *conn {
	cfg := &h.cfg
	return &conn{
		hub:       h,
		addr:      addr,
		done:      make(chan struct{}),
		finished:  make(chan struct{}),
		msgs:      limit.NewBucket(cfg.MessagesPerSecond, float64(cfg.Burst)),
		connBytes: limit.NewBucket(cfg.BytesPerSecond, cfg.byteBurst(cfg.BytesPerSecond)),
	}
}

// closeWith asks for the connection to close with a status and a reason,
// after sending last if it is not nil. Only the first call counts. It
// never blocks.
func (c *conn) closeWith(code websocket.StatusCode, reason string, last []byte) {
	c.once.Do(func() {
		c.code, c.reason, c.last = code, closeReason(reason), last
		close(c.done)
	})
	c.kick()
}

// abort drops the connection at once, without a close handshake: for a
// peer that no longer answers.
func (c *conn) abort() {
	c.once.Do(func() {
		c.abrupt = true
		close(c.done)
	})
	c.ws.CloseNow()
	c.raw.Close() // CloseNow does nothing while a close handshake runs
	c.kick()
}

// outMsg is a message waiting to be written, and for a relayed one when
// it arrived (unix ns): positive from a peer on this instance, negative
// through the shared store; 0 for the hub's own messages.
type outMsg struct {
	data []byte
	at   int64
}

// send queues an encoded message of the hub's own.
func (c *conn) send(data []byte) { c.sendAt(data, 0) }

// sendAt queues an encoded message; a client too slow to take its
// messages is dropped rather than let it hold anyone else up. The queue
// is a slice, not a buffered channel, so that an idle connection holds
// no room for messages.
func (c *conn) sendAt(data []byte, at int64) {
	select {
	case <-c.done:
		return
	default:
	}
	c.qmu.Lock()
	full := len(c.queue) >= c.hub.cfg.SendQueue
	if !full {
		c.queue = append(c.queue, outMsg{data, at})
	}
	c.qmu.Unlock()
	if full {
		c.hub.refused(c.addr, "too slow: send queue full")
		c.closeWith(websocket.StatusPolicyViolation, "too slow: send queue full", nil)
		return
	}
	c.kick()
}

// kick starts a writer unless one runs.
func (c *conn) kick() {
	c.qmu.Lock()
	start := !c.writing
	c.writing = true
	c.qmu.Unlock()
	if start {
		go c.flush()
	}
}

// next takes what the queue holds; closing is set once the connection
// is closing (done is read under the lock that kick takes after closing
// it, so a close is never missed), and nothing is left when the writer
// may stop.
func (c *conn) next() (q []outMsg, closing bool) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	select {
	case <-c.done:
		return nil, true
	default:
	}
	q, c.queue = c.queue, nil
	if len(q) == 0 {
		c.writing = false
	}
	return q, false
}

func (c *conn) sendMsg(m Message) {
	data, _ := json.Marshal(m)
	c.send(data)
}

func (c *conn) write(data []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), c.hub.cfg.WriteTimeout)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, data)
}

// flush writes the queue until it is empty; once the connection is
// closing, it writes the last message, if any, and the close frame, and
// marks the connection finished.
func (c *conn) flush() {
	for {
		q, closing := c.next()
		if closing {
			c.finish()
			return
		}
		if len(q) == 0 {
			return
		}
		for _, m := range q {
			if err := c.write(m.data); err != nil {
				c.abort()
				break
			}
			c.hub.metrics.written(m.at)
		}
	}
}

// finish closes the socket, as closeWith or abort asked.
func (c *conn) finish() {
	defer close(c.finished)
	switch {
	case c.abrupt:
		c.ws.CloseNow()
	case c.last != nil && c.write(c.last) != nil:
		c.ws.CloseNow()
	default:
		// The last message is written: the close frame follows it, and
		// the close handshake reads what the client still sends, so
		// that nothing is lost to a reset. A client that does not
		// answer the close is dropped.
		closeBounded(c.ws, c.raw, c.code, c.reason)
	}
}

// readLoop reads until the client leaves or breaks a rule.
func (c *conn) readLoop() {
	cfg := &c.hub.cfg
	for {
		typ, data, err := c.readMessage()
		if errors.Is(err, errTooBig) {
			c.refuse(websocket.StatusMessageTooBig, fmt.Sprintf("message too big: more than %d bytes", cfg.MaxMessageBytes))
			return
		}
		if err != nil {
			var ce websocket.CloseError
			select {
			case <-c.done: // closed by the hub: it has logged why
			default:
				if !errors.As(err, &ce) {
					c.hub.refused(c.addr, "dropped: "+err.Error())
				}
			}
			return
		}
		c.arrived = time.Now().UnixNano()
		if !c.msgs.Allow(cfg.Now()) {
			c.refuse(websocket.StatusPolicyViolation, fmt.Sprintf("rate limit: more than %g messages per second", cfg.MessagesPerSecond))
			return
		}
		if typ != websocket.MessageText {
			c.refuse(websocket.StatusUnsupportedData, "binary message: the protocol is JSON text")
			return
		}
		if !utf8.Valid(data) {
			c.refuse(websocket.StatusInvalidFramePayloadData, "invalid UTF-8 in a text message")
			return
		}
		m, err := decode(data)
		if err != nil {
			c.refuse(websocket.StatusPolicyViolation, err.Error())
			return
		}
		if m.Type == TypeICE {
			c.send(c.hub.freshICE())
			continue
		}
		code, reason := c.hub.store.handle(c, m)
		if code == closeOnly {
			c.hub.refused(c.addr, reason)
			c.closeWith(websocket.StatusTryAgainLater, reason, nil)
			return
		}
		if reason != "" {
			c.refuse(code, reason)
			return
		}
	}
}

// errTooBig reports a message over MaxMessageBytes.
var errTooBig = errors.New("signal: message too big")

// readMessage reads one message of at most MaxMessageBytes. It reads the
// limit and one byte more, so that a message too big is refused with an
// error message like any other (coder/websocket's own read limit would
// close the connection before the hub could say why).
func (c *conn) readMessage() (websocket.MessageType, []byte, error) {
	typ, r, err := c.ws.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	limit := c.hub.cfg.MaxMessageBytes
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return 0, nil, err
	}
	if int64(len(data)) > limit {
		return 0, nil, errTooBig
	}
	return typ, data, nil
}

// control counts a ping or pong frame from the client against its rate
// limit, and reports whether the hub should answer it.
func (c *conn) control(kind string) bool {
	select {
	case <-c.done:
		return false
	default:
	}
	cfg := &c.hub.cfg
	if !c.msgs.Allow(cfg.Now()) {
		c.refuse(websocket.StatusPolicyViolation, fmt.Sprintf("rate limit: more than %g messages per second (%s frames count)", cfg.MessagesPerSecond, kind))
		return false
	}
	return true
}

// refuse tells the client why in an error message, then closes its
// connection with the reason.
func (c *conn) refuse(code websocket.StatusCode, reason string) {
	c.hub.refused(c.addr, reason)
	data, _ := json.Marshal(Message{Type: TypeError, Reason: truncateUTF8(reason, maxErrorReason)})
	c.closeWith(code, reason, data)
}

// ping pings the client and, if the pong comes within PingTimeout, sets
// the next ping PingInterval later; else it drops the client: a socket
// that died without a word (a phone out of reach, a half-open
// connection) frees its seat, and the other peer hears that it left. It
// runs on the pinger's timer, a goroutine only while it waits.
func (c *conn) ping() {
	select {
	case <-c.done:
		return
	default:
	}
	cfg := &c.hub.cfg
	ctx, cancel := context.WithTimeout(context.Background(), cfg.PingTimeout)
	err := c.ws.Ping(ctx)
	cancel()
	if err == nil {
		c.pinger.Store(time.AfterFunc(cfg.PingInterval, c.ping))
		return
	}
	select {
	case <-c.done:
	default:
		c.hub.refused(c.addr, fmt.Sprintf("dropped: no pong within %s", cfg.PingTimeout))
		c.abort()
	}
}

// closeTimeout bounds a close handshake, which coder/websocket would let
// run 5 s for the write and 5 s more for the answer.
const closeTimeout = 2 * time.Second

// closeBounded closes ws with a handshake, and its connection raw without
// one if the handshake takes longer than closeTimeout.
func closeBounded(ws *websocket.Conn, raw net.Conn, code websocket.StatusCode, reason string) {
	t := time.AfterFunc(closeTimeout, func() { raw.Close() })
	defer t.Stop()
	ws.Close(code, reason)
}

// Close frames hold 125 bytes: a status code and up to 123 of reason.
// Error messages have room for more, within reason.
const (
	maxCloseReason = 123
	maxErrorReason = 300
)

// closeReason fits a reason into a close frame.
func closeReason(s string) string { return truncateUTF8(s, maxCloseReason) }

// truncateUTF8 makes s valid UTF-8 of at most n bytes, cut at a rune
// boundary.
func truncateUTF8(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}
