package main

// Accessibility: axe-core, run inside the page, finds no violation on any
// screen of the app: home, both games in setup and in play, the swap
// offer, the end of a game, the rules with the print-and-play sheets, the
// clocks, the review bar, the sound switch, the computer's think bar, and
// online the waiting screen, the offer, the game and the claim banner.
//
// axe-core comes from npm, pinned in testdata/axe/package.json; .ci/run
// installs it (npm install in that folder). Without it the test skips
// loudly, or fails under GYGY_REQUIRE_BROWSER.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gygy/engine/gyges"
)

// axePath is where npm installs axe-core for the test.
var axePath = filepath.Join("testdata", "axe", "node_modules", "axe-core", "axe.min.js")

var (
	axeOnce sync.Once
	axeSrc  string
	axeErr  error
)

// axeScript returns axe-core's source, or skips the test without it.
func axeScript(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		b, err := os.ReadFile(axePath)
		axeSrc, axeErr = string(b), err
	})
	if axeErr != nil {
		msg := fmt.Sprintf("\n*** AXE TESTS NOT RUN: %v (cd cmd/gygy/testdata/axe && npm install) ***\n", axeErr)
		if os.Getenv("GYGY_REQUIRE_BROWSER") != "" {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(msg)
	}
	return axeSrc
}

// axeViolation is one rule axe-core found broken, with the elements that
// break it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
		HTML    string `json:"html"`
	} `json:"nodes"`
}

// String is the violation as a few readable lines.
func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, %d elements): %s", v.ID, v.Impact, len(v.Nodes), v.Help)
	for i, n := range v.Nodes {
		if i == 5 {
			fmt.Fprintf(&b, "\n    … and %d more", len(v.Nodes)-i)
			break
		}
		html := n.HTML
		if len(html) > 120 {
			html = html[:120] + "…"
		}
		fmt.Fprintf(&b, "\n    %v %s\n      %s", n.Target, html, strings.ReplaceAll(n.Summary, "\n", "\n      "))
	}
	return b.String()
}

// axeRunJS runs axe-core on the whole document and returns its violations
// as JSON.
const axeRunJS = `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`

// Axe runs axe-core on the page, once its animations are over when still
// (else at once), and returns the violations it finds.
func (p *page) Axe(still bool) []axeViolation {
	p.t.Helper()
	if still {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		chromedp.Do(ctx, waitJS(stillJS))
		cancel()
	}
	if !eval[bool](p, `typeof axe === "object"`) {
		eval[bool](p, axeScript(p.t)+";\ntrue")
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(eval[string](p, axeRunJS)), &vs); err != nil {
		p.fail(fmt.Sprintf("reading axe's answer%s: %v", p.on(), err))
	}
	return vs
}

// CheckAxe fails the test (without stopping it) for every violation axe
// finds on the screen, named by what, once the page is still.
func (p *page) CheckAxe(what string) {
	p.t.Helper()
	p.checkAxe(what, true)
}

// CheckAxeNow is CheckAxe on the page as it is, for what is shown only
// while something moves (the computer's think bar).
func (p *page) CheckAxeNow(what string) {
	p.t.Helper()
	p.checkAxe(what, false)
}

func (p *page) checkAxe(what string, still bool) {
	p.t.Helper()
	vs := p.Axe(still)
	if len(vs) == 0 {
		p.t.Logf("axe, %s%s: no violation", what, p.on())
		return
	}
	lines := make([]string, len(vs))
	for i, v := range vs {
		lines[i] = "  " + v.String()
	}
	p.t.Errorf("axe, %s%s: %d violations\n%s", what, p.on(), len(vs), strings.Join(lines, "\n"))
	p.Screenshot("axe-" + strings.ReplaceAll(what, " ", "-"))
}

