//go:build !js

package signal

import (
	"bufio"
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
	return &throttled{Conn: nc, c: h.c, closed: make(chan struct{})}, brw, nil
}

// Unwrap gives http.ResponseController the server's ResponseWriter.
func (h *hijacker) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// throttled is a connection whose reads stay within the byte rates of its
// client and of its client's address: past them, a read waits until the
// buckets are out of debt, and TCP slows the sender down.
type throttled struct {
	net.Conn
	c      *conn
	once   sync.Once
	closed chan struct{}
}

// readChunk bounds one read, so that one read's debt is small.
const readChunk = 4 << 10

func (t *throttled) Read(p []byte) (int, error) {
	if len(p) > readChunk {
		p = p[:readChunk]
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

func (t *throttled) Close() error {
	t.once.Do(func() { close(t.closed) })
	return t.Conn.Close()
}
