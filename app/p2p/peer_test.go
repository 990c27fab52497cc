//go:build !js

package p2p

import (
	"context"
	"gygy/app/conn"
	"gygy/app/match"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
)

func startHub(t testing.TB) string {
	t.Helper()
	h := signal.NewHub(signal.Config{})
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// side is one browser, natively: a Peer driving a Match, with what they
// report in channels.
type side struct {
	name   string
	peer   *Peer
	match  *match.Match
	events chan match.Event
	states chan conn.State
	errs   chan error
}

func newSide(t testing.TB, name string, cfg Config, m func(match.Transport) *match.Match, before ...func(*Peer)) *side {
	t.Helper()
	s := &side{name: name, events: make(chan match.Event, 4096), states: make(chan conn.State, 64), errs: make(chan error, 4096)}
	cfg.Loopback = true
	s.peer = NewPeer(cfg)
	for _, f := range before {
		f(s.peer)
	}
	s.match = m(s.peer)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := s.peer.Start(ctx, s.drive()); err != nil {
		t.Fatalf("%s: Start: %v", name, err)
	}
	t.Cleanup(func() { s.peer.Close() })
	return s
}

// drive joins the side's match to its peer, reporting into its channels.
func (s *side) drive() match.Handlers {
	return match.Drive(s.match, func(ev match.Event, err error) {
		if err != nil {
			s.errs <- err
			return
		}
		if ev.Kind != match.EventNone {
			s.events <- ev
		}
	}, func(st conn.State) { s.states <- st })
}

// waitState waits for the peer to reach st.
func (s *side) waitState(t testing.TB, st conn.State) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case got := <-s.states:
			if got == st {
				return
			}
			if got == conn.Closed {
				t.Fatalf("%s closed while waiting for %v: %v", s.name, st, s.peer.Err())
			}
		case <-deadline:
			t.Fatalf("%s: no %v within 30 s (state %v)", s.name, st, s.peer.State())
		}
	}
}

// waitEvent waits for an event of kind k, skipping others.
func (s *side) waitEvent(t testing.TB, k match.EventKind) match.Event {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case ev := <-s.events:
			if ev.Kind == k {
				return ev
			}
		case err := <-s.errs:
			t.Fatalf("%s: Receive: %v", s.name, err)
		case <-deadline:
			t.Fatalf("%s: no event %v within 30 s (state %v, record %q)", s.name, k, s.peer.State(), s.match.Record())
		}
	}
}

// waitFor polls a condition (records converging after a resync).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 30 s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// connect makes a host and a guest meet through the hub and agree on h.
func connect(t testing.TB, url string, h match.Hello) (host, guest *side) {
	return connectWith(t, url, h, fast, fast)
}

func connectWith(t testing.TB, url string, h match.Hello, hc, gc match.MatchConfig) (host, guest *side) {
	t.Helper()
	return connectVia(t, url, h, hc, gc, nil)
}

