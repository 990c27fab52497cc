package main

// A newcomer's GYRE (issue 30): the recommended fair start preselected and
// the chooser's seat against the computer, one tap rule on every cell of a
// phone with the hint on screen, the settings kept per mode, Play again
// and the question before a game in progress is replaced, the coordinates
// switch and the last move named, the keyboard's Enter after an arrow, and
// Start in sight on a phone.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// The DOM these tests use, besides the page object's.
const (
	idRuleSwap     = "rule-swap"
	idRuleNoSwap   = "rule-noswap"
	idStartReplace = "start-replace" // end the game in progress and start
	idStartKeep    = "start-keep"    // keep it
	idStartQuick   = "start-quick"   // the Start at the top of the home screen
	idModeHotseat  = "mode-hotseat"
	idLong         = "long" // Hard: think longer
	idCoords       = "coords"
	idLastMove     = "last-move"
	idTapHint      = "tap-hint"
	idResignYes    = "resign-yes"
	idClockNone    = "clock-none"
	selCellName    = "svg.board .cell-name"
)

// pressed tells whether a choice button of the home screen shows as
// chosen.
func (p *page) pressed(id string) bool {
	p.t.Helper()
	return p.Attr(byID(id), "aria-pressed") == "true"
}

// wantPressed fails the test unless each button shows as chosen.
func wantPressed(t *testing.T, p *page, ids ...string) {
	t.Helper()
	for _, id := range ids {
		p.WaitVisible(byID(id)) // the screen may still be drawing
		if !p.pressed(id) {
			t.Errorf("%s is not chosen", id)
		}
	}
}

// startOver starts a game while one is in progress: the home screen asks
// first, and the test confirms.
func (p *page) startOver(choices ...string) {
	p.t.Helper()
	p.StartGame(choices...)
	p.Click(idStartReplace)
}

// The recommended fair start is preselected on both named boards (the
// plain swap rule on a custom one), the person chooses the side against
// the computer, "think longer" is there only at Hard, and Start is on
// screen on a phone without scrolling.
func TestBrowserNewcomerDefaults(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	wantPressed(t, p, idRuleFair)
	if got := p.Text(byID(idRuleFair)); !strings.Contains(got, "recommended") {
		t.Errorf("the preselected rule reads %q, want the recommended one", got)
	}
	// A Start in sight: the one at the top, or the one under the choices.
	inSight := fmt.Sprintf(`[%q, %q].some(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })`, idStartQuick, idStart)
	if !eval[bool](p, inSight) {
		t.Errorf("Start is not on a phone's screen without scrolling")
	}
	if got := p.Text(byID(idStartQuick)); !strings.Contains(got, "GYRE 7 × 14") || !strings.Contains(got, "two players") {
		t.Errorf("the Start at the top reads %q, want what it starts", got)
	}
	// A few Tabs from the top of the page, not 23: past the header's
	// links and its three switches (sound, theme, language).
	tabs := 0
	for ; tabs < 7 && p.Focused() != idStartQuick; tabs++ {
		p.Press(kb.Tab)
	}
	if p.Focused() != idStartQuick {
		t.Errorf("the Start at the top is more than 7 Tabs from the top of the page")
	}
	t.Logf("Start is %d Tabs from the top of the page", tabs)
	p.Screenshot("newcomer-1-home-phone")
	p.Choose(idSize5x10)
	wantPressed(t, p, idRuleFair)
	p.Choose(idSizeCustom)
	wantPressed(t, p, idRuleSwap)
	p.Choose(idSize5x10)
	p.Choose(idModeComputer)
	wantPressed(t, p, idSideSecond, idRuleFair)
	for _, level := range []string{idLevelEasy, idLevelMedium} {
		p.Choose(level)
		if p.Has(byID(idLong)) {
			t.Errorf("at %s the home screen shows %q, which applies to Hard only", level, idLong)
		}
	}
	p.Choose(idLevelHard)
	p.WaitVisible(byID(idLong))
	p.Choose(idLevelEasy)
	if !eval[bool](p, inSight) {
		t.Errorf("Start is not on a phone's screen without scrolling, against the computer")
	}
	p.CheckAxe("home, against the computer, on a phone")
	p.Screenshot("newcomer-2-home-computer-phone")
	p.Click(idStartQuick)
	// The computer places the fair start's opening; the person chooses.
	p.WaitVisible(byID(idSwapOffer))
	wantStatus(t, p, "Your turn: keep sides and place a Gyre stone, or swap.")
	g := p.GyreGame()
	if k := g.Variant().K(); k == 0 || len(g.Record()) != k+1 {
		t.Errorf("against Easy by default: variant %q, %d stones; want the fair start's opening placed by the computer", g.Variant(), len(g.Record()))
	}
	p.Screenshot("newcomer-3-computer-opening-phone")
}

