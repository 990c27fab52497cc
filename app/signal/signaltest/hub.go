//go:build !js

package signaltest

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
)

// StartHub serves a hub with cfg on a loopback test server, closed with
// the test, and returns it with its WebSocket URL.
func StartHub(t testing.TB, cfg signal.Config) (*signal.Hub, string) {
	t.Helper()
	h := signal.NewHub(cfg)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return h, "ws" + strings.TrimPrefix(srv.URL, "http")
}

// WaitFor polls cond until it holds, and fails the test after 10 s.
func WaitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
