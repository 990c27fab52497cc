//go:build !js

package online

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"gygy/app/match"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// A CodePeer is a Link: the online table runs over a pairing by codes.
var _ Link = (*p2p.CodePeer)(nil)

// pairPeers pairs two code peers with the codes' text alone.
func pairPeers(t *testing.T, offerer, answerer *p2p.CodePeer) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := p2p.PairCodes(ctx, offerer, answerer); err != nil {
		t.Fatal(err)
	}
}

// codeTables makes a table over a fresh code peer for each saved game.
func codeTables(t *testing.T, l *loop, hs, gs Saved, hStore, gStore session.Storage) (host, guest *Table, hp, gp *p2p.CodePeer) {
	t.Helper()
	hp = p2p.NewCodePeer(p2p.CodeConfig{Room: hs.Room, Loopback: true})
	gp = p2p.NewCodePeer(p2p.CodeConfig{Room: gs.Room, Loopback: true})
	// Random games go faster than people: no rate limit.
	fast := match.MatchConfig{FramesPerSecond: 1e6, Burst: 1e6}
	var err error
	if host, err = New(hp, hs, Config{Store: hStore, Run: l.run, Match: fast}); err != nil {
		t.Fatal(err)
	}
	if guest, err = New(gp, gs, Config{Store: gStore, Run: l.run, Match: fast}); err != nil {
		t.Fatal(err)
	}
	host.Start()
	guest.Start()
	t.Cleanup(func() {
		host.Hang()
		guest.Hang()
	})
	return host, guest, hp, gp
}

// playRandom plays random legal actions (with the swap at the first
// chance) until the game ends or n actions were played.
func (p *pair) playRandom(t *testing.T, rng *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n && !p.host.View().Game.Result().Over(); i++ {
		legal := p.host.View().Game.Legal(nil)
		a := legal[rng.IntN(len(legal))]
		for _, g := range legal {
			if g == gyre.Swap {
				a = g
			}
		}
		p.play(t, p.host.View().Game.Notation(a))
	}
}

// Two online tables play a whole GYRE game over a pairing by codes, with
// no hub running: the same table, records and checks as with a link.
func TestOnlineGameByCodes(t *testing.T) {
	l := newLoop()
	hStore := &session.MemoryStorage{}
	host, guest, hp, gp := codeTables(t, l, Saved{Role: match.Host, Hello: match.Hello{Spec: spec(t, "GYRE 5x10"), Host: game.One}},
		Saved{Role: match.Guest}, hStore, nil)
	if c, _ := host.Conn(); c != session.Waiting {
		l.pump(t, "waiting for a code", func() bool { c, _ := host.Conn(); return c == session.Waiting })
	}
	pairPeers(t, hp, gp)
	l.pump(t, "the offer", func() bool { _, ok := guest.Offer(); return ok })
	if err := guest.Accept(); err != nil {
		t.Fatal(err)
	}
	l.pump(t, "the start", func() bool { return host.Started() && guest.Started() })
	p := &pair{l: l, host: host, guest: guest}
	p.playRandom(t, rand.New(rand.NewPCG(7, 7)), 1000)
	hr, gr := host.View().Game.Result(), guest.View().Game.Result()
	if !hr.Over() || hr != gr {
		t.Fatalf("results %+v and %+v, want one and the same end", hr, gr)
	}
	room, _, _ := hp.Room()
	// The table saves when the event reaches its goroutine, which may be
	// a moment after the match (which the view reads) has the action.
	l.pump(t, "the host's game saved", func() bool {
		sv, ok := Load(hStore, room)
		return ok && sv.Match != nil && sv.Match.Record == host.View().Game.Record()
	})
	t.Logf("GYRE 5x10 over codes: %d actions, %v", host.View().Game.Len(), hr)
}

// A drop cannot be mended through a hub: the table says the connection is
// lost, the game stays saved on both devices, and a new pairing (the
// other device offering this time) resumes it to the end.
func TestOnlineResumeByNewPairing(t *testing.T) {
	l := newLoop()
	hStore, gStore := &session.MemoryStorage{}, &session.MemoryStorage{}
	host, guest, hp, gp := codeTables(t, l, Saved{Role: match.Host, Hello: match.Hello{Spec: spec(t, "GYGES"), Host: game.Two}},
		Saved{Role: match.Guest}, hStore, gStore)
	pairPeers(t, hp, gp)
	l.pump(t, "the offer", func() bool { _, ok := guest.Offer(); return ok })
	guest.Accept()
	l.pump(t, "the start", func() bool { return host.Started() && guest.Started() })
	p := &pair{l: l, host: host, guest: guest}
	p.play(t, "321123", "123321", "a1-a4")
	before := host.View().Game.Record()

	hp.Close() // the host's device goes away
	l.pump(t, "the drop", func() bool { c, _ := guest.Conn(); return c == session.Closed })
	if _, err := guest.Conn(); !errors.Is(err, p2p.ErrLost) {
		t.Errorf("the guest's table says %v, want p2p.ErrLost", err)
	}
	host.Hang()
	guest.Hang()

	hRoom, _, _ := hp.Room()
	gRoom, _, _ := gp.Room()
	hs, ok1 := Load(hStore, hRoom)
	gs, ok2 := Load(gStore, gRoom)
	if !ok1 || !ok2 || hs.Match == nil || gs.Match == nil || gs.Match.Record != before {
		t.Fatalf("saved: host %+v %v, guest %+v %v", hs, ok1, gs, ok2)
	}
	host, guest, hp, gp = codeTables(t, l, hs, gs, hStore, gStore)
	pairPeers(t, gp, hp) // the guest offers this time
	l.pump(t, "the resumed game", func() bool {
		hc, _ := host.Conn()
		gc, _ := guest.Conn()
		return hc == session.Connected && gc == session.Connected && host.Started() && guest.Started() &&
			host.View().Game.Record() == before && guest.View().Game.Record() == before
	})
	p = &pair{l: l, host: host, guest: guest}
	p.playRandom(t, rand.New(rand.NewPCG(8, 8)), 1000)
	hr, gr := host.View().Game.Result(), guest.View().Game.Result()
	if !hr.Over() || hr != gr || host.View().Game.Record() != guest.View().Game.Record() {
		t.Fatalf("results %+v and %+v, records\n%s\n%s", hr, gr, host.View().Game.Record(), guest.View().Game.Record())
	}
	if r, _, _ := hp.Room(); r != hRoom {
		t.Errorf("the host's game moved from %q to %q", hRoom, r)
	}
}

func spec(t *testing.T, s string) game.Spec {
	t.Helper()
	sp, err := game.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}
