package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"gygy/app/signal"
	"gygy/app/signal/redistest"
	"gygy/engine/gyre"
)

// A rolling deploy under a game: two instances of gygy serve share rooms
// through Redis behind a balancer; the two browsers play GYRE through the
// first; it drains mid-game (the balancer already sends new connections
// to the second, as its health check would once the first says
// "draining"). Both pages reconnect through the balancer to the second
// instance, take their seats back, and the game goes on to its end with
// the same record on both.
func testOnlineDrain(t *testing.T) {
	r := redistest.Start(t) // inside the namespace, on its loopback
	lnLB := listenNetns(t)
	signalURL := "ws://" + lnLB.Addr().String() + "/signal"
	inst := [2]*drainInstance{startDrainInstance(t, r, signalURL), startDrainInstance(t, r, signalURL)}
	lb := &drainBalancer{}
	lb.use(inst[0])
	srv := &server{addr: lnLB.Addr().String(), h: lb.handler(), srv: &http.Server{Handler: lb.handler()}}
	go srv.srv.Serve(lnLB)
	t.Cleanup(srv.stop)

	origin := srv.url("")
	a, b := pair(onlinePage(t, "A", origin), onlinePage(t, "B", origin))
	var fig onlineFigures
	link := hostGame(t, a, srv, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	joinGame(t, &fig, a, b, link, selGyreBoard, "drain")
	if rooms, conns := inst[0].hub.Stats(); rooms != 1 || conns != 2 {
		t.Fatalf("the first instance holds %d rooms and %d connections, want the game's 1 and 2", rooms, conns)
	}
	seats := map[gyre.Player]*page{gyre.One: a, gyre.Two: b}
	drained := false
	for ply := 0; ; ply++ {
		g := a.GyreGame()
		if g.Over() {
			break
		}
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		if ply == 4 && !drained {
			drained = true
			shots("online-drain-1-before", a, b)
			lb.use(inst[1])
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			err := inst[0].hub.Drain(ctx)
			cancel()
			if err != nil {
				t.Fatalf("the first instance did not drain: %v", err)
			}
			waitUntil(t, "both pages back on the second instance", func() bool {
				rooms, conns := inst[1].hub.Stats()
				return rooms == 1 && conns == 2
			})
			for _, p := range []*page{a, b} {
				p.WaitConnected()
			}
			shots("online-drain-2-after", a, b)
		}
		mover, other := seats[g.Turn()], seats[3-g.Turn()]
		turnOf(t, mover, other, ply)
		n := mover.Moves()
		if m := gyrePlan(g); m == gyre.Swap {
			mover.WaitVisible(byID(idSwapOffer))
			mover.Click(idSwap)
		} else {
			mover.Cell(g.Geometry().MoveName(m)).Click()
		}
		afterMove(t, &fig, mover, other, n+1)
	}
	finish(t, a, b, "drain")
	shots("online-drain-3-end", a, b)
	t.Logf("GYRE through a drain: %q", a.Record())
}

// drainInstance is gygy serve's handler with a hub sharing rooms through
// Redis.
type drainInstance struct {
	hub *signal.Hub
	url *url.URL
}

func startDrainInstance(t *testing.T, r *redistest.Redis, signalURL string) *drainInstance {
	t.Helper()
	store, err := signal.NewRedisStore(signal.RedisConfig{URL: r.URL(), HealthEvery: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var hubLog logBuffer
	hubLog.dumpOnFailure(t, "hub log")
	hub := signal.NewHub(signal.Config{Store: store, Logf: func(f string, a ...any) { hubLog.add(fmt.Sprintf(f, a...)) }})
	t.Cleanup(func() { hub.Close() })
	web := os.Getenv("GYGY_ONLINE_WEB")
	if web == "" {
		web = testWeb(t)
	}
	site, err := newSite(web, "", signalURL)
	if err != nil {
		t.Fatal(err)
	}
	s := &server{h: withHub(site.handler(), hub)}
	ln := listenNetns(t)
	s.addr, s.srv = ln.Addr().String(), &http.Server{Handler: s.h}
	go s.srv.Serve(ln)
	t.Cleanup(s.stop)
	u, _ := url.Parse(s.url(""))
	return &drainInstance{hub: hub, url: u}
}

// drainBalancer passes every request, WebSockets included, to the
// instance it is pointed at, keeping the page's Host as a balancer does.
type drainBalancer struct {
	mu     sync.Mutex
	target *url.URL
}

func (lb *drainBalancer) use(in *drainInstance) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.target = in.url
}

func (lb *drainBalancer) handler() http.Handler {
	return &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		lb.mu.Lock()
		target := lb.target
		lb.mu.Unlock()
		r.SetURL(target)
		r.Out.URL.Path = r.In.URL.Path
		r.Out.Host = r.In.Host
	}}
}

// waitUntil polls cond for up to 30 s.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not reached in 30 s: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
