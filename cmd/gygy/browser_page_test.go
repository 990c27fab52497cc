package main

// The page object: one browser page of the app, driven as a player drives
// it. Every selector of the app's DOM the browser tests use is named in the
// constants below and nowhere else, and every wait is bounded by
// stepTimeout and, when it fails, takes a screenshot of the page and of its
// opponent's page before stopping the test. The boards (GYRE's cells,
// Gygès's squares, the mouse and the finger) are in browser_boards_test.go.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// stepTimeout bounds every step a test takes on a page.
const stepTimeout = 60 * time.Second

// The app's DOM. Ids are given without "#"; sel* are CSS selectors.
const (
	// The app's frame.
	idLoader  = "app-wasm-loader"
	selShell  = ".shell"
	idStatus  = "status"
	idResult  = "result"
	idNotice  = "notice"
	idMoves   = "moves"
	selMoves  = "#moves li"
	idRecord  = "record-out"
	idUndo    = "undo"
	idRedo    = "redo"
	idCopy    = "copy"
	idCopied  = "copied"
	idNewGame = "new-game"

	// The home screen. The choices are buttons clicked by id.
	idStart        = "start"
	idGameGYRE     = "game-gyre"
	idGameGyges    = "game-gyges"
	idModeOnline   = "mode-online"
	idModeComputer = "mode-computer"
	idLevelEasy    = "level-easy"
	idLevelMedium  = "level-medium"
	idLevelHard    = "level-hard"
	idSize5x10     = "size-5x10"
	idSizeCustom   = "size-custom"
	idSideFirst    = "side-true"  // the player moves first (South, player 1)
	idSideSecond   = "side-false" // the player moves second
	idNoDisplace   = "nodisplace" // Gygès without replacing
	idRings        = "rings"
	idCols         = "cols"
	idRecordIn     = "record-in"
	idLoad         = "load"
	selHomeError   = ".home .error"
	idResume       = "resume"
	idUpdate       = "update"
	idUpdateNow    = "update-now"

	// Navigation and the rules.
	idNavRules      = "nav-rules"
	idNavHome       = "nav-home"
	idRulesGyges    = "rules-gyges"
	selRules        = "main.rules"
	selRulesTitle   = "main.rules h1"
	selDiagram      = "figure.diagram"
	selDiagramPiece = "figure.diagram svg .piece"
	selSheets       = "#sheets a"

	// Online play.
	idOnlineLink     = "online-link"
	idConnState      = "conn-state"
	selConnected     = "#conn-state.connected"
	classReconnect   = "reconnecting"
	idQR             = "qr"
	idCopyLink       = "copy-link"
	idOnlineOffer    = "online-offer"
	idAccept         = "accept"
	idRematch        = "rematch"
	idRematchRequest = "rematch-request"
	idRematchYes     = "rematch-yes"
	idUndoRequest    = "undo-request"
	idUndoRefuse     = "undo-refuse"
	idUndoAllow      = "undo-allow"
	idLeave          = "leave"
	idPass           = "pass"
	idLeaveYes       = "leave-yes"
	idAbortYes       = "abort-yes"
	idOnlineBack     = "online-back"   // home: back to the online game on this page
	idResumeOnline   = "resume-online" // home: resume the saved online game
	idNoHub          = "no-hub"        // the lobby when the signalling server cannot be reached
	idOnlineRetry    = "online-retry"
	idInsteadNearby  = "instead-nearby"
	idInsteadByLink  = "instead-bylink"

	// Nearby play, without a server: the pairing by codes.
	idModeNearby     = "mode-nearby"
	idNearbyJoin     = "nearby-join"      // home: read the other device's code
	idNearbyCode     = "nearby-code"      // this device's code, grouped text
	idNearbyIn       = "nearby-in"        // the field for the other device's code
	idNearbyReadCode = "nearby-read-code" // reads it
	idNearbyNewCode  = "nearby-new-code"
	idNearbyError    = "nearby-error"
	idNearbyShow     = "nearby-show" // pair again: show this device's code
	idNearbyRead     = "nearby-read" // pair again: read the other's
	idNearbyLost     = "nearby-lost" // the offer to pair again
	idNearbyCamera   = "nearby-camera"
	idNearbyVideo    = "nearby-video"

	// The GYRE board.
	selGyreBoard = "svg.board"
	selGyreCell  = "svg.board .cell"
	selEmptyCell = "svg.board .cell.empty"
	selWinCell   = ".cell.win"
	classEmpty   = "empty"   // a cell without a stone
	classSpoke   = "spoke"   // a cell with a Spoke stone
	classGyre    = "gyre"    // a cell with a Gyre stone
	classPending = "pending" // a cell marked by a first tap
	idSwapOffer  = "swap-offer"
	idSwap       = "swap"
	idKeep       = "keep"

	// The Gygès board.
	selGygesBoard   = "svg.gyges-board"
	idTray          = "tray"
	selTrayPiece    = "#tray .piece"
	idSetupConfirm  = "setup-confirm"
	idReplaceChoice = "replace-choice"
	idReplaceCancel = "replace-cancel"
	idTrail         = "trail"
	idGoalPiece     = "piece-goal"
	classFlipped    = "flipped"
	classTarget     = "target" // a square the piece picked up can reach
	classDrop       = "drop"   // a square a displaced piece can be put on

	// Clocks, review, sounds, abort and claims.
	idClockCustom    = "clock-custom"
	idClockMinutes   = "clock-minutes"
	idClockIncrement = "clock-increment"
	idReview         = "review"
	idReviewFirst    = "review-first"
	idReviewBack     = "review-back"
	idReviewForward  = "review-forward"
	idReviewLast     = "review-last"
	idReviewAt       = "review-at"
	idSound          = "sound"
	idAbort          = "abort"
	idResign         = "resign"
	idAway           = "away"
	idClaim          = "claim"
	idThinkBar       = "think-bar"
	selRunningClock  = ".clock.running"

	// My games (issue 48): the list's buttons, and the question before a
	// game opened from it replaces the one in progress.
	selGamesOpen   = ".games-open"
	selGamesTitle  = ".games-title"
	idOpenQuestion = "open-question"
	idOpenReplace  = "open-replace"
	idOpenKeep     = "open-keep"
	idReplaceAsk   = "replace-question" // the home screen's, before Start replaces a game
	idSeatSouth    = "seat-south"
	idSeatNorth    = "seat-north"

	// Either board, when it takes the player's input.
	selLive = "svg.board.live, svg.gyges-board.live"

	// The analysis chart's dots (their titles say "Move 4: blunder") and
	// its legend.
	selChartMarkTitles = "#analysis-chart circle.chart-mark title"
	idAnalysisLegend   = "analysis-legend"

	// Under the Gygès board: why a tap did nothing.
	idRefused = "refused"

	// A puzzle's board and its task.
	selPuzzleBoard = "main.puzzles .learn-board svg"
	idPuzzleTask   = "puzzle-task"

	// The Gygès hint on the board: its path (data-move) and drop square.
	idHintPath = "hint-path"
	idHintDrop = "hint-drop"
)

