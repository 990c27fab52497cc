package main

// The page object's screens: the home screen, the game screen around the
// board, and the connection of online play.

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// StartGame presses the home screen's choices and then Start.
func (p *page) StartGame(choices ...string) {
	p.t.Helper()
	for _, id := range choices {
		p.WaitVisible(byID(id))
		if p.Attr(byID(id), "aria-pressed") != "" {
			p.Choose(id)
		} else {
			p.WaitInPlace(byID(id))
			p.Click(id)
		}
	}
	p.WaitInPlace(byID(idStart))
	p.Click(idStart)
}

// Choose presses a choice button of the home screen once, as a person
// does who presses what they see: after the form has stopped moving (a
// choice redraws it, and the Start at the top says what it starts, which
// may take another line). A press that does not show the choice as
// chosen fails the test: it is not pressed again.
func (p *page) Choose(id string) {
	p.t.Helper()
	p.WaitInPlace(byID(id))
	p.Click(id)
	p.Wait("chosen "+id, fmt.Sprintf(`document.getElementById(%q).getAttribute("aria-pressed") === "true"`, id))
}

// LoadRecord types a record into the home screen's loader and loads it.
func (p *page) LoadRecord(record string) {
	p.t.Helper()
	p.WaitVisible(byID(idRecordIn))
	p.SetInput(idRecordIn, record)
	p.Click(idLoad)
}

// Record is the game's record as the page shows it.
func (p *page) Record() string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).value`, idRecord))
}

// GygesGame replays the record the page shows.
func (p *page) GygesGame() *gyges.Game {
	p.t.Helper()
	return replay(p, gyges.ParseRecord)
}

// GyreGame replays the record the page shows.
func (p *page) GyreGame() *gyre.Game {
	p.t.Helper()
	return replay(p, gyre.ParseRecord)
}

// replay parses the record the page shows; a record the page shows that
// the engine cannot read fails the test.
func replay[G any](p *page, parse func(string) (G, error)) G {
	p.t.Helper()
	text := p.Record()
	g, err := parse(text)
	if err != nil {
		p.fail(fmt.Sprintf("the record %q%s: %v", text, p.on(), err))
	}
	return g
}

// Moves is the length of the move list (setups included).
func (p *page) Moves() int {
	p.t.Helper()
	return p.Count(selMoves)
}

// WaitMoves waits until the move list holds exactly n actions.
func (p *page) WaitMoves(n int) {
	p.t.Helper()
	p.WaitCount(selMoves, n)
}

// WaitMovesAtLeast waits until the move list holds n actions or more.
func (p *page) WaitMovesAtLeast(n int) {
	p.t.Helper()
	p.WaitMoreThan(selMoves, n-1)
}

// Over tells whether the page shows a result.
func (p *page) Over() bool {
	p.t.Helper()
	return p.Has(byID(idResult))
}

// WaitResult waits until the page shows a result.
func (p *page) WaitResult() {
	p.t.Helper()
	p.WaitVisible(byID(idResult))
}

// Live tells whether the board takes the player's input: the player's turn.
func (p *page) Live() bool {
	p.t.Helper()
	return p.Has(selLive)
}

// WaitLive waits for the player's turn.
func (p *page) WaitLive() {
	p.t.Helper()
	p.WaitVisible(selLive)
}

// WaitTurnOrResult waits for the player's turn or the end of the game.
func (p *page) WaitTurnOrResult() {
	p.t.Helper()
	p.Wait("my turn or the result", fmt.Sprintf(`%s !== null || document.getElementById(%q) !== null`, jsEl(selLive), idResult))
}

// WaitStill waits until the page's animations are over.
func (p *page) WaitStill() {
	p.t.Helper()
	p.Wait("animations over", stillJS)
}

// stillJS is true when nothing on the page moves: no animation runs but a
// notice's fading on a phone (which moves nothing, and stays "in effect"
// once over, holding its end).
const stillJS = `document.getAnimations().every(a => a.animationName === "notice-goes")`

// Animating tells whether something on the page is being animated.
func (p *page) Animating() bool {
	p.t.Helper()
	return !eval[bool](p, stillJS)
}

// Undo and Redo press the buttons of the same names.
func (p *page) Undo() { p.t.Helper(); p.Click(idUndo) }
func (p *page) Redo() { p.t.Helper(); p.Click(idRedo) }

// Pause gives the page 300 ms to do what a check says it must not do.
func (p *page) Pause() {
	p.t.Helper()
	p.Do("pause", chromedp.Sleep(300*time.Millisecond))
}

// Emulate makes the page a screen of the given size, a phone's (with
// touch) when mobile, for the pages it loads next.
func (p *page) Emulate(width, height int64, mobile bool) {
	p.t.Helper()
	p.Do(fmt.Sprintf("a %d×%d screen", width, height), emulate(width, height, mobile))
}

// Resize turns the app's page into a screen of the given size and waits
// until the page has taken it.
func (p *page) Resize(width, height int64, mobile bool) {
	p.t.Helper()
	p.Do(fmt.Sprintf("resize to %d×%d", width, height), emulate(width, height, mobile),
		waitJS(fmt.Sprintf(`window.innerWidth === %d`, width)))
}

func emulate(width, height int64, mobile bool) chromedp.Action[chromedp.Void] {
	var opts []chromedp.EmulateViewportOption
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.EmulateViewport(width, height, opts...)
}

// BoardFits tells whether the board is wholly on screen, at least frac of
// the screen's short side (in width for GYRE, in height for Gygès), and the
// page does not scroll.
func (p *page) BoardFits(board string, frac float64) bool {
	p.t.Helper()
	side := "width"
	if board == selGygesBoard {
		side = "height"
	}
	return eval[bool](p, fmt.Sprintf(`(() => {
		const r = %s.getBoundingClientRect();
		const d = document.documentElement;
		return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 &&
			r.%s > %v * Math.min(innerWidth, innerHeight) &&
			d.scrollHeight <= innerHeight + 1 && d.scrollWidth <= innerWidth + 1;
	})()`, jsEl(board), side, frac))
}

// OnScreen tells whether an element is wholly within the screen's height.
func (p *page) OnScreen(id string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => {
		const r = document.getElementById(%q).getBoundingClientRect();
		return r.bottom <= innerHeight && r.top >= 0;
	})()`, id))
}

