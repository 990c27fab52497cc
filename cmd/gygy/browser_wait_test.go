package main

// The person's wait for the computer at its strongest level, in both
// games: from the moment the person's move is shown to the moment the
// computer's move is shown, posting to the Web Worker, its search and the
// drawing included. The test asserts only that a legal answer comes and
// that the page said the computer was thinking; the waits are printed
// (medians and maxima), never asserted: these machines are noisy.

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"gygy/engine/gyges"
)

// thinkWatchJS records, in the page, whether it ever showed that the
// computer was thinking, and whether its progress bar appeared.
const thinkWatchJS = `(() => {
  if (window.__think) return true;
  const t = window.__think = {spinner: false, bar: false};
  new MutationObserver(() => {
    if (document.querySelector(".status .spinner")) t.spinner = true;
    if (document.querySelector("#think-bar")) t.bar = true;
  }).observe(document.documentElement, {childList: true, subtree: true});
  return true;
})()`

// waitFor returns how long the computer took to show its answer to the
// person's move that made the list n long (the list's growth to n and to
// n+1, as the page saw them).
func (p *page) waitFor(n int) time.Duration {
	p.t.Helper()
	_, mine := p.moveTimes(n)
	_, theirs := p.moveTimes(n + 1)
	if mine == 0 || theirs == 0 {
		return -1
	}
	return time.Duration((theirs - mine) * float64(time.Millisecond))
}

// summary is "median m, max x over n" of waits.
func summary(ws []time.Duration) string {
	if len(ws) == 0 {
		return "no samples"
	}
	s := slices.Clone(ws)
	slices.Sort(s)
	return fmt.Sprintf("median %.2f s, max %.2f s over %d moves", s[len(s)/2].Seconds(), s[len(s)-1].Seconds(), len(s))
}

// TestBrowserComputerWait plays ten moves against Hard in GYRE 7 × 14 and
// in Gygès and prints the person's wait for each answer.
func TestBrowserComputerWait(t *testing.T) {
	srv := appServer(t)
	const moves = 10

	t.Run("gyre", func(t *testing.T) {
		p := newPage(t, "")
		start := func() {
			p.Open(srv.url("/"))
			p.StartGame(idModeComputer, idLevelHard)
			p.WaitVisible(selGyreBoard)
			p.Watch()
			eval[bool](p, thinkWatchJS)
		}
		start()
		var waits []time.Duration
		thought := false
		for games := 0; len(waits) < moves && games < 3; {
			p.WaitTurnOrResult()
			if p.Over() {
				// Hard won before ten answers: another game.
				thought = thought || eval[bool](p, `window.__think.spinner`)
				games++
				start()
				continue
			}
			g := p.GyreGame()
			n := p.Moves()
			p.Cell(g.Geometry().CellName(gyreEmpty(g))).Click()
			p.WaitMovesAtLeast(n + 1)
			p.WaitTurnOrResult()
			if !p.Over() && p.Moves() < n+2 {
				t.Fatalf("no answer from the computer after move %d", n+1)
			}
			if w := p.waitFor(n + 1); w >= 0 {
				waits = append(waits, w)
			}
		}
		p.GyreGame() // the record replays: every answer was legal
		if !thought && !eval[bool](p, `window.__think.spinner`) {
			t.Error("the page never showed that the computer was thinking")
		}
		t.Logf("GYRE 7x14 against Hard, the person's wait: %s (progress bar shown: %v)", summary(waits), eval[bool](p, `window.__think.bar`))
		p.Screenshot("wait-gyre")
	})

	t.Run("gyges", func(t *testing.T) {
		p := newPage(t, "")
		var waits []time.Duration
		start := func() {
			p.Open(srv.url("/"))
			p.StartGame(idGameGyges, idModeComputer, idLevelHard)
			p.WaitVisible(selGygesBoard)
			p.Watch()
			eval[bool](p, thinkWatchJS)
			p.SetUp("321123")
			p.WaitMoves(2) // the computer's setup
			if w := p.waitFor(1); w >= 0 {
				waits = append(waits, w)
			}
		}
		start()
		thought := false
		for games := 0; len(waits) < moves && games < 4; {
			p.WaitTurnOrResult()
			if p.Over() {
				thought = thought || eval[bool](p, `window.__think.spinner`)
				games++
				start()
				continue
			}
			n := p.Moves()
			m := gygesPlain(p.GygesGame().Position())
			if m == gyges.Pass {
				p.Click(idPass)
				p.WaitMovesAtLeast(n + 1)
				continue
			}
			p.Tap(p.Square(m.From.String()))
			p.Square(m.To.String()).WaitIs(classTarget)
			p.Tap(p.Square(m.To.String()))
			p.WaitMovesAtLeast(n + 1)
			p.WaitTurnOrResult()
			if !p.Over() && p.Moves() < n+2 {
				t.Fatalf("no answer from the computer after move %d", n+1)
			}
			if w := p.waitFor(n + 1); w >= 0 {
				waits = append(waits, w)
			}
		}
		p.GygesGame()
		if !thought && !eval[bool](p, `window.__think.spinner`) {
			t.Error("the page never showed that the computer was thinking")
		}
		t.Logf("Gygès against Hard, the person's wait (setup included): %s (progress bar shown: %v)", summary(waits), eval[bool](p, `window.__think.bar`))
		p.Screenshot("wait-gyges")
	})
}
