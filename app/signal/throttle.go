//go:build !js

package signal

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// hijacker hands coder/websocket the hijacked connection wrapped in a
// throttle, so that every byte the client sends (messages, control
// frames, frame headers) counts against its bandwidth.
type hijacker struct {
	http.ResponseWriter
	c *conn
}

func (h *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	t := &throttled{Conn: nc, c: h.c, closed: make(chan struct{}), closeSent: make(chan struct{})}
	h.c.raw = t
	// net/http's buffers are 4 KiB each way, most of an idle
	// connection's memory: the hub's are small (a frame larger than a
	// buffer is read and written past it), and net/http's go with the
	// handler's return. What the client sent after its request is moved
	// into the new reader's buffer, where Accept looks for it. The
	// writer writes to the wrapper, so that it sees the close frame go
	// out.
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(early)), t), max(connBuffer, len(early)))
	if len(early) > 0 {
		br.Peek(len(early))
	}
	return t, bufio.NewReadWriter(br, bufio.NewWriterSize(t, connBuffer)), nil
}

// connBuffer is the size of a connection's read and write buffers: room
// for a frame's header and a short message, the hub's last message
// before a close among them (see throttled.Write).
const connBuffer = 512

// Unwrap gives http.ResponseController the server's ResponseWriter.
func (h *hijacker) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// throttled is a connection whose reads stay within the byte rates of its
// client and of its client's address: past them, a read waits until the
// buckets are out of debt, and TCP slows the sender down.
//
// Once the hub is closing the connection, it reads nothing until its
// close frame has gone out (so that a flood cannot end the connection
// before the client is told why), and then no more than closeDrain bytes:
// enough for an honest client's answer to the close frame, and no more
// of a flood.
type throttled struct {
	net.Conn
	c         *conn
	once      sync.Once
	closed    chan struct{}
	sentOnce  sync.Once
	closeSent chan struct{} // closed once a close frame is written
	drained   int           // bytes read since the hub began to close
}

const (
	// readChunk bounds one read, so that one read's debt is small.
	readChunk = 4 << 10
	// closeDrain is what the hub reads from a closing connection.
	closeDrain = 4 << 10
)

// errDrained ends the reading of a closing connection.
var errDrained = errors.New("signal: closing: the client sent too much after the close")

func (t *throttled) Read(p []byte) (int, error) {
	if len(p) > readChunk {
		p = p[:readChunk]
	}
	select {
	case <-t.c.done:
		timer := time.NewTimer(closeTimeout)
		select {
		case <-t.closeSent:
		case <-t.closed:
		case <-timer.C:
		}
		timer.Stop()
		if t.drained >= closeDrain {
			return 0, errDrained
		}
		p = p[:min(len(p), closeDrain-t.drained)]
		n, err := t.Conn.Read(p)
		t.drained += n
		return n, err
	default:
	}
	n, err := t.Conn.Read(p)
	if n > 0 {
		now := t.c.hub.cfg.Now()
		wait := t.c.connBytes.Take(now, float64(n))
		if b := t.c.addrBytes; b != nil {
			wait = max(wait, b.Take(now, float64(n)))
		}
		if wait > 0 {
			timer := time.NewTimer(wait)
			select {
			case <-timer.C:
			case <-t.closed:
				timer.Stop()
			}
		}
	}
	return n, err
}

// closeFrame is the first byte of a close frame from the hub: FIN and
// opcode 8 (RFC 6455, section 5.2; server frames are not masked).
const closeFrame = 0x88

// Write writes p, and notes a close frame going out. coder/websocket
// flushes each frame of the hub's last messages whole, so a write that
// starts with the close frame's first byte once the connection is
// closing is the close frame (an admission refusal closes before done).
func (t *throttled) Write(p []byte) (int, error) {
	n, err := t.Conn.Write(p)
	if err == nil && len(p) > 0 && p[0] == closeFrame && t.closing() {
		t.sentOnce.Do(func() { close(t.closeSent) })
	}
	return n, err
}

// closing reports whether the hub has begun to close the connection, or
// has not admitted it.
func (t *throttled) closing() bool {
	select {
	case <-t.c.done:
		return true
	default:
		return t.c.addrBytes == nil
	}
}

// Close closes the connection. If the hub has sent a close frame, the
// close lingers (RFC 7230, section 6.6): the hub shuts its side down at
// once and closes the socket lingerTimeout later, since closing a socket
// with unread data resets it, which can cost the client the error and
// the close frame before it has read them.
func (t *throttled) Close() error {
	first := false
	t.once.Do(func() { close(t.closed); first = true })
	if !first {
		return nil
	}
	select {
	case <-t.closeSent:
	default:
		return t.Conn.Close()
	}
	hc, ok := t.Conn.(interface{ CloseWrite() error })
	if !ok || hc.CloseWrite() != nil {
		return t.Conn.Close()
	}
	t.Conn.SetReadDeadline(time.Now()) // wakes a read still waiting
	time.AfterFunc(lingerTimeout, func() { t.Conn.Close() })
	return nil
}

// lingerTimeout is how long a closed connection lingers.
const lingerTimeout = time.Second
