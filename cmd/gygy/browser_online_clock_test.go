package main

// Online games with a clock, an abort, and a claim after the opponent has
// been gone longer than the grace period: two Chromium instances in the
// test's network namespace (run from TestBrowserOnline).

import (
	"strings"
	"testing"
	"time"
)

// hostCustom creates an online GYRE game of a custom size with the given
// clock ("" for none) on the host's page and returns the link.
func hostCustom(t *testing.T, host *page, srv *server, rings, cols, minutes, increment string) string {
	t.Helper()
	host.Open(srv.url("/"))
	host.Click(idGameGYRE)
	host.Choose(idModeOnline)
	host.Choose(idSideFirst)
	host.CustomSize(rings, cols)
	if minutes != "" {
		host.ChooseClock(minutes, increment)
	} else {
		// The home screen keeps the last online game's clock (issue 30):
		// a game without one says so.
		host.Choose(idClockNone)
	}
	host.Click(idStart)
	return host.WaitLink()
}

// join opens the link on the guest's page, accepts, and waits until both
// are connected with the board shown; it returns the offer's text.
func join(t *testing.T, host, guest *page, link string) string {
	t.Helper()
	guest.Open(link)
	guest.WaitVisible(byID(idOnlineOffer))
	offer := guest.Text(byID(idOnlineOffer))
	guest.Click(idAccept)
	for _, p := range []*page{guest, host} {
		p.WaitConnected()
		p.WaitVisible(selGyreBoard)
	}
	return offer
}

// leave has both pages leave their online game.
func leave(a, b *page) {
	for _, p := range []*page{a, b} {
		p.Click(idLeave)
		p.WaitVisible(byID(idStart))
	}
}

// testOnlineClocks: a game of six seconds each, shown in the offer, that
// the guest loses on time; then a game the host aborts before anyone has
// moved; then a game the guest leaves for 70 s, which the host claims
// once the grace period is over, and which the guest, coming back, sees
// as lost.
func testOnlineClocks(t *testing.T) {
	srv, a, b := startRig(t)

	link := hostCustom(t, a, srv, "3", "6", "0.1", "0")
	offer := join(t, a, b, link)
	if !strings.Contains(offer, "0.1 min") {
		t.Errorf("the offer %q does not show the clock", offer)
	}
	// Each side's first action is free; the guest's clock runs from its
	// second.
	a.WaitLive()
	a.Cell("a1").Click()
	b.WaitLive()
	if b.HasClass("clock-2", "running") {
		t.Error("the guest's clock runs before its first action")
	}
	b.Cell("b1").Click()
	a.WaitLive()
	a.Cell("c1").Click()
	b.WaitMoves(3)
	b.Wait("the guest's clock runs", jsHasClass("clock-2", "running"))
	shots("online-clock-1-running", a, b)
	for _, p := range []*page{a, b} {
		p.WaitResult()
		if got := p.Status(); !strings.Contains(got, "ran out of time") {
			t.Errorf("%s's result = %q, want a loss on time", p.name, got)
		}
	}
	if got := b.Status(); !strings.Contains(got, "You ran out of time") {
		t.Errorf("the guest's result = %q, want its own loss on time", got)
	}
	if ca, cb := a.Clock(2), b.Clock(2); ca != "0.0" || cb != "0.0" {
		t.Errorf("the guest's clock at the end shows %q on A and %q on B, want 0.0", ca, cb)
	}
	shots("online-clock-2-flag", a, b)
	leave(a, b)

	// Abort before anyone has moved.
	link = hostCustom(t, a, srv, "3", "6", "", "")
	join(t, a, b, link)
	a.WaitVisible(byID(idAbort))
	if b.Has(byID(idResign)) {
		t.Error("the guest is offered Resign before anyone moved, want Abort")
	}
	a.Click(idAbort)
	a.Click(idAbortYes) // Abort asks first
	for _, p := range []*page{a, b} {
		p.WaitResult()
		if got := p.Result(); !strings.Contains(got, "aborted") {
			t.Errorf("%s's result = %q, want the abort", p.name, got)
		}
	}
	leave(a, b)

	// The guest goes away for 70 s; the host may claim after the 60 s grace.
	link = hostCustom(t, a, srv, "3", "6", "", "")
	join(t, a, b, link)
	a.WaitLive()
	a.Cell("a1").Click()
	b.WaitMoves(1)
	b.Navigate("about:blank")
	gone := time.Now()
	a.WaitVisible(byID(idAway))
	if a.Has(byID(idClaim)) {
		t.Error("the claim is offered before the grace period is over")
	}
	a.ScreenshotStill("online-claim-1-countdown-A")
	a.WaitLong("the claim", byID(idClaim), 90*time.Second)
	waited := time.Since(gone)
	a.ScreenshotStill("online-claim-2-banner-A")
	for time.Since(gone) < 70*time.Second {
		time.Sleep(time.Second)
	}
	a.Click(idClaim)
	a.WaitResult()
	if got := a.Status(); !strings.Contains(got, "You win") || !strings.Contains(got, "left the game") {
		t.Errorf("the host's result after the claim = %q", got)
	}
	b.Open(link)
	b.WaitResult()
	if got := b.Status(); !strings.Contains(got, "Your opponent wins") || !strings.Contains(got, "left the game") {
		t.Errorf("the guest, back, sees %q, want its loss by abandonment", got)
	}
	if ra, rb := a.Record(), b.Record(); ra != rb {
		t.Errorf("records differ after the claim: %q and %q", ra, rb)
	}
	shots("online-claim-3-end", a, b)
	t.Logf("the claim was offered %.1f s after the guest left (grace 60 s); claimed after %.0f s", waited.Seconds(), time.Since(gone).Seconds())
}