// WaitInPlace waits until an element has stayed in one place and size for
// five frames in a row (a scroll or a layout in flight has ended), so that
// a press aimed at it lands on it.
func (p *page) WaitInPlace(sel string) {
	p.t.Helper()
	p.Wait(sel+" still", fmt.Sprintf(`new Promise(done => {
		const el = %s;
		if (!el) { done(false); return; }
		let last = "", same = 0;
		const look = () => {
			const r = el.getBoundingClientRect(), at = [r.x, r.y, r.width, r.height].join(",");
			same = at === last ? same + 1 : 0;
			last = at;
			if (same >= 5) done(true); else requestAnimationFrame(look);
		};
		requestAnimationFrame(look);
	})`, jsEl(sel)))
}

// ScrollTo scrolls an element to the middle of the screen.
func (p *page) ScrollTo(sel string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`%s.scrollIntoView({block: "center"}), true`, jsEl(sel)))
}

// The connection, online.

// watchJS records, in the page, when the pointer was last released and
// when the move list grew to each length (the two ends of a move's trip),
// and every connection state the page shows.
var watchJS = fmt.Sprintf(`(() => {
  if (window.__mon) return true;
  const now = () => performance.timeOrigin + performance.now();
  const count = () => document.querySelectorAll(%q).length;
  const mon = window.__mon = {up: 0, shown: {}, last: count(), states: [], state: ""};
  document.addEventListener("pointerup", () => { mon.up = now(); }, true);
  new MutationObserver(() => {
    const n = count();
    if (n > mon.last) mon.shown[n] = now();
    mon.last = n;
    const cs = document.getElementById(%q);
    const state = cs ? cs.className + ": " + cs.textContent : "(no #%s)";
    if (state !== mon.state) {
      mon.state = state;
      mon.states.push(state);
    }
  }).observe(document.documentElement, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["class"]});
  return true;
})()`, selMoves, idConnState, idConnState)

// Watch starts recording, in the page, the connection states it shows and
// the times of the moves (until the page is loaded again).
func (p *page) Watch() {
	p.t.Helper()
	eval[bool](p, watchJS)
}

// ConnStates are the connection states the page showed since Watch or the
// last call, each "class: text".
func (p *page) ConnStates() []string {
	p.t.Helper()
	return eval[[]string](p, `window.__mon ? window.__mon.states.splice(0) : []`)
}

// moveTimes are, in milliseconds since the epoch, when the pointer was last
// released on the page and when its move list grew to n; 0 for unknown.
func (p *page) moveTimes(n int) (up, shown float64) {
	p.t.Helper()
	up = eval[float64](p, `window.__mon ? window.__mon.up : 0`)
	shown = eval[float64](p, fmt.Sprintf(`window.__mon && window.__mon.shown[%d] || 0`, n))
	return up, shown
}

// Connected tells whether the page's data channel is open.
func (p *page) Connected() bool {
	p.t.Helper()
	return p.Has(selConnected)
}