// byID is the CSS selector of an element id.
func byID(id string) string { return "#" + id }

// jsEl is a JavaScript expression for the element a selector finds.
func jsEl(sel string) string { return fmt.Sprintf("document.querySelector(%q)", sel) }

// page is one player's browser page.
type page struct {
	t      *testing.T
	name   string // "" for a test with one page; "A" (host) or "B" (guest) online
	ctx    context.Context
	other  *page // the opponent's page online, for the screenshots on failure
	policy *policyWatch
}

// newPage starts Chromium with a fresh profile (and extra flags) and
// returns its page. Every page watches for breaches of the app's security
// policies (browser_policy_test.go): the test fails at its end if the page
// reported any.
func newPage(t *testing.T, name string, extra ...chromedp.ExecAllocatorOption) *page {
	t.Helper()
	p := &page{t: t, name: name, ctx: newBrowserWith(t, extra...)}
	p.watchPolicy()
	return p
}

// pair makes two pages each other's opponent.
func pair(a, b *page) (*page, *page) {
	a.other, b.other = b, a
	return a, b
}

// Do runs chromedp actions on the page within stepTimeout; on failure it
// takes screenshots and stops the test, naming the step.
func (p *page) Do(step string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.fail(fmt.Sprintf("%s%s: %v", step, p.on(), err))
	}
}

// on names the page in a message: " (page A)", or nothing.
func (p *page) on() string {
	if p.name == "" {
		return ""
	}
	return " (page " + p.name + ")"
}

// fail takes screenshots of the page and its opponent's and stops the test.
func (p *page) fail(msg string) {
	p.t.Helper()
	name := "failed-" + strings.ReplaceAll(p.t.Name(), "/", "-")
	for _, q := range []*page{p, p.other} {
		if q == nil {
			continue
		}
		if q.name == "" {
			q.Screenshot(name)
		} else {
			q.Screenshot(name + "-" + q.name)
		}
		q.logText()
	}
	p.t.Fatal(msg)
}

