package main

// GYRE in the browser at one device: a whole game, the record copied and
// loaded back.

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// CustomSize chooses a custom GYRE board on the home screen.
func (p *page) CustomSize(rings, cols string) {
	p.t.Helper()
	p.Click(idSizeCustom)
	p.WaitVisible(byID(idRings))
	p.SetInput(idRings, rings)
	p.SetInput(idCols, cols)
}

// startCustom starts a two-player game of the given custom size from the
// home screen.
func startCustom(p *page, rings, cols string) {
	p.t.Helper()
	p.CustomSize(rings, cols)
	p.Click(idStart)
	p.WaitVisible(selGyreBoard)
}

// TestBrowserHotSeat plays a whole two-player game on a 3×6 board: the
// first stone, the swap, an undo and redo, a keyboard move, and the win
// with the winning chain highlighted.
func TestBrowserHotSeat(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.Screenshot("hotseat-1-home")
	startCustom(p, "3", "6")

	p.Play("a1")
	p.WaitVisible(byID(idSwapOffer))
	p.Screenshot("hotseat-2-swap-offer")
	p.Play("swap")
	if got := p.Status(); !strings.Contains(got, "Player 1") || !strings.Contains(got, "Gyre") {
		t.Errorf("status after swap = %q, want player 1 to place a Gyre stone", got)
	}

	p.Play("b1", "a3")
	p.Undo()
	p.WaitMoves(3)
	if !p.Cell("a3").Is(classEmpty) {
		t.Errorf("a3 still holds a stone after undo")
	}
	p.Redo()
	p.WaitMoves(4)

	// b2 by keyboard: focus b1, arrow right, Enter.
	p.Cell("b1").Focus()
	p.Press(kb.ArrowRight)
	p.WaitFocus(p.Cell("b2").id())
	p.Press(kb.Enter)
	p.WaitMoves(5)

	p.Play("c3", "b3", "a5", "b4", "c5", "b5", "c1", "b6")
	p.WaitResult()
	if got := p.Status(); !strings.Contains(got, "Player 1 wins") || !strings.Contains(got, "loop") {
		t.Errorf("result = %q, want player 1 to win with a loop", got)
	}
	if wins := p.Count(selWinCell); wins != 6 {
		t.Errorf("cells highlighted in the winning chain = %d, want 6 (ring b)", wins)
	}
	record := p.Record()
	if want := "GYRE 3x6\na1 swap b1 a3 b2 c3 b3 a5 b4 c5 b5 c1 b6"; record != want {
		t.Errorf("record = %q, want %q", record, want)
	}
	p.Screenshot("hotseat-3-won")

	// Copy record: with the clipboard allowed, the record lands there.
	p.AllowClipboard()
	p.Click(idCopy)
	p.WaitVisible(byID(idCopied))
	if got := p.Clipboard(); got != record {
		t.Errorf("clipboard after Copy record = %q, want the record", got)
	}

	// The record loads back from the home screen; a broken one is refused
	// with the reason.
	p.Click(idNewGame)
	p.LoadRecord("GYRE 3x6\na1 a1")
	p.WaitVisible(selHomeError)
	if got := p.Text(selHomeError); !strings.Contains(got, "move 2") {
		t.Errorf("error for a broken record = %q, want it to name move 2", got)
	}
	p.LoadRecord(record)
	p.WaitResult()
	if got := p.Moves(); got != 13 {
		t.Errorf("moves after loading the record = %d, want 13", got)
	}
}