// WaitConnected waits until the page's data channel is open.
func (p *page) WaitConnected() {
	p.t.Helper()
	p.Wait("connected", fmt.Sprintf("%s !== null", jsEl(selConnected)))
}

// ConnState is what the page says of its connection.
func (p *page) ConnState() string {
	p.t.Helper()
	return p.Text(byID(idConnState))
}

// WaitLink waits for the share link of an online game and returns it.
func (p *page) WaitLink() string {
	p.t.Helper()
	p.Wait("share link", fmt.Sprintf(`!!document.getElementById(%[1]q) && document.getElementById(%[1]q).value.includes("room=")`, idOnlineLink))
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).value`, idOnlineLink))
}

// ShowsQR tells whether the page shows a QR code drawn in SVG, at least
// 50 pixels wide.
func (p *page) ShowsQR() bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => { const q = document.getElementById(%q); return !!q && q.tagName.toLowerCase() === "svg" && q.getBoundingClientRect().width > 50; })()`, idQR))
}

// AllowClipboard lets the page read and write the clipboard.
func (p *page) AllowClipboard() {
	p.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(p.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted,
		}); err != nil {
			p.fail(fmt.Sprintf("allowing %s: %v", name, err))
		}
	}
}

// Clipboard is the text on the clipboard.
func (p *page) Clipboard() string {
	p.t.Helper()
	return eval[string](p, `navigator.clipboard.readText()`)
}

// WaitText waits until an element's text is want.
func (p *page) WaitText(sel, want string) {
	p.t.Helper()
	p.Wait(sel+" says "+want, fmt.Sprintf(`%[1]s !== null && %[1]s.textContent === %[2]q`, jsEl(sel), want))
}

// FetchSheet fetches a print-and-play sheet from the rules' link to it, as
// the page would, and returns the status and the first 40 characters of
// the body.
func (p *page) FetchSheet(file string) string {
	p.t.Helper()
	sel := fmt.Sprintf(`%s[href$=%q]`, selSheets, file)
	return eval[string](p, fmt.Sprintf(`(async () => {
		const r = await fetch(%s.href);
		return r.status + " " + (await r.text()).slice(0, 40);
	})()`, jsEl(sel)))
}

// Location is the page's path and query.
func (p *page) Location() string {
	p.t.Helper()
	return eval[string](p, `location.pathname + location.search`)
}

// Env is a setting the server gave the app.
func (p *page) Env(name string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`goappEnv[%q]`, name))
}

// The service worker and updates.

// WaitServiceWorker waits until the page is served by the app's worker.
func (p *page) WaitServiceWorker() {
	p.t.Helper()
	p.Wait("service worker", `navigator.serviceWorker.controller !== null`)
}

// ServedByWorker tells whether the page is served by the app's worker.
func (p *page) ServedByWorker() bool {
	p.t.Helper()
	return eval[bool](p, `navigator.serviceWorker.controller !== null`)
}

// WaitWorkerReady waits until the app's worker is active.
func (p *page) WaitWorkerReady() {
	p.t.Helper()
	p.Wait("service worker ready", `navigator.serviceWorker.ready.then(() => true)`)
}

// CountUpdateNotices counts from now on the notices of a new version the
// page gets (see UpdateNotices).
func (p *page) CountUpdateNotices() {
	p.t.Helper()
	eval[bool](p, `(() => { window.__updates = 0; const f = window.goappOnUpdate; window.goappOnUpdate = () => { window.__updates++; f(); }; return true; })()`)
}

// UpdateNotices is the number of notices counted since CountUpdateNotices.
func (p *page) UpdateNotices() int {
	p.t.Helper()
	return eval[int](p, `window.__updates`)
}

// WaitUpdateInstalled asks the app to look for a new version and waits
// until the worker of that version is active with its app.wasm cached.
func (p *page) WaitUpdateInstalled(version string) {
	p.t.Helper()
	p.Do("update check", chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`(goappTryUpdate(), true)`)(c, tg)
		return err
	}), waitJS(fmt.Sprintf(`navigator.serviceWorker.getRegistration().then((r) => !r.installing && !r.waiting && r.active &&
		caches.open("app-%s").then((c) => c.match("/web/app.wasm")).then((m) => !!m))`, version)))
}

// WaitVersion waits until the app of a version runs on the page.
func (p *page) WaitVersion(version string) {
	p.t.Helper()
	p.Do("version "+version, waitJS(fmt.Sprintf(`typeof goappEnv !== "undefined" && goappEnv.GOAPP_VERSION === %q`, version)), appReady)
}
