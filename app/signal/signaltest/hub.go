//go:build !js

package signaltest

import (
	"context"
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

// Honest starts a Pair at url relaying every 150 ms, beside whatever the
// test does to the hub. The returned func waits for five round trips at
// least, stops the pair, fails the test if the pair stopped relaying, and
// logs its latency.
func Honest(t testing.TB, url string) func() Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := Start(ctx, url, 150*time.Millisecond)
	if err != nil {
		t.Fatalf("honest pair: %v", err)
	}
	return func() Report {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for p.RoundTrips() < 5 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		r, err := p.Stop()
		if err != nil {
			t.Fatalf("honest pair: %v", err)
		}
		t.Logf("honest pair's relay: %v", r)
		return r
	}
}
