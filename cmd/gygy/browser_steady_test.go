package main

// Upright on a phone the status is above the board, so whatever comes and
// goes there moves the board under a finger on its way down (app/ui's
// package doc). The GYRE swap offer heads the side, under the board; the
// status keeps room for two lines; a notice is a bar over the foot of the
// screen that taps go through and that fades after a few seconds.

import (
	"fmt"
	"testing"
	"time"

	"gygy/engine/gyre"
)

// noticeShown tells whether the notice is drawn and can be seen.
const noticeShown = `(() => { const n = document.getElementById("notice"); if (!n) return false;
	const s = getComputedStyle(n); return s.visibility !== "hidden" && parseFloat(s.opacity) > 0.5; })()`

func TestBrowserPhoneBoardStays(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	p.StartGame(idSize5x10, idModeComputer, idLevelEasy)
	// The computer places the fair start's opening; the person chooses.
	p.WaitVisible(byID(idSwapOffer))
	p.WaitStill()
	place := p.rectOf(selGyreBoard)
	steady := func(when string) {
		t.Helper()
		p.WaitStill()
		if now := p.rectOf(selGyreBoard); now != place {
			t.Errorf("%s: the board moved from %v to %v", when, place, now)
		}
	}
	if offer := p.rectOf(byID(idSwapOffer)); offer[1] < place[1]+place[3] {
		t.Errorf("the swap offer (%v) is not under the board (%v)", offer, place)
	}
	p.Screenshot("steady-1-swap-offer-phone")
	p.Click(idKeep)
	p.WaitGone(byID(idSwapOffer))
	steady("the swap offer gone (Keep Gyre)")

	// Two of the person's stones, each answered by the computer: the
	// status changes at each.
	for i := 0; i < 2; i++ {
		g := p.GyreGame()
		var name string
		for _, m := range g.Moves(nil) {
			if _, ok := m.Cell(); ok {
				name = g.Geometry().MoveName(m)
				break
			}
		}
		n := p.Moves()
		p.Cell(name).Tap()
		p.Cell(name).WaitIs(classPending)
		p.Cell(name).Tap()
		p.WaitMoves(n + 2) // the stone and the computer's reply
		steady(fmt.Sprintf("after stone %d (%s) and the computer's reply", i+1, name))
	}

	// A notice: the clipboard refuses the record.
	eval[bool](p, `(navigator.clipboard.writeText = () => Promise.reject(new Error("refused by the test")), true)`)
	p.Click(idCopy)
	p.Wait("the notice", noticeShown)
	steady("a notice shown")
	bar := eval[[]float64](p, `(() => { const r = document.getElementById("notice").getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`)
	if bar[1] > bar[2] || bar[0] < bar[2]/2 {
		t.Errorf("the notice spans %.0f to %.0f px of a %.0f px screen, want a bar at its foot", bar[0], bar[1], bar[2])
	}
	if got := eval[string](p, `getComputedStyle(document.getElementById("notice")).pointerEvents`); got != "none" {
		t.Errorf("the notice's bar takes taps (pointer-events %s): what is under it cannot be pressed", got)
	}
	p.Screenshot("steady-2-notice-phone")
	p.CheckAxe("a notice on a phone")
	// It fades after a few seconds, and a second notice, of the same words,
	// shows again.
	if !p.holdsWithin(15*time.Second, "!"+noticeShown) {
		t.Errorf("the notice still shows after 15 s")
	}
	p.Click(idCopy)
	p.Wait("the notice again", noticeShown)
	steady("the notice again")
	if p.GyreGame().Winner() != gyre.Empty {
		t.Fatalf("the game ended during the test: its plan is wrong")
	}
}
