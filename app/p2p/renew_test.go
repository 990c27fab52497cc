//go:build !js

package p2p

import (
	"gygy/app/conn"
	"gygy/app/match"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
	"gygy/engine/game"
)

// relayHub starts a hub that hands out credentials for relay.
func relayHub(t testing.TB, relay *signal.Relay) string {
	t.Helper()
	h := signal.NewHub(signal.Config{Relay: relay})
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// relayedDuo makes a host and a guest that send everything through the
// hub's relay agree on a game of spec; before runs on each Peer before it
// starts.
func relayedDuo(t testing.TB, url, spec string, before ...func(*Peer)) (host, guest *side) {
	t.Helper()
	hello := match.Hello{Spec: mustSpec(spec), Host: game.One}
	host = newSide(t, "host", Config{SignalURL: url, RelayOnly: true}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(hello, tr, fast)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}, before...)
	room, _, _ := host.peer.Room()
	guest = newSide(t, "guest", Config{SignalURL: url, Room: room, RelayOnly: true}, func(tr match.Transport) *match.Match {
		return match.NewGuest(tr, fast)
	}, before...)
	guest.waitEvent(t, match.EventHello)
	if err := guest.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host.waitEvent(t, match.EventStart)
	return host, guest
}

// lostChannel returns a state other than conn.Connected the side has
// been in since it was last asked, or conn.Connected.
func (s *side) lostChannel() conn.State {
	lost := conn.Connected
	for {
		select {
		case st := <-s.states:
			if st != conn.Connected {
				lost = st
			}
		default:
			return lost
		}
	}
}

// TestRelayOutlivesCredentials plays a relayed game (every packet through
// the TURN relay) for several lives of its credentials, with relayed
// addresses that die three seconds after their last refresh: the peers
// ask the hub for fresh credentials and restart ICE with them, and the
// data channel never drops. Without renewal the same game loses its relay
// soon after the first expiry.
func TestRelayOutlivesCredentials(t *testing.T) {
	if testing.Short() {
		t.Skip("plays for half a minute")
	}
	const life = 4 * time.Second
	for _, tc := range []struct {
		name  string
		renew bool
	}{{"renewed", true}, {"stale", false}} {
		t.Run(tc.name, func(t *testing.T) {
			relay, err := signal.StartRelay(signal.RelayConfig{Listen: "127.0.0.1:0", CredentialLife: life, AllocationLifetime: 3 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			host, guest := relayedDuo(t, relayHub(t, relay), "GYRE 9x20", func(p *Peer) { p.rn.off = !tc.renew })
			began := time.Now()
			if !tc.renew {
				host.waitState(t, conn.Reconnecting) // fails the test if the relay outlives its credentials
				t.Logf("without renewal the relayed channel dropped %v after the game began (credentials live %v)", time.Since(began).Round(time.Millisecond), life)
				return
			}
			host.lostChannel() // forget the states on the way to the first connection
			guest.lostChannel()
			rng := rand.New(rand.NewPCG(5, 6))
			start := time.Now()
			moves, pings := 0, 0
			var slowest time.Duration
			for time.Since(start) < 5*life {
				if host.match.Winner() == game.NoSeat {
					slowest = max(slowest, play(t, rng, host, guest, 1, -1)[0])
					moves++
				} else {
					host.match.Ping()
					slowest = max(slowest, host.waitEvent(t, match.EventPong).RTT)
					pings++
				}
				if hs, gs := host.lostChannel(), guest.lostChannel(); hs != conn.Connected || gs != conn.Connected {
					t.Fatalf("the channel dropped %v into the game (host %v, guest %v), after %d ICE restarts",
						time.Since(start), hs, gs, guest.peer.rn.restarts.Load()+host.peer.rn.restarts.Load())
				}
				time.Sleep(100 * time.Millisecond)
			}
			restarts := guest.peer.rn.restarts.Load() + host.peer.rn.restarts.Load()
			asked := guest.peer.rn.asked.Load() + host.peer.rn.asked.Load()
			if min := int32(5*life/(5*life/8)) - 2; restarts < min {
				t.Errorf("%d ICE restarts in %v, want %d at least", restarts, 5*life, min)
			}
			t.Logf("relayed game kept %v (%d credential lives of %v): %d moves and %d pings, %d requests for fresh credentials, %d ICE restarts, no drop; slowest move or ping %v",
				time.Since(start).Round(time.Millisecond), 5, life, moves, pings, asked, restarts, slowest)
		})
	}
}
