package main

// The edges of online play (issue 48): Home always goes home, for the
// host as for the guest, during a game, after an abort and after
// resigning; an aborted game can be played again; the two devices show
// the same clock after one of them left and came back; and a signalling
// server that cannot be reached is said in plain words, with a way to
// try again and the two ways to play that need no server. The first
// three run inside the online tests' network namespace (TestBrowserOnline
// runs them); the last needs no WebRTC and runs on loopback.

import (
	"flag"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// GoHome presses Home in the header and waits for the home screen.
func (p *page) GoHome() {
	p.t.Helper()
	p.Click(idNavHome)
	if !p.Appears(byID(idStart)) {
		p.fail(fmt.Sprintf("Home pressed%s: the home screen did not come; the address is %s", p.on(), p.Address()))
	}
}

// Address is the page's address as the browser shows it.
func (p *page) Address() string {
	p.t.Helper()
	return eval[string](p, `location.href`)
}

// ClockSeconds is the time seat n's clock shows, in seconds.
func (p *page) ClockSeconds(n int) float64 {
	p.t.Helper()
	text := p.Clock(n)
	secs, err := clockSeconds(text)
	if err != nil {
		p.fail(fmt.Sprintf("clock-%d%s shows %q: %v", n, p.on(), text, err))
	}
	return secs
}

// clockSeconds reads a clock's face: h:mm:ss, m:ss, or s.t.
func clockSeconds(text string) (float64, error) {
	if !strings.Contains(text, ":") {
		return strconv.ParseFloat(text, 64)
	}
	total := 0.0
	for part := range strings.SplitSeq(text, ":") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return 0, err
		}
		total = total*60 + float64(n)
	}
	return total, nil
}

// testOnlineHomeAbortRematch: the host, on a phone, presses Home in the
// middle of a game and is home, with the address of the home screen; it
// comes back, aborts (Abort asks first), and offers a new game, which is
// the main button and waits, disabled, for the answer; the guest accepts
// and the new game has the sides swapped. The host resigns it: the
// guest's result says so without a notice over the buttons, and Home
// takes both home.
func testOnlineHomeAbortRematch(t *testing.T) {
	srv, a, b := startRig(t)
	a.Emulate(390, 844, true) // the host is a phone
	link := hostCustom(t, a, srv, "3", "6", "", "")
	join(t, a, b, link)

	// Home during the game, before anyone moved.
	a.GoHome()
	if addr := a.Address(); strings.Contains(addr, "room=") {
		t.Errorf("at home the host's address is still %s", addr)
	}
	a.Screenshot("edges-home-1-home-during-game-A")
	a.Click(idOnlineBack)
	a.WaitVisible(selGyreBoard)
	a.WaitConnected()

	// Abort asks first.
	a.Click(idAbort)
	a.WaitVisible(byID(idAbortYes))
	if b.Over() || a.Over() {
		t.Fatal("one press on Abort ended the game")
	}
	a.Screenshot("edges-home-2-abort-question-A")
	a.Click(idAbortYes)
	for _, p := range []*page{a, b} {
		p.WaitResult()
		if got := p.Result(); !strings.Contains(got, "aborted") {
			t.Errorf("%s's result = %q, want the abort", p.name, got)
		}
	}

	// After the abort: play again.
	a.WaitVisible(byID(idRematch))
	if got := a.Text(byID(idRematch)); !strings.Contains(got, "New game") {
		t.Errorf("after the abort the main button reads %q, want a new game", got)
	}
	a.Click(idRematch)
	if !a.Appears(fmt.Sprintf("#%s:disabled", idRematch)) {
		t.Errorf("the rematch button is still enabled while the offer waits: %q", a.Text(byID(idRematch)))
	}
	if a.Has(".notice.error") {
		t.Errorf("offering a rematch shows an error notice: %q", a.Notice())
	}
	a.Screenshot("edges-home-3-offer-waiting-A")
	if !b.Appears(byID(idRematchRequest)) {
		t.Fatalf("the guest was not offered the new game; the host reads %q", a.Text("main"))
	}
	b.Click(idRematchYes)
	for _, p := range []*page{a, b} {
		p.WaitGone(byID(idResult))
		p.WaitMoves(0)
	}
	b.WaitLive() // the guest, second before, plays first now
	if a.Live() {
		t.Error("after the new game the host's board is live: the sides did not swap")
	}
	b.Cell("a1").Click()
	a.WaitLive()
	a.Cell("b1").Click() // keeps sides: both have acted, Resign replaces Abort
	b.WaitMoves(2)

	// The host resigns; the guest sees the result and the buttons.
	a.Click(idResign)
	a.Click(idResignYes)
	b.WaitResult()
	if got := b.Status(); !strings.Contains(got, "resigned") {
		t.Errorf("the guest's result = %q, want the host's resignation", got)
	}
	if b.Has(byID(idNotice)) {
		t.Errorf("the guest is shown a notice over the game's end: %q", b.Notice())
	}
	shots("edges-home-4-resigned", a, b)
	a.GoHome()
	a.Screenshot("edges-home-5-home-after-resigning-A")
	b.GoHome()
	for _, p := range []*page{a, b} {
		if addr := p.Address(); strings.Contains(addr, "room=") {
			t.Errorf("at home %s's address is still %s", p.name, addr)
		}
	}
}