// logText logs the page's address and the words it shows, for a failure
// read in a log without its screenshots (CI's).
func (p *page) logText() {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + "\n" + document.body.innerText.slice(0, 1500)`))
	if err != nil {
		p.t.Logf("the text of the page%s: %v", p.on(), err)
		return
	}
	p.t.Logf("the page%s shows: %s", p.on(), shown)
}

// Screenshot saves a picture of the page in the test's output folder.
func (p *page) Screenshot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(testOut(p.t), name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Error(err)
	}
	p.t.Logf("screenshot: %s", path)
}

// ScreenshotStill saves a picture once the page's animations are over, or
// after five seconds.
func (p *page) ScreenshotStill(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	chromedp.Do(ctx, waitJS(stillJS))
	cancel()
	p.Screenshot(name)
}

// eval evaluates a JavaScript expression on the page (awaiting a promise).
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail(fmt.Sprintf("evaluating %s%s: %v", expr, p.on(), err))
	}
	return v
}

// waitJS polls a JavaScript expression until it is true or the context
// ends. Errors while the page is being replaced (no execution context yet)
// count as "not yet".
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		var last error
		for {
			ok, err := chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise)(ctx, tg)
			if err == nil && ok {
				return nil
			}
			if err != nil {
				last = err
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("timed out waiting for %s (last error: %v)", expr, last)
			case <-time.After(30 * time.Millisecond):
			}
		}
	})
}

// appReady waits until the WebAssembly program has taken over the page.
var appReady = waitJS(fmt.Sprintf(`document.getElementById(%q) === null && %s !== null`, idLoader, jsEl(selShell)))

// Wait waits until a JavaScript condition holds (it may be a promise).
func (p *page) Wait(step, cond string) {
	p.t.Helper()
	p.Do(step, waitJS(cond))
}

// WaitLong waits longer than a step may, up to d, until an element is
// shown: for what a test waits on by the clock (a grace period).
func (p *page) WaitLong(step, sel string, d time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
		p.fail(fmt.Sprintf("%s%s: %v", step, p.on(), err))
	}
}

// WaitVisible waits until an element is shown.
func (p *page) WaitVisible(sel string) {
	p.t.Helper()
	p.Do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// WaitGone waits until no element matches.
func (p *page) WaitGone(sel string) {
	p.t.Helper()
	p.Do("wait until "+sel+" is gone", chromedp.WaitNotPresent(chromedp.CSS(sel)))
}

// Appears waits up to stepTimeout for an element and tells whether it
// came, for a test that says more than "timed out" when it does not.
func (p *page) Appears(sel string) bool {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	return chromedp.Do(ctx, waitJS(fmt.Sprintf("%s !== null", jsEl(sel)))) == nil
}

// Has tells whether an element is on the page.
func (p *page) Has(sel string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf("%s !== null", jsEl(sel)))
}

// Count is the number of elements a selector finds.
func (p *page) Count(sel string) int {
	p.t.Helper()
	return eval[int](p, fmt.Sprintf("document.querySelectorAll(%q).length", sel))
}

// WaitCount waits until a selector finds exactly n elements.
func (p *page) WaitCount(sel string, n int) {
	p.t.Helper()
	p.Wait(fmt.Sprintf("%d of %s", n, sel), fmt.Sprintf(`document.querySelectorAll(%q).length === %d`, sel, n))
}

// WaitMoreThan waits until a selector finds more than n elements.
func (p *page) WaitMoreThan(sel string, n int) {
	p.t.Helper()
	p.Wait(fmt.Sprintf("more than %d of %s", n, sel), fmt.Sprintf(`document.querySelectorAll(%q).length > %d`, sel, n))
}

// HasClass tells whether the element an id names has a class.
func (p *page) HasClass(id, class string) bool {
	p.t.Helper()
	return eval[bool](p, jsHasClass(id, class))
}

func jsHasClass(id, class string) string {
	return fmt.Sprintf(`!!document.getElementById(%q) && document.getElementById(%q).classList.contains(%q)`, id, id, class)
}

// Text is the text of an element shown on the page.
func (p *page) Text(sel string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel), chromedp.NodeVisible))
	if err != nil {
		p.fail(fmt.Sprintf("text of %s%s: %v", sel, p.on(), err))
	}
	return s
}

// Status, Result and Notice are the lines the game screen shows.
func (p *page) Status() string { p.t.Helper(); return p.Text(byID(idStatus)) }
func (p *page) Result() string { p.t.Helper(); return p.Text(byID(idResult)) }
func (p *page) Notice() string { p.t.Helper(); return p.Text(byID(idNotice)) }

// WaitNotice waits until the notice line says something containing want.
func (p *page) WaitNotice(want string) {
	p.t.Helper()
	p.Wait("notice "+want, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent?.includes(%q)`, idNotice, want))
}

// Click clicks the button (or any element) with an id.
func (p *page) Click(id string) {
	p.t.Helper()
	p.Do("click "+id, click(byID(id)))
}

func click(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)
}

// Enabled tells whether a button can be pressed.
func (p *page) Enabled(id string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`!document.getElementById(%q).disabled`, id))
}

// ClickWhenEnabled waits until a button can be pressed and presses it.
func (p *page) ClickWhenEnabled(id string) {
	p.t.Helper()
	p.Do("press "+id, waitJS(fmt.Sprintf(`!document.getElementById(%q).disabled`, id)), click(byID(id)))
}

// SetInput types a value into an input as a person would, firing "input".
func (p *page) SetInput(id, value string) {
	p.t.Helper()
	sel := byID(id)
	p.Do("type into "+id, chromedp.SetValue(chromedp.CSS(sel), value), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`%s.dispatchEvent(new Event("input", {bubbles: true}))`, jsEl(sel)))(ctx, tg)
		return err
	}))
}

// Open loads a address and waits for the app.
func (p *page) Open(url string) {
	p.t.Helper()
	p.Do("open "+url, chromedp.Navigate(url), appReady)
}

// Navigate loads an address without waiting for the app.
func (p *page) Navigate(url string) {
	p.t.Helper()
	p.Do("navigate to "+url, chromedp.Navigate(url))
}

// Reload reloads the page and waits for the app.
func (p *page) Reload() {
	p.t.Helper()
	p.Do("reload", chromedp.Reload(), appReady)
}
