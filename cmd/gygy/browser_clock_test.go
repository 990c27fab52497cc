package main

// At one device: a game with a clock that ends on time, the review of the
// moves, and the sound switch that a reload remembers.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Clock returns the time seat n's clock shows, e.g. "0:05" or "4.2".
func (p *page) Clock(n int) string {
	p.t.Helper()
	return p.Text(byID(fmt.Sprintf("clock-%d", n)))
}

// ChooseClock picks a custom time control on the home screen.
func (p *page) ChooseClock(minutes, increment string) {
	p.t.Helper()
	p.Click(idClockCustom)
	p.WaitVisible(byID(idClockMinutes))
	p.SetInput(idClockMinutes, minutes)
	p.SetInput(idClockIncrement, increment)
}

// ReviewAt is what the review bar says: "Live" or "Move k of n".
func (p *page) ReviewAt() string {
	p.t.Helper()
	return p.Text(byID(idReviewAt))
}

// TestBrowserClockAndReview plays a hot-seat game with six seconds each:
// the clock of the side to move runs, a move stops it, the moves can be
// reviewed without changing the game, and the side that runs out of time
// loses.
func TestBrowserClockAndReview(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.CustomSize("3", "6")
	p.ChooseClock("0.1", "0")
	p.Screenshot("clock-1-home")
	p.Click(idStart)
	p.WaitVisible(selGyreBoard)
	p.WaitVisible(selRunningClock)
	if got := p.Text(selRunningClock); p.Clock(1) != got {
		t.Errorf("the running clock shows %q, seat 1's %q: want seat 1's to run", got, p.Clock(1))
	}
	// No time goes before the first stone: the players sit down first.
	full := p.Clock(1)
	p.Do("a moment before the first stone", chromedp.Sleep(1500*time.Millisecond))
	if got := p.Clock(1); got != full {
		t.Errorf("seat 1's clock went from %q to %q before the first stone, want it still", full, got)
	}
	p.Play("a1")
	p.Wait("seat 2's clock runs", jsHasClass("clock-2", "running"))
	if p.HasClass("clock-1", "running") {
		t.Error("seat 1's clock still runs after its move")
	}
	p.Click(idKeep)
	p.Play("b2")
	p.WaitMoves(2)
	p.Screenshot("clock-2-timed")

	// Review: back to the first position and forward again; the board
	// takes no move meanwhile, and the game is as it was.
	p.Click(idReviewFirst)
	p.Wait("the review", fmt.Sprintf(`%s.textContent.startsWith("Move 0 of 2")`, jsEl(byID(idReviewAt))))
	if p.Live() || !strings.Contains(p.Status(), "Reviewing") || !p.Cell("a1").Is(classEmpty) {
		t.Errorf("reviewing the start: live %v, status %q, a1 empty %v", p.Live(), p.Status(), p.Cell("a1").Is(classEmpty))
	}
	p.Focus(idReview)
	p.Press(kb.ArrowRight)
	p.Wait("a step forward", fmt.Sprintf(`%s.textContent.startsWith("Move 1 of 2")`, jsEl(byID(idReviewAt))))
	if p.Cell("a1").Is(classEmpty) || !p.Cell("b2").Is(classEmpty) {
		t.Error("after one move the board does not show a1 alone")
	}
	p.Screenshot("clock-3-review")
	p.Click(idReviewLast)
	p.Wait("live again", fmt.Sprintf(`%s.textContent == "Live"`, jsEl(byID(idReviewAt))))
	if p.Moves() != 2 || !p.Live() {
		t.Errorf("back to the game: %d moves, live %v", p.Moves(), p.Live())
	}

	// Seat 1 lets its time run out.
	p.WaitResult()
	if got := p.Result() + p.Status(); !strings.Contains(got, "Player 2 wins") || !strings.Contains(got, "ran out of time") {
		t.Errorf("result = %q, want player 2 to win on time", got)
	}
	if p.Clock(1) != "0.0" {
		t.Errorf("seat 1's clock shows %q at the end, want 0.0", p.Clock(1))
	}
	p.Screenshot("clock-4-flag")

	// The sound switch is remembered.
	if got := p.Attr(byID(idSound), "aria-pressed"); got != "true" {
		t.Errorf("sound on by default: aria-pressed %q", got)
	}
	p.Click(idSound)
	p.Wait("sound off", fmt.Sprintf(`%s.getAttribute("aria-pressed") == "false"`, jsEl(byID(idSound))))
	p.Reload()
	p.WaitVisible(byID(idSound))
	if got := p.Attr(byID(idSound), "aria-pressed"); got != "false" {
		t.Errorf("after a reload the sound switch says %q, want off", got)
	}
}

// Focus puts the keyboard focus on the element with the id.
func (p *page) Focus(id string) {
	p.t.Helper()
	p.Do("focus "+id, chromedp.Focus(chromedp.CSS(byID(id))))
}

// Attr returns an attribute of the element sel finds.
func (p *page) Attr(sel, name string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`%s.getAttribute(%q) || ""`, jsEl(sel), name))
}
