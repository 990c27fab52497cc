//go:build !js

package signal_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"gygy/app/match"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/app/signal"
	"gygy/app/signal/signaltest"
	"gygy/engine/game"
	"gygy/engine/gyges"
)

// player is one browser, natively: a p2p.Peer driving a match.Match on the
// loopback interface, with what they report in channels.
type player struct {
	name   string
	peer   *p2p.Peer
	match  *match.Match
	events chan match.Event
	states chan session.Conn
	errs   chan error
}

// instant lets the players play instant games without tripping the
// match's flood limit.
var instant = match.MatchConfig{FramesPerSecond: 1e6, Burst: 1e6}

func newPlayer(t *testing.T, name string, cfg p2p.Config, m func(match.Transport) *match.Match) *player {
	t.Helper()
	pl := &player{name: name, events: make(chan match.Event, 4096), states: make(chan session.Conn, 256), errs: make(chan error, 64)}
	cfg.Loopback = true
	pl.peer = p2p.NewPeer(cfg)
	pl.match = m(pl.peer)
	h := match.Drive(pl.match, func(ev match.Event, err error) {
		if err != nil {
			pl.errs <- err
		} else if ev.Kind != match.EventNone {
			pl.events <- ev
		}
	}, func(st session.Conn) { pl.states <- st })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := pl.peer.Start(ctx, h); err != nil {
		t.Fatalf("%s: Start: %v", name, err)
	}
	t.Cleanup(func() { pl.peer.Close() })
	return pl
}

func (pl *player) waitEvent(t *testing.T, k match.EventKind) match.Event {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case ev := <-pl.events:
			if ev.Kind == k {
				return ev
			}
		case err := <-pl.errs:
			t.Fatalf("%s: Receive: %v", pl.name, err)
		case <-deadline:
			t.Fatalf("%s: no event %v within 30 s", pl.name, k)
		}
	}
}

// waitState waits for the peer to reach st.
func (pl *player) waitState(t *testing.T, st session.Conn) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case got := <-pl.states:
			if got == st {
				return
			}
			if got == session.Closed {
				t.Fatalf("%s closed while waiting for %v: %v", pl.name, st, pl.peer.Err())
			}
		case <-deadline:
			t.Fatalf("%s: no %v within 30 s (state %v)", pl.name, st, pl.peer.State())
		}
	}
}

// startGame makes a host (through hostURL) and a guest (through
// guestURL) meet and agree on h.
func startGame(t *testing.T, hostURL, guestURL string, h match.Hello) (host, guest *player) {
	t.Helper()
	host = newPlayer(t, "host", p2p.Config{SignalURL: hostURL}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(h, tr, instant)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
	room, _, _ := host.peer.Room()
	guest = newPlayer(t, "guest", p2p.Config{SignalURL: guestURL, Room: room}, func(tr match.Transport) *match.Match {
		return match.NewGuest(tr, instant)
	})
	guest.waitEvent(t, match.EventHello)
	if err := guest.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host.waitEvent(t, match.EventStart)
	return host, guest
}

// playMoves makes up to n random legal actions, each side in turn,
// waiting for each to arrive, and stops at a winner. A Gygès win is taken
// when one is on offer, so that games end.
func playMoves(t *testing.T, rng *rand.Rand, host, guest *player, n int) int {
	t.Helper()
	i := 0
	for ; i < n && host.match.Winner() == game.NoSeat; i++ {
		mover, other := host, guest
		if guest.match.Turn() == guest.match.Me() {
			mover, other = guest, host
		}
		legal := mover.match.Legal()
		a := legal[rng.IntN(len(legal))]
		for _, g := range legal {
			if m, ok := g.(gyges.Move); ok && m.To == gyges.Goal {
				a = g
			}
		}
		if err := mover.match.Play(a); err != nil {
			t.Fatalf("%s Play(%s): %v", mover.name, a, err)
		}
		if ev := other.waitEvent(t, match.EventAction); ev.Action != a {
			t.Fatalf("%s received %q, want %q", other.name, ev.Action, a)
		}
	}
	return i
}

// finished fails the test unless the game has a winner both agree on
// and both records are the same.
func finished(t *testing.T, host, guest *player) {
	t.Helper()
	if h, g := host.match.Record(), guest.match.Record(); h != g {
		t.Fatalf("records differ:\nhost:  %s\nguest: %s", h, g)
	}
	if w := host.match.Winner(); w == game.NoSeat || guest.match.Winner() != w {
		t.Fatalf("winners %v and %v, want one winner", w, guest.match.Winner())
	}
}

var kinds = []match.Hello{
	{Spec: mustSpec("GYRE 5x10"), Host: game.One},
	{Spec: mustSpec("GYGES"), Host: game.Two},
}

func mustSpec(text string) game.Spec {
	s, err := game.ParseSpec(text)
	if err != nil {
		panic(err)
	}
	return s
}

// A whole game of each kind with the host on one instance and the guest
// on another.
func TestRedisGamesAcrossInstances(t *testing.T) {
	_, ins := cluster(t, 3, signal.Config{})
	for i, hello := range kinds {
		t.Run(hello.Spec.Kind.String(), func(t *testing.T) {
			host, guest := startGame(t, ins[i].URL, ins[i+1].URL, hello)
			start := time.Now()
			n := playMoves(t, rand.New(rand.NewPCG(uint64(i), 7)), host, guest, 1000)
			finished(t, host, guest)
			t.Logf("%s: %d actions over the data channel in %v, host on one instance, guest on another; winner %v",
				hello.Spec, n, time.Since(start).Round(time.Millisecond), host.match.Winner())
		})
	}
}

// The host's instance dies mid-game: the host's peer reconnects through
// the load balancer to another instance, takes its seat back with its
// token, and the game goes on to its end.
func TestRedisInstanceKilledMidGame(t *testing.T) {
	for i, hello := range kinds {
		t.Run(hello.Spec.Kind.String(), func(t *testing.T) {
			_, ins := cluster(t, 3, signal.Config{})
			lb := signaltest.NewBalancer(t, ins[0].URL)
			host, guest := startGame(t, lb.URL, ins[1].URL, hello)
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			playMoves(t, rng, host, guest, 4)
			lb.Use(ins[2].URL)
			killed := time.Now()
			ins[0].Kill()
			// The hub hands the rejoined seat a fresh negotiation, as it
			// does on one instance: the peers reconnect and resync.
			host.waitState(t, session.Reconnecting)
			host.waitState(t, session.Connected)
			if rooms, _ := ins[2].Hub.Stats(); rooms != 1 {
				t.Fatalf("the third instance holds %d rooms, want the host's", rooms)
			}
			signaltest.WaitFor(t, func() bool {
				return host.match.Record() == guest.match.Record() && guest.peer.State() == session.Connected
			})
			back := time.Since(killed)
			n := playMoves(t, rng, host, guest, 1000)
			finished(t, host, guest)
			t.Logf("%s: the host's instance killed after 4 actions; the host back through another instance, connected and in step %v later; %d more actions to the end, winner %v",
				hello.Spec, back.Round(time.Millisecond), n, host.match.Winner())
			if st := host.peer.State(); st != session.Connected {
				t.Fatalf("host %v after the game, want connected", st)
			}
		})
	}
}