// connectVia is connectWith with the guest's match sending through via
// (when not nil) rather than straight through its peer.
func connectVia(t testing.TB, url string, h match.Hello, hc, gc match.MatchConfig, via func(match.Transport) match.Transport) (host, guest *side) {
	t.Helper()
	host = newSide(t, "host", Config{SignalURL: url}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(h, tr, hc)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
	room, _, _ := host.peer.Room()
	guest = newSide(t, "guest", Config{SignalURL: url, Room: room}, func(tr match.Transport) *match.Match {
		if via != nil {
			tr = via(tr)
		}
		return match.NewGuest(tr, gc)
	})
	guest.waitEvent(t, match.EventHello)
	if err := guest.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host.waitEvent(t, match.EventStart)
	return host, guest
}

// play makes random legal actions, each side in turn, waiting for each to
// arrive, until a winner or n actions. It returns the delivery times.
func play(t testing.TB, rng *rand.Rand, host, guest *side, n int, swapAt int) []time.Duration {
	t.Helper()
	var lat []time.Duration
	for i := 0; i < n && host.match.Winner() == game.NoSeat; i++ {
		mover, other := host, guest
		if guest.match.Turn() == guest.match.Me() {
			mover, other = guest, host
		}
		legal := mover.match.Legal()
		a := legal[rng.IntN(len(legal))]
		if len(mustParse(t, mover.match.Record()).Actions()) == swapAt && slices.Contains(legal, game.Action(gyre.Swap)) {
			a = gyre.Swap
		}
		for _, g := range legal {
			if m, ok := g.(gyges.Move); ok && m.To == gyges.Goal {
				a = g // a Gygès win when one is on offer, so games end
			}
		}
		start := time.Now()
		if err := mover.match.Play(a); err != nil {
			t.Fatalf("%s Play(%s): %v", mover.name, a, err)
		}
		ev := other.waitEvent(t, match.EventAction)
		lat = append(lat, time.Since(start))
		if ev.Action != a {
			t.Fatalf("%s received %q, want %q", other.name, ev.Action, a)
		}
	}
	if h, g := host.match.Record(), guest.match.Record(); h != g {
		t.Fatalf("records differ:\nhost:  %s\nguest: %s", h, g)
	}
	return lat
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func TestPeersPlayGYRE(t *testing.T) {
	url := startHub(t)
	host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.Two})
	lat := play(t, rand.New(rand.NewPCG(1, 1)), host, guest, 1000, 1)
	if host.match.Winner() == game.NoSeat || !strings.Contains(host.match.Record(), "swap") {
		t.Fatalf("GYRE game: winner %v, record %s; want a finished game with a swap", host.match.Winner(), host.match.Record())
	}
	t.Logf("GYRE 5x10 game of %d actions; move delivery (play → applied by the peer) median %v", len(lat), median(lat))
}

func TestPeersPlayGyges(t *testing.T) {
	url := startHub(t)
	host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYGES"), Host: game.One})
	play(t, rand.New(rand.NewPCG(2, 2)), host, guest, 1000, -1)
	rec := host.match.Record()
	if len(mustParse(t, rec).Actions()) < 3 || host.match.Winner() == game.NoSeat || guest.match.Winner() != host.match.Winner() {
		t.Fatalf("Gygès record %q, winners %v and %v: want both setups, moves and one winner", rec, host.match.Winner(), guest.match.Winner())
	}
	t.Logf("Gygès game: %d actions, winner %v", len(mustParse(t, rec).Actions()), host.match.Winner())
}

func TestConnectTimeAndRTT(t *testing.T) {
	url := startHub(t)
	var connects, rtts []time.Duration
	for i := 0; i < 5; i++ {
		start := time.Now()
		host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One})
		connects = append(connects, time.Since(start))
		for j := 0; j < 20; j++ {
			host.match.Ping()
			rtts = append(rtts, host.waitEvent(t, match.EventPong).RTT)
		}
		host.peer.Close()
		guest.peer.Close()
	}
	t.Logf("loopback: create room → game agreed over the data channel, median of %d: %v; ping round trip over the data channel, median of %d: %v",
		len(connects), median(connects), len(rtts), median(rtts))
}

// TestGameThroughRelay plays a game with every packet through the TURN
// relay that runs beside the hub, with the credentials the hub hands out:
// what players get when their networks let no direct connection through.
func TestGameThroughRelay(t *testing.T) {
	relay, err := signal.StartRelay(signal.RelayConfig{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	host, guest := relayedDuo(t, relayHub(t, relay), "GYGES") // renew_test.go
	if n := relay.Allocations(); n < 2 {
		t.Errorf("the relay holds %d allocations, want one per peer at least", n)
	}
	play(t, rand.New(rand.NewPCG(3, 4)), host, guest, 12, -1)
	if host.match.Record() != guest.match.Record() {
		t.Errorf("records differ:\n%s\n%s", host.match.Record(), guest.match.Record())
	}
}
