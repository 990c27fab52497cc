//go:build !js

package signal_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"gygy/app/match"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/app/signal"
	"gygy/app/signal/signaltest"
)

// A rolling deploy: instance A drains while one game is under way through
// it (its host on A, its guest on B) and another is still negotiating
// (both peers on A). The balancer sends new connections to B, as its
// health check would once A answers "draining". Every peer on A is told
// to reconnect, takes its seat back on B with its token, and both games
// go on to their ends with the same records on both sides.
func TestRedisDrainMidGameAndMidNegotiation(t *testing.T) {
	_, ins := cluster(t, 2, signal.Config{})
	a, b := ins[0], ins[1]
	lb := signaltest.NewBalancer(t, a.URL)
	rng := rand.New(rand.NewPCG(5, 2))

	// The game under way: the host through the balancer (on A), the
	// guest on B.
	host1, guest1 := startGame(t, lb.URL, b.URL, kinds[1])
	playMoves(t, rng, host1, guest1, 4)
	before := host1.match.Record()

	// The game negotiating: both through the balancer, on A; the guest
	// has just joined, and the channel is not open yet.
	host2 := newPlayer(t, "host2", p2p.Config{SignalURL: lb.URL}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(kinds[0], tr, instant)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
	room, _, _ := host2.peer.Room()
	guest2 := newPlayer(t, "guest2", p2p.Config{SignalURL: lb.URL, Room: room}, func(tr match.Transport) *match.Match {
		return match.NewGuest(tr, instant)
	})
	for guest2.peer.State() != session.Negotiating {
		if st := guest2.peer.State(); st == session.Connected || st == session.Closed {
			t.Fatalf("the second game's guest is %v before the drain, want it negotiating", st)
		}
		time.Sleep(time.Millisecond)
	}

	lb.Use(b.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	if err := a.Hub.Drain(ctx); err != nil {
		t.Fatalf("Drain: %v (connections left on A)", err)
	}
	drained := time.Since(start)
	if err := a.Hub.Health(); err == nil || !strings.Contains(err.Error(), "draining") {
		t.Fatalf("A's health while draining: %v, want draining", err)
	}
	if _, err := signal.Dial(ctx, a.URL); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("a dial to the draining A: %v, want refused with 503", err)
	}

	// The negotiating game meets on B and starts.
	guest2.waitEvent(t, match.EventHello)
	if err := guest2.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host2.waitEvent(t, match.EventStart)

	// The game under way reconnects on B and is in step.
	host1.waitState(t, session.Reconnecting)
	host1.waitState(t, session.Connected)
	signaltest.WaitFor(t, func() bool {
		return host1.match.Record() == guest1.match.Record() && guest1.peer.State() == session.Connected
	})
	if got := host1.match.Record(); got != before {
		t.Fatalf("record after the drain %q, want %q: nothing lost, nothing added", got, before)
	}
	if rooms, conns := b.Hub.Stats(); rooms != 2 || conns != 4 {
		t.Fatalf("B holds %d rooms and %d connections, want both games' 2 and 4", rooms, conns)
	}
	if _, conns := a.Hub.Stats(); conns != 0 {
		t.Fatalf("A holds %d connections after its drain", conns)
	}
	n1 := playMoves(t, rng, host1, guest1, 1000)
	finished(t, host1, guest1)
	n2 := playMoves(t, rng, host2, guest2, 1000)
	finished(t, host2, guest2)
	t.Logf("A drained in %v (its 3 peers gone elsewhere, the second game's mid-negotiation); then %d more actions in the game under way (%s) and %d in the one that was negotiating (%s), both to their ends",
		drained.Round(time.Millisecond), n1, kinds[1].Spec, n2, kinds[0].Spec)
}

// A draining hub refuses new WebSockets with 503 before any upgrade, and
// tells the peers connected to it to reconnect, closing their
// connections with "service restart": a broken connection to the app,
// which dials again.
func TestDrainTellsPeersToReconnect(t *testing.T) {
	h, url := signaltest.StartHub(t, signal.Config{})
	host, _ := relayRoom(t, url, url)
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		done <- h.Drain(ctx)
	}()
	m, err := host.Recv()
	if err != nil || m.Type != signal.TypeReconnect {
		t.Fatalf("host got %+v, %v; want reconnect", m, err)
	}
	_, err = host.Recv()
	var ce *signal.CloseError
	if !errors.As(err, &ce) || ce.Code != 1012 {
		t.Fatalf("after reconnect: %v, want a close with 1012 (service restart)", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if !h.Draining() {
		t.Fatal("Draining() false after Drain")
	}
	resp, err := http.Get("http" + strings.TrimPrefix(url, "ws"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a request to the draining hub: %s, want 503", resp.Status)
	}
}
