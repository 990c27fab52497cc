package main

// The GYRE rulebook in the browser: its diagrams are drawn by the game's
// own board, each one saved as a picture to look at.

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"gygy/engine/gyre"
)

// The GYRE rulebook's DOM, beyond the page object's.
const (
	selGyreDiagram      = "figure.diagram svg.board"
	selGyreDiagramStone = "figure.diagram svg.board .stone"
	selGyreDiagramError = "main.rules p.error"
	idBalanceMap        = "balance-map"
)

// TestBrowserGyreRules opens the GYRE rulebook: it shows at least five
// diagrams drawn with stones, no diagram error, and a picture of each.
func TestBrowserGyreRules(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	// The size chooser on the standard board, with the fair start.
	p.Choose(idRuleFair)
	p.WaitVisible(byID(idRuleNote))
	p.ScrollTo(byID(idRuleFair))
	p.Screenshot("gyre-chooser-7x14")
	p.Click(idNavRules)
	p.WaitMoreThan(selGyreDiagramStone, 10)
	if axeAvailable() {
		p.CheckAxe("GYRE rules with their diagrams")
	}
	if p.Has(selGyreDiagramError) {
		t.Errorf("the GYRE rules show an error: %s", eval[string](p, jsEl(selGyreDiagramError)+".textContent"))
	}
	n := p.Count("figure.diagram")
	if n < 5 {
		t.Errorf("the GYRE rules show %d diagrams, want at least 5", n)
	}
	p.ScrollTo(byID(idBalanceMap))
	p.Wait("the balance map is drawn", fmt.Sprintf(`document.getElementById(%q).complete && document.getElementById(%q).naturalWidth > 0`, idBalanceMap, idBalanceMap))
	p.Screenshot("gyre-rules-balance-map")
	for i := 1; i <= n; i++ {
		p.ScrollTo(fmt.Sprintf("main.rules > figure:nth-of-type(%d)", i))
		p.Screenshot(fmt.Sprintf("gyre-rules-diagram-%d", i))
	}
}

// The home screen's opening rules, beyond the page object's.
const (
	idRuleFair = "rule-fair"
	idOpeningK = "opening-k"
	idRuleNote = "rule-note"
)

// startOpening starts a 5 × 10 game with the fair start `opening 3` from
// the home screen, after the given choices (the mode, the level, a side).
// With axe-core at hand, the home screen's fair start passes it.
func startOpening(p *page, shot string, choices ...string) {
	p.t.Helper()
	for _, id := range append(choices, idSize5x10, idRuleFair) {
		p.Choose(id)
	}
	p.WaitVisible(byID(idOpeningK))
	if k, ok := gyre.FairOpening(gyre.Small); ok {
		got := strings.ToLower(p.Text(byID(idRuleFair)))
		if want := fmt.Sprintf("opening %d", k); !strings.Contains(got, want) || !strings.Contains(got, "(recommended)") {
			p.t.Errorf("the opening rule reads %q, want %q, recommended", got, want)
		}
		p.ScrollTo(byID(idRuleFair))
		p.Screenshot(shot + "-measured")
	}
	p.SetInput(idOpeningK, "3")
	p.Wait("the note says K = 3", fmt.Sprintf(`document.getElementById(%q).textContent.includes("3 Gyre stones")`, idRuleNote))
	p.ScrollTo(byID(idRuleFair))
	p.Screenshot(shot)
	if axeAvailable() {
		p.CheckAxe("home, a fair start")
	}
	p.Click(idStart)
	p.WaitVisible(selGyreBoard)
}

// wantStatus checks that the status line says something.
func wantStatus(t *testing.T, p *page, want string) {
	t.Helper()
	p.Wait("status "+want, fmt.Sprintf(`document.getElementById(%q).textContent.includes(%q)`, idStatus, want))
}

