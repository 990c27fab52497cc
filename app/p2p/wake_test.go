//go:build !js

package p2p

import (
	"gygy/app/conn"
	"gygy/app/match"
	"math/rand/v2"
	"testing"

	"gygy/engine/game"
)

// TestWakeRestartsICE: a device that comes back (Wake) restarts ICE on
// the side that made the offer, and the game goes on over the same data
// channel; the answering side only listens.
func TestWakeRestartsICE(t *testing.T) {
	url := startHub(t)
	host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One})
	host.lostChannel()
	guest.lostChannel()
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 3 {
		host.peer.Wake()
		guest.peer.Wake()
		waitFor(t, "an ICE restart on waking", func() bool { return guest.peer.rn.restarts.Load() == int32(i+1) })
		play(t, rng, host, guest, 2, -1)
	}
	if n := host.peer.rn.restarts.Load(); n != 0 {
		t.Errorf("the answering side restarted ICE %d times, want none (only the offerer offers)", n)
	}
	if hs, gs := host.lostChannel(), guest.lostChannel(); hs != conn.Connected || gs != conn.Connected {
		t.Errorf("the channel dropped while waking (host %v, guest %v)", hs, gs)
	}
}
