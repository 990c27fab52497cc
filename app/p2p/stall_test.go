//go:build !js

package p2p

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/signal"
	"gygy/engine/game"
)

// A first negotiation whose offer is lost on the way (as when the hub's
// connection breaks at that moment) would leave the guest looking for the
// game for ever: nothing fails, neither connection ever checks a path,
// the offerer waits for an answer that never comes. After NegotiateWithin the peers ask for another, which
// opens the channel, and the game is offered and played.
func TestStalledNegotiationStartsAgain(t *testing.T) {
	url := startHub(t)
	hello := match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}
	var lost atomic.Int32
	within := 500 * time.Millisecond
	host := newSide(t, "host", Config{SignalURL: url, NegotiateWithin: within}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(hello, tr, fast)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
	room, _, _ := host.peer.Room()
	start := time.Now()
	guest := newSide(t, "guest", Config{SignalURL: url, Room: room, NegotiateWithin: within}, func(tr match.Transport) *match.Match {
		return match.NewGuest(tr, fast)
	}, func(p *Peer) {
		p.lose = func(m signal.Message) bool {
			if m.Type == signal.TypeOffer && m.Epoch == 1 {
				lost.Add(1)
				return true
			}
			return false
		}
	})
	guest.waitEvent(t, match.EventHello)
	took := time.Since(start)
	if lost.Load() != 1 {
		t.Fatalf("the guest's first offer was lost %d times, want once", lost.Load())
	}
	if took < within {
		t.Errorf("the offer came after %v, before the first negotiation could have been given up (%v)", took, within)
	}
	t.Logf("offer after %v (the first negotiation given up after %v)", took, within)
	if err := guest.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host.waitEvent(t, match.EventStart)
	play(t, rand.New(rand.NewPCG(5, 5)), host, guest, 6, -1)
	if st := guest.peer.State(); st != conn.Connected {
		t.Errorf("the guest is %v after the game, want connected", st)
	}
	host.peer.Close() // the loops have ended: their fields may be read
	guest.peer.Close()
	if guest.peer.epoch < 2 {
		t.Errorf("the game was played in negotiation %d, want a later one than the stalled first", guest.peer.epoch)
	}
	if guest.peer.stall.tries != 0 || host.peer.stall.tries != 0 {
		t.Errorf("stalled tries after the channel opened: guest %d, host %d, want 0", guest.peer.stall.tries, host.peer.stall.tries)
	}
}
