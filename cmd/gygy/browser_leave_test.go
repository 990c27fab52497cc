package main

// Leaving an online game is never its end by accident: Leave asks first,
// the game stays on the home screen as Resume, and resuming takes this
// device's seat again; the other side sees the opponent gone, then back.

import (
	"strings"
	"testing"
	"time"
)

// testOnlineLeave: the guest leaves mid-game, confirms, finds Resume on its
// home screen, resumes, and the game goes on with a move each way.
func testOnlineLeave(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	joinGame(t, fig, a, b, link, selGyreBoard, "leave")
	for _, p := range []*page{a, b} {
		p.Watch()
	}
	ply := 0
	for ply < 3 {
		gyrePly(t, fig, a, b, ply)
		ply++
	}
	n := a.Moves()
	b.Click("leave")
	b.WaitVisible(byID("leave-question"))
	if got := b.Text(byID("leave-question")); !strings.Contains(got, "stays on your home screen") {
		t.Errorf("the question reads %q", got)
	}
	b.Screenshot("online-leave-1-question-B")
	b.Click("leave-yes")
	b.WaitVisible(byID("resume-online"))
	b.Screenshot("online-leave-2-home-B")
	a.WaitLong("the opponent gone", byID("away"), 60*time.Second)
	a.Screenshot("online-leave-3-gone-A")
	b.Click("resume-online")
	b.WaitVisible(selGyreBoard)
	b.WaitMoves(n)
	a.Wait("the opponent back", `document.getElementById("no-away") !== null`)
	for _, p := range []*page{a, b} {
		p.WaitConnected()
	}
	a.Screenshot("online-leave-4-back-A")
	for range 2 {
		gyrePly(t, fig, a, b, ply)
		ply++
	}
	if h, g, same := sameRecords(a, b); !same {
		t.Fatalf("the records differ:\nhost:  %q\nguest: %q", h, g)
	}
	b.Screenshot("online-leave-5-on-B")
}
