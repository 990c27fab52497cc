package main

// Faults as a person's network makes them, in two real browsers inside
// TestBrowserOnline's network namespace: a slow lossy link for a whole
// long game, a page whose network is gone for 20 s while it stays live,
// the signalling hub restarting mid-game, and both pages reloading at
// once. The bad networks are Chromium's own DevTools network conditions
// (Network.emulateNetworkConditionsByRule: its global rule throttles the
// page's p2p sockets too, but only those made while the emulation was on;
// the first sub-test measures both). The kernel here has no netem qdisc,
// so tc cannot do it.
//
// Each fault logs the time from the network's (or the hub's, or the
// pages') return to both sides in step, median and max, and what the
// pages said meanwhile; screenshots are taken during each fault.

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"gygy/app/signal"
	"gygy/engine/gyre"
)

// The lossy link of the long game, on the guest's page.
const (
	lossyLatency = 150 // ms added by the guest's page to what it sends and receives
	lossyLoss    = 5   // percent of the guest's WebRTC packets lost
	lossyActions = 60  // actions in the long game before it is played to its end
	outageCut    = 20 * time.Second
)

// testOnlineFaults runs the browser fault tests; the last three share one
// pair of browsers and one game.
func testOnlineFaults(t *testing.T) {
	t.Run("emulation", testEmulationReachesWebRTC)
	t.Run("lossy", testLossyGame)
	srv := newFaultServer(t)
	a, b := pair(onlinePage(t, "A", srv.url("")), onlinePage(t, "B", srv.url("")))
	t.Cleanup(func() { a.t, b.t = t, t })
	on := func(t *testing.T) { a.t, b.t = t, t }
	var started bool
	start := func(t *testing.T) {
		if !started {
			started = true
			startLongGame(t, a, b, srv)
		}
	}
	t.Run("outage", func(t *testing.T) { on(t); start(t); testOutage(t, a, b) })
	t.Run("hubrestart", func(t *testing.T) { on(t); start(t); testHubRestart(t, a, b, srv) })
	t.Run("bothreload", func(t *testing.T) { on(t); start(t); testBothReload(t, a, b) })
}

// setConditions applies DevTools network conditions to all of the page's
// traffic, its WebRTC sockets included: latency in ms, loss in percent.
// Zero and zero lifts them. It reaches WebRTC only on a page armed
// before its peer connection was made (armEmulation).
func (p *page) setConditions(latency, loss float64) {
	p.t.Helper()
	rule := &network.Conditions{Latency: latency, PacketLoss: loss, DownloadThroughput: -1, UploadThroughput: -1}
	p.call(fmt.Sprintf("network latency %v ms, loss %v%%", latency, loss), func(ctx context.Context) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{rule}})
		return err
	})
}

// testEmulationReachesWebRTC measures whether DevTools conditions reach
// a bare data channel between the two browsers: latency set on one page
// before its connection is made, the same page's conditions changed on
// the live connection, and offline with 100% loss.
func testEmulationReachesWebRTC(t *testing.T) {
	a, b := harnessPair(t, func(b *page) { b.setConditions(lossyLatency, 0) })
	trips := func() float64 {
		return medianMs(eval[[]float64](a, `Promise.race([pings(6), new Promise(r => setTimeout(() => r([-1]), 4000))])`))
	}
	before := trips()
	b.setConditions(0, 0)
	lifted := trips()
	b.setConditions(lossyLatency, 0)
	again := trips()
	b.setOffline(true)
	off := trips()
	b.setOffline(false)
	t.Logf("DevTools conditions on one page, data channel round trip median: latency %d ms set before the connection %.1f ms; lifted on the live connection %.1f ms; set again %.1f ms; offline with 100%% loss %.1f ms (-1: no answer in 4 s)",
		lossyLatency, before, lifted, again, off)
	switch {
	case before < 2*lossyLatency*0.8 || again < 2*lossyLatency*0.8:
		t.Errorf("a latency of %d ms on one page gave round trips of %.1f and %.1f ms, want about %d: the emulation does not reach WebRTC", lossyLatency, before, again, 2*lossyLatency)
	case lifted > lossyLatency/2:
		t.Errorf("with the latency lifted the round trip is still %.1f ms", lifted)
	case off != -1:
		t.Errorf("offline with 100%% loss, the data channel still answered (%.1f ms)", off)
	}
}

