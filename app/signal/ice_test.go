//go:build !js

package signal_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
)

// TestFreshICE: a hub with a relay says how long its credentials live and
// answers an ice message with new ones, before and after create; without
// a relay its welcome names no life and ice brings the configured servers.
func TestFreshICE(t *testing.T) {
	external, err := signal.ExternalRelay("s", []string{"turn:t.test:3478"}, 90*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	stun := signal.ICEServer{URLs: []string{"stun:s.test:3478"}}
	for _, tc := range []struct {
		name  string
		relay *signal.Relay
		life  time.Duration
		n     int
	}{
		{"relay", external, 90 * time.Second, 2},
		{"none", nil, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := signal.NewHub(signal.Config{ICEServers: []signal.ICEServer{stun}, Relay: tc.relay})
			srv := httptest.NewServer(h)
			defer srv.Close()
			defer h.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			c, err := signal.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if got := c.ICELife(); got != tc.life {
				t.Errorf("ICELife() = %v, want %v", got, tc.life)
			}
			check := func(when string, m signal.Message) {
				t.Helper()
				if m.Type != signal.TypeICE || len(m.ICEServers) != tc.n || m.ICEServers[0].URLs[0] != stun.URLs[0] || m.ICESeconds != int(tc.life/time.Second) {
					t.Fatalf("%s: %+v, want an ice message with %d servers living %v", when, m, tc.n, tc.life)
				}
				if tc.n == 2 && (m.ICEServers[1].Username == "" || m.ICEServers[1].Credential == "") {
					t.Fatalf("%s: relay without credentials: %+v", when, m.ICEServers[1])
				}
			}
			check("welcome", c.ICE())
			if err := c.AskICE(ctx); err != nil { // before create: allowed
				t.Fatal(err)
			}
			m, err := c.Recv()
			if err != nil {
				t.Fatal(err)
			}
			check("ice before create", m)
			if _, err := c.Create(ctx); err != nil {
				t.Fatal(err)
			}
			if err := c.AskICE(ctx); err != nil {
				t.Fatal(err)
			}
			if m, err = c.Recv(); err != nil {
				t.Fatal(err)
			}
			check("ice in a room", m)
		})
	}
}

func TestExternalRelayRefusesBadSetup(t *testing.T) {
	for _, tc := range []struct {
		secret string
		urls   []string
	}{
		{"", []string{"turn:t.test:3478"}},
		{"s", nil},
		{"s", []string{"stun:t.test:3478"}},
	} {
		if _, err := signal.ExternalRelay(tc.secret, tc.urls, time.Hour); err == nil {
			t.Errorf("ExternalRelay(%q, %q) = nil error", tc.secret, tc.urls)
		}
	}
}
