//go:build !js

package signal

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// What the external tests (the hostile suite) need of the inside.

// Expire runs the sweeper once at now.
func (h *Hub) Expire(now time.Time) { h.expire(now) }

// FlushLog logs the refusals counted so far.
func (h *Hub) FlushLog() { h.log.Flush() }

// SweepEvery is how often the sweeper runs for cfg.
func SweepEvery(cfg Config) time.Duration { return (&Hub{cfg: cfg.withDefaults()}).sweepEvery() }

// ByteBurst is the burst of a byte rate under cfg.
func ByteBurst(cfg Config, rate float64) float64 { c := cfg.withDefaults(); return c.byteBurst(rate) }

// ReadChunk bounds one throttled read, CloseDrain what the hub reads of a
// closing connection.
const (
	ReadChunk  = readChunk
	CloseDrain = closeDrain
)

// DialAs dials the hub with extra request headers and reads its welcome.
func DialAs(ctx context.Context, url string, h http.Header) (*Client, error) {
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c := &Client{ws: ws}
	m, err := c.recvCtx(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, err
	}
	if m.Type != TypeWelcome {
		ws.CloseNow()
		return nil, fmt.Errorf("first message %s %q", m.Type, m.Reason)
	}
	return c, nil
}

// CloseNow drops the client's connection without a close handshake.
func (c *Client) CloseNow() { c.ws.CloseNow() }
