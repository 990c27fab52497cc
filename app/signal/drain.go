//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// A rolling deploy drains an instance before it stops: the instance takes
// no new connection and says so to the load balancer's health check; it
// tells each peer connected to it to reconnect, and closes its connection
// with StatusServiceRestart. A peer dials again through the balancer, to
// another instance, and takes its seat back with its token, as after an
// instance's loss: with a RedisStore the room is there, and the other
// peer, wherever it is, negotiates afresh with it; an open data channel
// carries the game meanwhile.

// reasonDraining is why a draining hub refuses and closes connections.
const reasonDraining = "server draining: reconnect to another instance"

// errDraining is the health of a draining hub.
var errDraining = errors.New("draining")

// Draining reports whether Drain was called.
func (h *Hub) Draining() bool { return h.draining.Load() }

// Drain stops taking connections (new ones get 503, Health reports
// "draining"), tells every peer connected here to reconnect elsewhere and
// closes its connection, and waits until all of them are gone or ctx
// ends, whose error it then returns. Close the hub afterwards.
func (h *Hub) Drain(ctx context.Context) error {
	if !h.draining.Swap(true) {
		h.logger.Info("draining: peers told to reconnect elsewhere", "connections", h.connCount())
	}
	data, _ := json.Marshal(Message{Type: TypeReconnect, Reason: reasonDraining})
	h.mu.Lock()
	for c := range h.conns {
		c.closeWith(websocket.StatusServiceRestart, reasonDraining, data)
	}
	h.mu.Unlock()
	t := time.NewTicker(10 * time.Millisecond)
	defer t.Stop()
	for h.connCount() > 0 {
		select {
		case <-ctx.Done():
			h.logger.Warn("drain timed out", "connections", h.connCount())
			return ctx.Err()
		case <-t.C:
		}
	}
	h.logger.Info("drained")
	return nil
}

func (h *Hub) connCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.conns)
}

// refuseDraining answers a request that comes while the hub drains, before
// any upgrade, so that the balancer's next try goes elsewhere.
func (h *Hub) refuseDraining(w http.ResponseWriter, addr string) {
	h.refused(addr, reasonDraining)
	w.Header().Set("Retry-After", "1")
	http.Error(w, reasonDraining, http.StatusServiceUnavailable)
}
