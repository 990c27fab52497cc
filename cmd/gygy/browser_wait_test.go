package main

// The person's wait for the computer at every level, in both games: from the moment the person's move is shown to the moment the
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

// waits plays against the computer until it has answered moves times (in
// at most games games: Hard often wins first), and returns the person's
// waits and whether the page ever said the computer was thinking. start
// opens a new game and returns the waits it saw already (a setup); move
// makes the person's move.
func waits(p *page, moves, games int, start func() []time.Duration, move func()) ([]time.Duration, bool) {
	p.t.Helper()
	ws := start()
	thought := false
	for played := 0; len(ws) < moves && played < games; {
		p.WaitTurnOrResult()
		if p.Over() {
			thought = thought || eval[bool](p, `window.__think.spinner`)
			played++
			ws = append(ws, start()...)
			continue
		}
		n := p.Moves()
		move()
		p.WaitMovesAtLeast(n + 1)
		p.WaitTurnOrResult()
		if !p.Over() && p.Moves() < n+2 {
			p.t.Fatalf("no answer from the computer after move %d", n+1)
		}
		if w := p.waitFor(n + 1); w >= 0 {
			ws = append(ws, w)
		}
	}
	return ws, thought || eval[bool](p, `window.__think.spinner`)
}

// openAgainst starts a game against the computer of the given level (its
// button id) from the home screen and watches it.
func (p *page) openAgainst(url, level, board string, choices ...string) {
	p.t.Helper()
	p.Open(url)
	p.StartGame(append([]string{idModeComputer, level}, choices...)...)
	p.WaitVisible(board)
	p.Watch()
	eval[bool](p, thinkWatchJS)
}

// TestBrowserComputerWait plays ten moves against each level in GYRE
// 7 × 14 and in Gygès and prints the person's wait for each answer. Hard
// thinks longest, so its page must say that it is thinking.
func TestBrowserComputerWait(t *testing.T) {
	srv := appServer(t)
	const moves = 10
	for _, level := range []struct{ name, id string }{{"Easy", idLevelEasy}, {"Medium", idLevelMedium}, {"Hard", idLevelHard}} {
		report := func(p *page, what string, ws []time.Duration, thought bool) {
			if !thought && level.id == idLevelHard {
				t.Error("the page never showed that the computer was thinking")
			}
			t.Logf("%s against %s, the person's wait: %s (thinking shown: %v, progress bar shown: %v)", what, level.name, summary(ws), thought, eval[bool](p, `window.__think.bar`))
		}

		t.Run("gyre-"+level.name, func(t *testing.T) {
			p := newPage(t, "")
			ws, thought := waits(p, moves, 3, func() []time.Duration {
				p.openAgainst(srv.url("/"), level.id, selGyreBoard, idSideFirst, idRuleSwap)
				return nil
			}, func() {
				g := p.GyreGame()
				p.Cell(g.Geometry().CellName(gyreEmpty(g))).Click()
			})
			p.GyreGame() // the record replays: every answer was legal
			report(p, "GYRE 7x14", ws, thought)
			p.Screenshot("wait-gyre-" + level.name)
		})

		t.Run("gyges-"+level.name, func(t *testing.T) {
			p := newPage(t, "")
			ws, thought := waits(p, moves, 6, func() []time.Duration {
				p.openAgainst(srv.url("/"), level.id, selGygesBoard, idGameGyges)
				p.SetUp("321123")
				p.WaitMoves(2) // the computer's setup
				if w := p.waitFor(1); w >= 0 {
					return []time.Duration{w}
				}
				return nil
			}, func() {
				m := gygesPlain(p.GygesGame().Position())
				if m == gyges.Pass {
					p.Click(idPass)
					return
				}
				p.Tap(p.Square(m.From.String()))
				p.Square(m.To.String()).WaitIs(classTarget)
				p.Tap(p.Square(m.To.String()))
			})
			p.GygesGame()
			report(p, "Gygès (its setup included)", ws, thought)
			p.WaitStill() // the last move's piece at its end, not where its animation starts
			p.Screenshot("wait-gyges-" + level.name)
		})
	}
}
