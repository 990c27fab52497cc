//go:build !js

package p2p

import (
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"strings"
	"testing"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/signal"
	"gygy/engine/game"
)

// restartableHub is a hub with the memory store on a fixed address,
// which the test can stop and start again: a restart loses every room.
type restartableHub struct {
	t    *testing.T
	addr string
	h    *signal.Hub
	srv  *httptest.Server
}

func startRestartableHub(t *testing.T) *restartableHub {
	r := &restartableHub{t: t, addr: "127.0.0.1:0"}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *restartableHub) start() {
	ln, err := net.Listen("tcp", r.addr)
	if err != nil {
		r.t.Fatalf("listen on %s again: %v", r.addr, err)
	}
	r.addr = ln.Addr().String()
	r.h = signal.NewHub(signal.Config{})
	r.srv = httptest.NewUnstartedServer(r.h)
	r.srv.Listener.Close()
	r.srv.Listener = ln
	r.srv.Start()
}

func (r *restartableHub) stop() {
	if r.srv != nil {
		r.h.Close()
		r.srv.CloseClientConnections()
		r.srv.Close()
		r.srv = nil
	}
}

func (r *restartableHub) url() string { return "ws://" + r.addr }

// The hub restarts mid-game with the memory store, and forgets the room:
// the open data channel keeps the game going while it is down, both peers
// rebuild the room from their tokens when it is back, and a reload after
// that resumes. Before the tokens named their seat, the peers' redial
// was refused ("no such room") and both peers closed for good.
func TestHubRestartMidGame(t *testing.T) {
	hub := startRestartableHub(t)
	host, guest := connect(t, hub.url(), match.Hello{Spec: mustSpec("GYGES"), Host: game.One})
	rng := rand.New(rand.NewPCG(31, 31))
	play(t, rng, host, guest, 6, -1)

	hub.stop()
	play(t, rng, host, guest, 4, -1) // over the open data channel
	hub.start()
	play(t, rng, host, guest, 4, -1)

	// Once the room is rebuilt, the guest's page reloads and resumes.
	waitFor(t, "the guest back in the rebuilt room", func() bool {
		rooms, _ := hub.h.Stats()
		return rooms == 1 && guest.peer.State() == conn.Connected && host.peer.State() == conn.Connected
	})
	saved, ok := guest.match.Saved()
	if !ok {
		t.Fatal("Saved: not ok")
	}
	room, token, _ := guest.peer.Room()
	guest.peer.Close()
	host.waitState(t, conn.Reconnecting)
	back := newSide(t, "guest reloaded", Config{SignalURL: hub.url(), Room: room, Token: token}, func(tr match.Transport) *match.Match {
		m, err := match.Resume(saved, tr, fast)
		if err != nil {
			t.Fatalf("Resume: %v", err)
		}
		return m
	})
	playOnAfter(t, rng, host, back, "the reload in the rebuilt room")
	if err := host.peer.Err(); err != nil && !strings.Contains(err.Error(), "closed") {
		t.Errorf("host peer: %v", err)
	}
}

// Both pages reload at once: each comes back from its save with its room
// and token, and the game resumes where it was, even with a move played
// into the drop just before.
func TestBothReloadAtOnce(t *testing.T) {
	url := startHub(t)
	host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYGES"), Host: game.Two})
	rng := rand.New(rand.NewPCG(33, 33))
	play(t, rng, host, guest, 6, -1)
	mover := host
	if guest.match.Turn() == guest.match.Me() {
		mover = guest
	}
	if err := mover.match.Play(mover.match.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	type page struct {
		saved              match.Saved
		room, token, label string
	}
	var pages []page
	for _, s := range []*side{host, guest} {
		sv, ok := s.match.Saved()
		if !ok {
			t.Fatal("Saved: not ok")
		}
		room, token, _ := s.peer.Room()
		pages = append(pages, page{sv, room, token, s.name + " reloaded"})
	}
	host.peer.Close()
	guest.peer.Close()
	var back []*side
	for _, pg := range pages {
		back = append(back, newSide(t, pg.label, Config{SignalURL: url, Room: pg.room, Token: pg.token}, func(tr match.Transport) *match.Match {
			m, err := match.Resume(pg.saved, tr, fast)
			if err != nil {
				t.Fatalf("Resume: %v", err)
			}
			return m
		}))
	}
	playOnAfter(t, rng, back[0], back[1], "both reloads")
}

// The guest leaves (its saved game gone, and with it the seat's token),
// then opens the link again: its device takes its seat back, and a fresh
// match gets the record from the host. Before Config.Device, the hub
// said "room is full".
func TestLeftGuestOpensTheLinkAgain(t *testing.T) {
	url := startHub(t)
	h := match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}
	host := newSide(t, "host", Config{SignalURL: url, Device: "host-device"}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(h, tr, fast)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
	room, _, _ := host.peer.Room()
	guestCfg := Config{SignalURL: url, Room: room, Device: "guest-device"}
	newGuest := func(name string) *side {
		g := newSide(t, name, guestCfg, func(tr match.Transport) *match.Match { return match.NewGuest(tr, fast) })
		g.waitEvent(t, match.EventHello)
		if err := g.match.Accept(); err != nil {
			t.Fatal(err)
		}
		host.waitEvent(t, match.EventStart)
		return g
	}
	guest := newGuest("guest")
	rng := rand.New(rand.NewPCG(35, 35))
	play(t, rng, host, guest, 5, -1)
	guest.peer.Close()
	host.waitState(t, conn.Waiting)
	again := newGuest("guest again")
	sameRecordsSoon(t, host, again)
	playOnAfter(t, rng, host, again, "the guest's return")
}