// TestBrowserGyreOpening plays the opening of a 5 × 10 game with
// `opening 3`: by two players at one device (the status counts the
// opening's stones, the swap offer follows them), and against the
// computer from either side.
func TestBrowserGyreOpening(t *testing.T) {
	srv := appServer(t)
	t.Run("hot seat", func(t *testing.T) {
		p := newPage(t, "")
		p.Open(srv.url("/"))
		startOpening(p, "gyre-opening-1-home")
		wantStatus(t, p, "Player 1: place Gyre stone 1 of 3, then one Spoke stone.")
		if got := p.Text(".seat.to-move"); !strings.Contains(got, "Player 1 · placing the opening's Gyre stones") {
			t.Errorf("the seat to move says %q, want it to say player 1 places the opening's Gyre stones", got)
		}
		p.Play("c1")
		wantStatus(t, p, "Player 1: place Gyre stone 2 of 3")
		p.Play("c4", "c7")
		wantStatus(t, p, "Player 1: place the opening's Spoke stone")
		p.Screenshot("gyre-opening-2-spoke-stone")
		p.Play("b9")
		p.WaitVisible(byID(idSwapOffer))
		wantStatus(t, p, "Player 2: keep sides and place a Gyre stone, or swap.")
		if got := p.Text(byID(idSwapOffer)); !strings.Contains(got, "3 Gyre stones and a Spoke stone") {
			t.Errorf("swap offer = %q, want it to speak of the whole opening", got)
		}
		p.Screenshot("gyre-opening-3-swap-offer")
		if axeAvailable() {
			p.CheckAxe("GYRE swap offer after an opening")
		}
		p.Play("swap")
		wantStatus(t, p, "Player 1 to move: place a Gyre stone.")
		p.Play("d5")
		wantStatus(t, p, "Player 2 to move: place a Spoke stone.")
		if got, want := p.Record(), "GYRE 5x10 opening3\nc1 c4 c7 b9 swap d5"; got != want {
			t.Errorf("record = %q, want %q", got, want)
		}
		p.Screenshot("gyre-opening-4-after-swap")
	})
	t.Run("computer builds the opening", func(t *testing.T) {
		p := newPage(t, "")
		p.Open(srv.url("/"))
		startOpening(p, "gyre-opening-5-home-computer", idModeComputer, idLevelEasy, idSideSecond)
		p.WaitVisible(byID(idSwapOffer))
		g := p.GyreGame()
		if n := len(g.Record()); n != 4 || g.Variant().K() != 3 {
			t.Fatalf("after the computer's opening: %d stones, variant %q, want 4 stones of opening3", n, g.Variant())
		}
		b := g.Board()
		if b.Stones(gyre.Gyre) != 3 || b.Stones(gyre.Spoke) != 1 {
			t.Errorf("the computer's opening has %d Gyre and %d Spoke stones, want 3 and 1", b.Stones(gyre.Gyre), b.Stones(gyre.Spoke))
		}
		wantStatus(t, p, "Your turn: keep sides and place a Gyre stone, or swap.")
		p.Screenshot("gyre-opening-6-computer-opening")
		p.Play("keep")
		wantStatus(t, p, "Your turn: place a Gyre stone.") // no "or swap" once kept
		p.ClickEmptyCell("c")
		p.WaitMovesAtLeast(6) // our Gyre stone and the computer's Spoke answer
		wantStatus(t, p, "Your turn: place a Gyre stone.")
		p.Screenshot("gyre-opening-7-computer-answers")
	})
	t.Run("computer decides the swap", func(t *testing.T) {
		p := newPage(t, "")
		p.Open(srv.url("/"))
		startOpening(p, "gyre-opening-8-home-first", idModeComputer, idLevelEasy, idSideFirst)
		wantStatus(t, p, "Your turn: place Gyre stone 1 of 3, then one Spoke stone.")
		p.Play("c1", "c4", "c7")
		wantStatus(t, p, "Your turn: place the opening's Spoke stone")
		p.Play("b9")
		p.WaitMovesAtLeast(5) // the computer keeps and places, or swaps
		p.WaitTurnOrResult()
		g := p.GyreGame()
		p.Screenshot("gyre-opening-9-computer-decided")
		t.Logf("the computer answered the opening with %s (swapped: %v)", g.Geometry().MoveName(g.Record()[4]), g.Swapped())
	})
}

// axeAvailable tells whether axe-core is installed for the checks that
// these tests add when it is (TestBrowserAxe insists on it).
func axeAvailable() bool {
	_, err := os.Stat(axePath)
	return err == nil
}