// TestBrowserAxe walks through every screen at one device, in both games,
// and checks each with axe.
func TestBrowserAxe(t *testing.T) {
	axeScript(t)
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.CheckAxe("home")
	p.Click(idGameGyges)
	p.WaitVisible(byID(idNoDisplace))
	p.CheckAxe("home, Gygès chosen")
	p.Click(idGameGYRE)

	// GYRE with a clock: the swap offer, play, the review, the end.
	p.CustomSize("3", "6")
	p.ChooseClock("5", "2")
	p.CheckAxe("home, custom size and clock")
	p.Click(idStart)
	p.WaitVisible(selGyreBoard)
	p.WaitVisible(selRunningClock)
	p.CheckAxe("GYRE in play, with clocks")
	p.Play("a1")
	p.WaitVisible(byID(idSwapOffer))
	p.CheckAxe("GYRE swap offer")
	p.Play("swap", "b1", "a3")
	p.Click(idReviewFirst)
	p.WaitVisible(byID(idReviewAt))
	p.CheckAxe("GYRE review")
	p.Click(idReviewLast)
	p.WaitLive()
	p.Play("b2", "c3", "b3", "a5", "b4", "c5", "b5", "c1", "b6")
	p.WaitResult()
	p.CheckAxe("GYRE end of game")

	// The rules, and the print-and-play sheets under them.
	p.Click(idNavRules)
	p.WaitVisible(selRulesTitle)
	p.CheckAxe("GYRE rules")
	p.Click(idRulesGyges)
	p.WaitMoreThan(selDiagramPiece, 10)
	p.ScrollTo(selSheets)
	p.CheckAxe("Gygès rules and the print sheets")

	// Gygès: the setup with the tray, a piece picked up, play, the end.
	p.Click(idNavHome)
	p.Click(idGameGyges)
	p.WaitVisible(byID(idNoDisplace))
	p.Click(idStart)
	p.WaitVisible(selGygesBoard + " " + byID(idTray))
	p.CheckAxe("Gygès setup")
	p.Tap(trayPiece(3))
	p.CheckAxe("Gygès setup, a piece picked up")
	p.Tap(p.Square("a1"))
	p.WaitCount(selTrayPiece, 5)
	p.CheckAxe("Gygès setup, a piece placed")
	p.Click(idNavHome)
	g, m := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		return m.IsGoal() && pos.Side() == gyges.South
	})
	p.LoadRecord(g.String())
	p.WaitVisible(selGygesBoard)
	p.CheckAxe("Gygès in play")
	p.Tap(p.Square(m.From.String()))
	p.CheckAxe("Gygès, a piece picked up")
	p.Tap(p.Square(m.From.String()))
	p.DragPiece(p.Square(m.From.String()), goalOf("north"))
	p.WaitResult()
	p.CheckAxe("Gygès end of game")

	// Against the computer, which moves first: its think bar.
	p.Click(idNewGame)
	p.StartGame(idGameGYRE, idSize5x10, idModeComputer, idLevelHard, idSideSecond)
	p.WaitVisible(byID(idThinkBar))
	p.CheckAxeNow("the computer thinking")
}

// testOnlineAxe (run from TestBrowserOnline, in its network namespace)
// checks the screens of online play: the host's waiting screen with the
// link and the QR code, the guest's offer, the game with clocks on both
// pages, and the host's banner once the guest has gone.
func testOnlineAxe(t *testing.T) {
	axeScript(t)
	srv, a, b := startRig(t)
	link := hostCustom(t, a, srv, "3", "6", "5", "2")
	a.CheckAxe("online waiting screen")
	b.Open(link)
	b.WaitVisible(byID(idOnlineOffer))
	b.CheckAxe("online offer")
	b.Click(idAccept)
	for _, p := range []*page{b, a} {
		p.WaitConnected()
		p.WaitVisible(selGyreBoard)
	}
	a.WaitLive()
	a.CheckAxe("online game, my turn")
	b.CheckAxe("online game, the opponent's turn")
	if a.Has(byID(idHint)) || b.Has(byID(idHint)) {
		t.Error("a Hint offered in an online game") // hints are for games at one device only
	}
	a.Cell("a1").Click()
	b.WaitMoves(1)
	b.Navigate("about:blank")
	a.WaitVisible(byID(idAway))
	a.CheckAxe("online game, the opponent gone")
}