// armEmulation gives the page an empty DevTools network rule before it
// makes a peer connection. Chromium throttles a p2p socket only if the
// emulation was on when the socket was made (measured: a latency set
// after the channel opened added nothing, one set before it added twice
// itself to the round trip, and later changes then applied), so every
// page whose network a test cuts or slows is armed first.
func (p *page) armEmulation() {
	p.t.Helper()
	p.setConditions(0, 0)
}

// harnessPair opens the harness page (browser_netns_test.go) in two
// browsers and connects them.
func harnessPair(t *testing.T, first func(b *page)) (*page, *page) {
	t.Helper()
	ln := listenNetns(t)
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(harnessPage))
	})}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	origin := "http://" + ln.Addr().String()
	a, b := pair(onlinePage(t, "A", origin), onlinePage(t, "B", origin))
	for _, p := range []*page{a, b} {
		p.Do("open the harness page", chromedp.Navigate(origin+"/"), waitJS(`typeof makeOffer === "function"`))
	}
	first(b)
	offer := eval[string](a, `makeOffer()`)
	answer := eval[string](b, fmt.Sprintf(`makeAnswer(%q)`, offer))
	eval[bool](a, fmt.Sprintf(`takeAnswer(%q)`, answer))
	for _, p := range []*page{a, b} {
		p.Wait("data channel open on "+p.name, `!!dc && dc.readyState === "open"`)
	}
	return a, b
}