// testOnlineClockAfterLeave: in a game of five minutes, the host is to
// move and thinks; the guest leaves, comes back, and both pages then show
// the host's clock alike (within two seconds: the two faces are read one
// after the other).
func testOnlineClockAfterLeave(t *testing.T) {
	srv, a, b := startRig(t)
	link := hostCustom(t, a, srv, "3", "6", "5", "0")
	join(t, a, b, link)
	a.WaitLive()
	a.Cell("a1").Click()
	b.WaitLive()
	b.Cell("b1").Click()
	a.WaitLive()
	a.Cell("c1").Click()
	b.WaitLive()
	b.Cell("a2").Click()
	a.WaitLive() // the host's clock runs
	b.Do("the host thinks", chromedp.Sleep(10*time.Second))
	b.Click(idLeave)
	b.Click(idLeaveYes)
	b.WaitVisible(byID(idResumeOnline))
	b.Do("the guest is away", chromedp.Sleep(4*time.Second))
	b.Click(idResumeOnline)
	b.WaitVisible(selGyreBoard)
	for _, p := range []*page{a, b} {
		p.WaitConnected()
	}
	// Long enough for a ping each way (every 5 s): the host's own
	// reckoning reaches the guest.
	b.Do("both settle", chromedp.Sleep(7*time.Second))
	onA, onB := a.ClockSeconds(1), b.ClockSeconds(1)
	t.Logf("the host's clock: %.1f s on the host's page, %.1f s on the guest's", onA, onB)
	shots("edges-clock-1-after-return", a, b)
	if d := onB - onA; d > 2 || d < -2 {
		t.Errorf("after the guest's return the host's clock shows %.0f s on the host's page and %.0f s on the guest's", onA, onB)
	}
	if onA > 295 {
		t.Errorf("the host's clock shows %.0f s after thinking 10 s and more", onA)
	}
}

// TestBrowserOnlineNoHub: the app served with a signalling server that
// does not answer. The host's page says so in plain words (no Go error,
// no endless "Creating the link…"), offers to try again and the two ways
// to play that need no server; once the server is back, Try again makes
// the link. A guest opening a link meanwhile is told the same. Phone and
// desktop.
func TestBrowserOnlineNoHub(t *testing.T) {
	needBrowser(t)
	site, err := newSite(testWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	var hubLog logBuffer
	hubLog.dumpOnFailure(t, "signalling hub log")
	fs := flag.NewFlagSet("hub", flag.ContinueOnError)
	config := hubFlags(fs)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	hub, err := newHub(config, &hubLog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hub.Close() })
	withSignal := withHub(site.handler(), hub)
	var up atomic.Bool
	srv := startServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/signal" && !up.Load() {
			http.Error(w, "the hub is down", http.StatusServiceUnavailable)
			return
		}
		withSignal.ServeHTTP(w, r)
	}))

	for _, screen := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		t.Run(screen.name, func(t *testing.T) {
			up.Store(false)
			p := newPage(t, "")
			p.Emulate(screen.width, screen.height, screen.mobile)
			p.Open(srv.url("/"))
			p.Click(idGameGYRE)
			p.Choose(idModeOnline)
			p.Click(idStart)
			if !p.Appears(byID(idNoHub)) {
				p.fail("the page does not say that the server cannot be reached: " + p.Text("main"))
			}
			shown := p.Text("main")
			for _, raw := range []string{"dial", "WebSocket", "ws://", "Creating the link"} {
				if strings.Contains(shown, raw) {
					t.Errorf("the page shows %q: %q", raw, shown)
				}
			}
			for _, id := range []string{idOnlineRetry, idInsteadNearby, idInsteadByLink} {
				if !p.Has(byID(id)) {
					t.Errorf("no #%s on the page", id)
				}
			}
			p.ScrollTo(byID(idNoHub))
			p.Screenshot("edges-nohub-1-host-" + screen.name)

			up.Store(true)
			p.Click(idOnlineRetry)
			link := p.WaitLink()
			t.Logf("after the retry the link is %s", link)
			p.Screenshot("edges-nohub-2-retried-" + screen.name)
			p.GoHome()

			// A guest, on a device of its own, opens the link while the
			// server is down.
			up.Store(false)
			g := newPage(t, "")
			g.Emulate(screen.width, screen.height, screen.mobile)
			g.Open(link)
			if !g.Appears(byID(idNoHub)) {
				g.fail("the guest is not told that the server cannot be reached: " + g.Text("main"))
			}
			if g.Has(byID(idInsteadNearby)) {
				t.Error("the guest is offered to play nearby a game it does not know")
			}
			g.Screenshot("edges-nohub-3-guest-" + screen.name)
		})
	}

	// The other ways need no server: the same game, nearby or by link.
	t.Run("instead", func(t *testing.T) {
		up.Store(false)
		p := newPage(t, "")
		for _, way := range []struct{ id, sel string }{{idInsteadNearby, "main.nearby"}, {idInsteadByLink, ".bylink"}} {
			p.Open(srv.url("/"))
			p.Click(idGameGYRE)
			p.Choose(idModeOnline)
			p.Click(idStart)
			p.WaitVisible(byID(way.id))
			p.Click(way.id)
			if !p.Appears(way.sel) {
				p.fail(fmt.Sprintf("#%s did not lead to %s: %s", way.id, way.sel, p.Address()))
			}
			p.Screenshot("edges-nohub-4-" + way.id)
		}
	})
}
