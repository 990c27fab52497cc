//go:build !js

package p2p

import (
	"math/rand/v2"
	"testing"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/engine/game"
)

// Revive, as the online table calls it on a silent channel: attempt 1
// restarts ICE on the offering side and keeps the data channel (no state
// change, the game goes on); attempt 2 closes the connection and
// negotiates a new one through the hub, after which the game goes on.
func TestReviveRestartsICEThenRenegotiates(t *testing.T) {
	url := startHub(t)
	host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One})
	rng := rand.New(rand.NewPCG(21, 21))
	play(t, rng, host, guest, 4, -1)

	before := guest.peer.rn.restarts.Load()
	guest.peer.Revive(1) // the guest makes the offers
	host.peer.Revive(1)  // the answering side waits for it
	waitFor(t, "the ICE restart", func() bool { return guest.peer.rn.restarts.Load() > before })
	play(t, rng, host, guest, 4, -1)
	if st := host.peer.State(); st != conn.Connected {
		t.Fatalf("after the ICE restart the host is %v, want connected", st)
	}

	host.peer.Revive(2)
	host.waitState(t, conn.Reconnecting)
	guest.waitState(t, conn.Reconnecting) // the hub's new epoch
	playOnAfter(t, rng, host, guest, "the new negotiation")
	if host.peer.revives.Load() != 2 || guest.peer.revives.Load() != 1 {
		t.Errorf("revives: host %d, guest %d", host.peer.revives.Load(), guest.peer.revives.Load())
	}
}