func medianMs(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// testLossyGame: a GYRE game of more than lossyActions actions, the
// guest's page on a slow lossy link all along; both records must be the
// same after every action and at the end.
func testLossyGame(t *testing.T) {
	srv := newFaultServer(t)
	a, b := pair(onlinePage(t, "A", srv.url("")), onlinePage(t, "B", srv.url("")))
	startLongGame(t, a, b, srv)
	b.setConditions(lossyLatency, lossyLoss)
	var trips []time.Duration
	for ply := 0; !a.GyreGame().Over(); ply++ {
		if ply > 2*lossyActions {
			t.Fatalf("the game is not over after %d actions", ply)
		}
		plan := gyreSlowPlan
		if ply >= lossyActions {
			plan = gyrePlan
		}
		trips = append(trips, faultPly(t, a, b, plan))
		if ply == lossyActions/2 {
			shots("online-faults-lossy-mid", a, b)
		}
	}
	for _, p := range []*page{a, b} {
		p.WaitResult()
	}
	if ra, rb := a.Record(), b.Record(); ra != rb {
		t.Fatalf("after the lossy game the records differ:\nA: %q\nB: %q", ra, rb)
	}
	shots("online-faults-lossy-end", a, b)
	t.Logf("lossy link (+%d ms, %d%% loss on the guest's page): %d actions, the same record on both sides; a click → both pages show it: median %v, max %v",
		lossyLatency, lossyLoss, len(trips), medianDur(trips), slices.Max(trips).Round(time.Millisecond))
}

// startLongGame hosts a GYRE game on a 7 × 12 board (room for a long game)
// on A and joins it on B.
func startLongGame(t *testing.T, a, b *page, srv *faultServer) {
	t.Helper()
	a.armEmulation()
	b.armEmulation()
	a.Open(srv.url("/"))
	a.Click(idGameGYRE)
	a.Choose(idModeOnline)
	a.CustomSize("7", "12")
	for _, id := range []string{idRuleSwap, idSideFirst} {
		a.Choose(id)
	}
	a.Click(idStart)
	link := a.WaitLink()
	var fig onlineFigures
	joinGame(t, &fig, a, b, link, selGyreBoard, "faults")
	for _, p := range []*page{a, b} {
		p.Watch()
	}
}

// gyreSlowPlan keeps a game going: the first cell whose stone does not end
// the game (after the plan's opening and swap).
func gyreSlowPlan(g *gyre.Game) gyre.Move {
	if len(g.Record()) == 0 || g.SwapAvailable() {
		return gyrePlan(g)
	}
	moves := g.Moves(nil)
	for _, m := range moves {
		c := g.Clone()
		c.Apply(m)
		if !c.Over() {
			return m
		}
	}
	return moves[0]
}

// faultPly plays the plan's next action on the page whose turn it is,
// waits until both pages show it with the same record, and returns the
// time from the click until both did.
func faultPly(t *testing.T, a, b *page, plan func(*gyre.Game) gyre.Move) time.Duration {
	t.Helper()
	g := a.GyreGame()
	seats := map[gyre.Player]*page{gyre.One: a, gyre.Two: b}
	mover, other := seats[g.Turn()], seats[3-g.Turn()]
	mover.WaitLive()
	n := mover.Moves()
	clicked := time.Now()
	if m := plan(g); m == gyre.Swap {
		mover.WaitVisible(byID(idSwapOffer))
		mover.Click(idSwap)
	} else {
		mover.Cell(g.Geometry().MoveName(m)).Click()
	}
	for _, p := range []*page{mover, other} {
		p.WaitMovesAtLeast(n + 1)
	}
	took := time.Since(clicked)
	if ra, rb, same := sameRecords(a, b); !same {
		t.Fatalf("after action %d the records differ:\nA: %q\nB: %q", n+1, ra, rb)
	}
	return took
}

// inStepSince waits until both pages say they are connected and show the
// same record, and returns the time since from.
func inStepSince(t *testing.T, from time.Time, a, b *page) time.Duration {
	t.Helper()
	for _, p := range []*page{a, b} {
		p.WaitConnected()
	}
	for {
		ra, rb, same := sameRecords(a, b)
		if same {
			return time.Since(from)
		}
		if time.Since(from) > stepTimeout {
			t.Fatalf("not back in step %v after the fault:\nA: %q\nB: %q", stepTimeout, ra, rb)
		}
	}
}

// faultScreen is what a page says of the game and its connection.
func faultScreen(p *page) string {
	p.t.Helper()
	s := fmt.Sprintf("conn %q, status %q", p.ConnState(), p.Status())
	if p.Has(byID(idNotice)) {
		s += fmt.Sprintf(", notice %q", p.Notice())
	}
	return s
}

// logRecovery logs a fault's recovery times.
func logRecovery(t *testing.T, what string, d []time.Duration) {
	t.Helper()
	t.Logf("%s: back in step after the fault's end: median %v, max %v (n=%d: %v)", what, medianDur(d), slices.Max(d).Round(time.Millisecond), len(d), d)
}

// testOutage: the guest's network is gone for outageCut while its page
// stays live, and the host plays meanwhile: back in step by itself.
func testOutage(t *testing.T, a, b *page) {
	for a.GyreGame().Turn() != gyre.One || a.GyreGame().SwapAvailable() || len(a.GyreGame().Record()) < 4 {
		faultPly(t, a, b, gyreSlowPlan)
	}
	a.ConnStates()
	b.ConnStates()
	n := a.Moves()
	b.setOffline(true)
	cut := time.Now()
	g := a.GyreGame()
	a.Cell(g.Geometry().MoveName(gyreSlowPlan(g))).Click()
	a.WaitMovesAtLeast(n + 1)
	// The host's channel still looks open, but no acknowledgement comes:
	// its page says so long before the silence is noticed (three pings,
	// about 15 s), when it says the connection is lost instead.
	a.Wait("the host says its move has not arrived", fmt.Sprintf(`%s.textContent.includes("has not reached your opponent")`, jsEl(byID(idConnState))))
	t.Logf("outage: the host's page said its move had not reached the guest %v after the cut", time.Since(cut).Round(time.Millisecond))
	var during []string
	for _, at := range []time.Duration{outageCut / 2, outageCut - 2*time.Second} {
		time.Sleep(at - time.Since(cut))
		shots(fmt.Sprintf("online-faults-outage-%ds", at/time.Second), a, b)
		during = append(during, fmt.Sprintf("at %v host: %s; guest: %s", at, faultScreen(a), faultScreen(b)))
	}
	time.Sleep(outageCut - time.Since(cut))
	if b.Moves() > n {
		t.Errorf("the host's move reached the guest's page while its network was cut: the outage did not cut WebRTC")
	}
	b.setOffline(false)
	back := inStepSince(t, time.Now(), a, b)
	hs, gs := a.ConnStates(), b.ConnStates()
	t.Logf("outage of %v (the guest's page live, offline): during it %q; states: host %q, guest %q", outageCut, during, hs, gs)
	if !slices.ContainsFunc(gs, func(s string) bool { return strings.Contains(s, classReconnect) }) {
		t.Errorf("the guest's page never said it was reconnecting during the outage: %q", gs)
	}
	logRecovery(t, "outage", []time.Duration{back})
	for range 2 {
		faultPly(t, a, b, gyreSlowPlan)
	}
	shots("online-faults-outage-after", a, b)
}

// testHubRestart: the hub stops and comes back with an empty memory store
// mid-game. The open data channel carries the moves meanwhile; a reload
// of the guest afterwards resumes the game through the new hub.
func testHubRestart(t *testing.T, a, b *page, srv *faultServer) {
	srv.stop()
	down := time.Now()
	var trips []time.Duration
	for range 2 {
		trips = append(trips, faultPly(t, a, b, gyreSlowPlan))
	}
	shots("online-faults-hub-down", a, b)
	during := fmt.Sprintf("host: %s; guest: %s", faultScreen(a), faultScreen(b))
	srv.start()
	t.Logf("hub down %v: 2 actions over the open channel, click → both pages %v; the pages said %s", time.Since(down).Round(time.Millisecond), trips, during)
	for range 2 {
		faultPly(t, a, b, gyreSlowPlan)
	}
	before := a.Record()
	reloaded := time.Now()
	b.Reload()
	b.WaitVisible(selGyreBoard)
	back := inStepSince(t, reloaded, a, b)
	if got := b.Record(); got != before {
		t.Fatalf("after the hub's restart and a reload the guest's record is %q, want %q", got, before)
	}
	b.Watch()
	logRecovery(t, "hub restart, then the guest reloads", []time.Duration{back})
	faultPly(t, a, b, gyreSlowPlan)
}

// testBothReload: both pages reload at the same moment, twice; both must
// resume the game.
func testBothReload(t *testing.T, a, b *page) {
	var backs []time.Duration
	for round := range 2 {
		before := a.Record()
		at := time.Now()
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, p := range []*page{a, b} {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
				defer cancel()
				errs[i] = chromedp.Do(ctx, chromedp.Reload(), appReady)
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("reloading page %d: %v", i, err)
			}
		}
		if round == 0 {
			shots("online-faults-bothreload-during", a, b)
			t.Logf("both reloading: host: %s; guest: %s", faultScreen(a), faultScreen(b))
		}
		backs = append(backs, inStepSince(t, at, a, b))
		if got := a.Record(); got != before {
			t.Fatalf("after both reloaded the record is %q, want %q", got, before)
		}
		for _, p := range []*page{a, b} {
			p.Watch()
		}
		faultPly(t, a, b, gyreSlowPlan)
	}
	logRecovery(t, "both pages reload at once", backs)
	shots("online-faults-bothreload-after", a, b)
}

