//go:build !js

package p2p

import (
	"math/rand/v2"
	"sync"
	"testing"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/engine/game"
)

// A move lost with both pages connected (about one run in six of the
// browser tests before acknowledgements): the sender's channel took the
// frame (Send returned nil) and the receiver never handed it to its
// match. Two ways that happens, both below the match: a browser discards
// the messages its data channel has received but not yet dispatched when
// the peer connection is closed for a new negotiation (the peer's loop
// drops what is left of the old epoch too), and a channel that died
// without either side seeing it (a frozen page, a network gone) takes
// frames into its buffer that never leave. Before protocol 3 the sender
// forgot the move once Send returned, the receiver had no way to know a
// move was missing (a gap shows only with the next frame, and the next
// frame was the other side's to send), so both waited for ever. Now the
// act stays pending until acknowledged: the receiver's ping shows it
// lacks it, or the next channel's hello, and it goes again.

// swallow is the guest's transport with a trap: once armed, the next act
// it is given is taken (Send returns nil) and never sent.
type swallow struct {
	t     match.Transport
	mu    sync.Mutex
	armed bool
	ate   []string
}

func (s *swallow) Send(b []byte) error {
	s.mu.Lock()
	if s.armed {
		if f, err := match.Decode(b); err == nil && f.Act > 0 {
			s.armed = false
			s.ate = append(s.ate, f.Type)
			s.mu.Unlock()
			return nil
		}
	}
	s.mu.Unlock()
	return s.t.Send(b)
}

func (s *swallow) arm() { s.mu.Lock(); s.armed = true; s.mu.Unlock() }

func TestMoveLostWithBothConnected(t *testing.T) {
	for _, tc := range []struct {
		name string
		// after is what happens once the frame is gone: the host's ping
		// (the channel lives), or a new negotiation (the channel is
		// rebuilt, as when the receiver tore it down).
		after func(t *testing.T, host, guest *side)
	}{
		{"ping", func(t *testing.T, host, guest *side) { host.match.Ping() }},
		{"renegotiation", func(t *testing.T, host, guest *side) {
			host.peer.events.Push(event{kind: evBreak})
			host.waitState(t, conn.Reconnecting)
			host.waitState(t, conn.Connected)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := startHub(t)
			trap := &swallow{}
			host, guest := connectVia(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}, fast, fast,
				func(tr match.Transport) match.Transport { trap.t = tr; return trap })
			rng := rand.New(rand.NewPCG(26, 6))
			play(t, rng, host, guest, 5, -1)
			if guest.match.Turn() != guest.match.Me() {
				play(t, rng, host, guest, 1, -1)
			}
			trap.arm()
			a := guest.match.Legal()[0]
			if err := guest.match.Play(a); err != nil {
				t.Fatalf("guest Play(%s): %v", a, err)
			}
			if len(trap.ate) != 1 {
				t.Fatalf("the trap took %q, want the guest's action", trap.ate)
			}
			if host.peer.State() != conn.Connected || guest.peer.State() != conn.Connected {
				t.Fatalf("states %v, %v: want both connected while the move is lost", host.peer.State(), guest.peer.State())
			}
			if host.match.Record() == guest.match.Record() {
				t.Fatal("the host has the guest's move although its frame was taken")
			}
			tc.after(t, host, guest)
			// As an action, or within the record of a sync.
			sameRecordsSoon(t, host, guest)
			g := mustParse(t, host.match.Record())
			if acts := g.Actions(); acts[len(acts)-1] != a {
				t.Fatalf("the host's record ends with %q, want the lost %q", g.Notation(acts[len(acts)-1]), g.Notation(a))
			}
			for len(host.events) > 0 {
				<-host.events // the lost action's event, if it came as one
			}
			play(t, rng, host, guest, 4, -1)
			sameRecordsSoon(t, host, guest)
		})
	}
}