// On a phone every cell of both boards takes two taps: the first shows
// the stone as a ghost and "Tap … again to place" in the hole, the
// second places it; the inner ring, the middle and the outer ring alike.
func TestBrowserNewcomerTaps(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	for _, b := range []struct {
		size  string
		cells []string
	}{
		{"7x14", []string{"a1", "d7", "g14", "b3", "f9"}},
		{"5x10", []string{"a1", "b1", "e9", "c3", "e6"}},
	} {
		if b.size == "5x10" {
			p.Click(idNavHome)
			p.startOver(idSize5x10, idRuleNoSwap)
		} else {
			p.StartGame(idRuleNoSwap)
		}
		p.WaitLive()
		for i, name := range b.cells {
			c := p.Cell(name)
			c.Tap()
			c.WaitIs(classPending)
			p.Wait("the tap hint", fmt.Sprintf(`document.getElementById(%q) !== null`, idTapHint))
			if got := eval[string](p, fmt.Sprintf(`document.getElementById(%q).textContent`, idTapHint)); !strings.Contains(got, "Tap "+name) || !strings.Contains(got, "again") {
				t.Errorf("%s %s: the hint reads %q", b.size, name, got)
			}
			if !p.Has(fmt.Sprintf("#cell-%s .ghost", name)) {
				t.Errorf("%s %s: no ghost stone after the first tap", b.size, name)
			}
			if n := p.Moves(); n != i {
				t.Fatalf("%s %s: a first tap placed a stone (%d moves, want %d)", b.size, name, n, i)
			}
			if i == 0 {
				p.Screenshot("newcomer-taps-" + b.size + "-marked-phone")
				p.CheckAxeNow("a cell marked by a tap, " + b.size)
			}
			c.Tap()
			p.WaitMoves(i + 1)
			c.WaitIsNot(classEmpty)
			if p.Has(byID(idTapHint)) {
				t.Errorf("%s %s: the hint stays after the stone is placed", b.size, name)
			}
		}
	}
}

// Settings stay per mode, across a reload; a game in progress is not
// replaced without asking; a game over offers Play again, sides swapped,
// against the computer too.
func TestBrowserNewcomerSettingsAndAgain(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idModeComputer, idLevelEasy, idSize5x10, idRuleNoSwap, idSideFirst)
	p.WaitLive()
	p.Play("c3")
	p.WaitMovesAtLeast(2)
	p.WaitLive()

	p.Click(idNavHome)
	wantPressed(t, p, idModeComputer, idLevelEasy, idSize5x10, idRuleNoSwap, idSideFirst)
	p.Click(idStart)
	p.WaitVisible(byID(idStartReplace))
	if got := p.Text("#replace-note"); !strings.Contains(got, "in progress") {
		t.Errorf("the question before replacing reads %q", got)
	}
	p.CheckAxe("home, asking before replacing a game")
	p.Screenshot("newcomer-4-replace-question")
	p.Click(idStartKeep)
	p.WaitVisible(byID(idStart))
	p.Click(idStartQuick) // the Start at the top asks at the top
	p.WaitVisible("#replace-question")
	if p.Has(byID(idStartQuick)) {
		t.Errorf("the question at the top shows beside the Start it replaces")
	}
	p.Click(idStartKeep)
	p.Click(idResume)
	p.WaitVisible(selGyreBoard)
	if n := p.Moves(); n < 2 {
		t.Fatalf("the game in progress was replaced: %d moves", n)
	}

	// Another mode has settings of its own; coming back restores these.
	p.Click(idNavHome)
	p.Choose(idModeHotseat)
	wantPressed(t, p, idSize5x10) // the board carried over, nothing kept for two players yet
	p.Choose(idRuleSwap)
	p.Choose(idModeComputer)
	wantPressed(t, p, idLevelEasy, idSize5x10, idRuleNoSwap, idSideFirst)
	p.Reload()
	wantPressed(t, p, idModeComputer, idLevelEasy, idSize5x10, idRuleNoSwap, idSideFirst)

	// Play again, against the computer: the sides swap.
	p.Click(idResume)
	p.WaitLive()
	p.Click(idResign)
	p.Click(idResignYes)
	p.WaitResult()
	p.WaitVisible(byID(idRematch))
	if got := p.Text(byID(idRematch)); got != "Play again, sides swapped" {
		t.Errorf("the button at the end against the computer says %q, want Play again", got)
	}
	p.CheckAxe("a game over, Play again offered")
	p.Screenshot("newcomer-5-play-again")
	p.Click(idRematch)
	p.WaitGone(byID(idResult))
	p.WaitMovesAtLeast(1) // the computer now places the first stone
	p.WaitLive()
	if !strings.HasPrefix(p.Record(), "GYRE 5x10 noswap") {
		t.Errorf("play again: record %q, want a 5x10 game without the swap", p.Record())
	}
	if got := p.Status(); !strings.Contains(got, "Your turn") {
		t.Errorf("play again: status %q, want the person to move second now", got)
	}
}

// The coordinates switch labels the rings and is remembered; the last
// move is named beside the board; Enter right after an arrow plays the
// cell the arrow went to.
func TestBrowserNewcomerCoordsAndKeys(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idRuleSwap)
	p.WaitLive()
	if p.Count(selCellName) != 0 {
		t.Errorf("cell names shown before the switch")
	}
	if got := p.Text(byID(idLastMove)); !strings.Contains(got, "No move") {
		t.Errorf("last move before any = %q", got)
	}
	p.Click(idCoords)
	p.WaitCount(selCellName, 7*14)
	p.Play("d7")
	if got := p.Text(byID(idLastMove)); got != "Last move: d7 (Spoke, ringed on the board)." {
		t.Errorf("last move = %q, want d7 (Spoke)", got)
	}
	p.Reload()
	p.WaitCount(selCellName, 7*14-1)
	p.CheckAxe("GYRE with coordinates")
	p.Screenshot("newcomer-6-coordinates")

	p.Play("keep")
	p.Cell("c3").Focus()
	p.Press(kb.ArrowRight + kb.Enter)
	p.WaitMoves(2)
	if !p.Cell("c4").Is(classGyre) || !p.Cell("c3").Is(classEmpty) {
		t.Errorf("Enter right after ArrowRight from c3 played %q, want c4", p.Record())
	}
	p.Resize(390, 844, true)
	p.Screenshot("newcomer-7-coordinates-phone")
}