// faultServer serves the app with a hub that can stop and start again on
// the same address with an empty memory store, as a redeployed server.
type faultServer struct {
	t    *testing.T
	addr string
	web  string
	mu   sync.Mutex
	srv  *http.Server
	hub  *signal.Hub
	log  *logBuffer
}

func newFaultServer(t *testing.T) *faultServer {
	t.Helper()
	ln := listenNetns(t)
	web := os.Getenv("GYGY_ONLINE_WEB")
	if web == "" {
		web = testWeb(t)
	}
	s := &faultServer{t: t, addr: ln.Addr().String(), web: web, log: &logBuffer{}}
	s.log.dumpOnFailure(t, "signalling hub log")
	s.serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *faultServer) url(path string) string { return "http://" + s.addr + path }

func (s *faultServer) serve(ln net.Listener) {
	s.t.Helper()
	fs := flag.NewFlagSet("hub", flag.ContinueOnError)
	config := hubFlags(fs)
	if err := fs.Parse(nil); err != nil {
		s.t.Fatal(err)
	}
	hub, err := newHub(config, s.log)
	if err != nil {
		s.t.Fatal(err)
	}
	site, err := newSite(s.web, "", "ws://"+s.addr+"/signal")
	if err != nil {
		s.t.Fatal(err)
	}
	srv := &http.Server{Handler: withHub(site.handler(), hub)}
	s.mu.Lock()
	s.srv, s.hub = srv, hub
	s.mu.Unlock()
	go srv.Serve(ln)
}

// stop closes the server and the hub (every WebSocket with it).
func (s *faultServer) stop() {
	s.mu.Lock()
	srv, hub := s.srv, s.hub
	s.srv, s.hub = nil, nil
	s.mu.Unlock()
	if srv != nil {
		srv.Close()
		hub.Close()
	}
}

// start serves again on the same address, with a new hub.
func (s *faultServer) start() {
	s.t.Helper()
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		s.t.Fatalf("listening again on %s: %v", s.addr, err)
	}
	s.serve(ln)
}
