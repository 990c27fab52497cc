package main

// Nearby play, without a server, in two browsers: both load the app once,
// then the app's server stops (the service worker serves it from then
// on) and the two pages pair by copying the text of their codes from one
// page to the other, as two people would by typing or pasting. They play
// a whole GYRE game, then pair again for Gygès, this time through every
// wrong code the lobby must explain (own code, not a code, cut short,
// another version, read twice, an answer to an older offer) and a new
// offer. It runs inside TestBrowserOnline's network namespace. Then a
// third pairing reads the QR code by a fake camera.

import (
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	paircode "gygy/app/pair"
	"gygy/engine/gyges"
)

// testNearby: pairing by text codes, then by the camera
// (browser_nearby_camera_test.go).
func testNearby(t *testing.T, fig *onlineFigures) {
	t.Run("text", func(t *testing.T) { nearbyText(t, fig) })
	t.Run("camera", func(t *testing.T) { nearbyCamera(t, fig) })
}

// nearbyText: the app is loaded, the server stopped, two games played.
func nearbyText(t *testing.T, fig *onlineFigures) {
	srv, a, b := nearbyRig(t)
	for _, p := range []*page{a, b} {
		p.Open(srv.url("/"))
		if !p.Has(byID(idModeNearby)) {
			t.Skip("the app has no nearby mode yet (#mode-nearby is missing)")
		}
		p.WaitWorkerReady()
		p.Reload() // from now on the worker serves the page
		p.WaitServiceWorker()
	}
	srv.stop()
	if _, err := http.Get(srv.url("/")); err == nil {
		t.Fatal("the app's server still answers after stop")
	}
	for _, p := range []*page{a, b} {
		p.Reload() // offline: served by the worker alone
		p.Watch()
	}
	nearbyGyre(t, fig, a, b)
	for _, p := range []*page{a, b} {
		p.Click(idLeave)
		p.WaitVisible(byID(idStart))
	}
	nearbyGyges(t, fig, a, b)
}

// nearbyRig is startRig, or with GYGY_NEARBY_MDNS=1 (an experiment, not
// in make test) the two browsers hide their addresses behind mDNS names,
// as browsers do by default, to see whether the names resolve here.
func nearbyRig(t *testing.T) (*server, *page, *page) {
	t.Helper()
	if os.Getenv("GYGY_NEARBY_MDNS") == "" {
		return startRig(t)
	}
	srv := onlineServer(t)
	origin := srv.url("")
	flags := []chromedp.ExecAllocatorOption{
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("unsafely-treat-insecure-origin-as-secure", origin),
	}
	a, b := pair(newPage(t, "A", flags...), newPage(t, "B", flags...))
	return srv, a, b
}

// showCode chooses a game on the home screen of the first device and
// shows its code; it returns the code's text.
func showCode(t *testing.T, p *page, choices ...string) string {
	t.Helper()
	p.Choose(idModeNearby)
	for _, id := range choices {
		p.Choose(id)
	}
	p.Click(idStart)
	p.WaitVisible(byID(idNearbyCode))
	if !p.ShowsQR() {
		t.Errorf("%s shows its code without a QR code (svg #%s)", p.name, idQR)
	}
	return p.Text(byID(idNearbyCode))
}

// readCode pastes a code into the page's field and reads it.
func (p *page) readCode(code string) {
	p.t.Helper()
	p.SetInput(idNearbyIn, code)
	p.Click(idNearbyReadCode)
}

// WaitPairingError waits until the lobby explains a wrong code with words
// containing want.
func (p *page) WaitPairingError(want string) {
	p.t.Helper()
	p.Wait("the pairing error "+want, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent?.includes(%q)`, idNearbyError, want))
}

// joinByCode opens the reading screen on the second device, reads the
// offer and returns the answer's text.
func joinByCode(t *testing.T, p *page, offer string) string {
	t.Helper()
	p.Choose(idModeNearby)
	p.Click(idNearbyJoin)
	p.WaitVisible(byID(idNearbyIn))
	return joinByCodeAgain(p, offer)
}

// waitNewCode waits until the page shows a code other than old.
func (p *page) waitNewCode(old string) string {
	p.t.Helper()
	p.Wait("a new code", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent !== %q`, idNearbyCode, old))
	return p.Text(byID(idNearbyCode))
}

// connect waits until both pages are connected, B accepts the game
// offered and both show the board.
func connect(a, b *page, board string) {
	for _, p := range []*page{a, b} {
		p.WaitConnected()
	}
	b.WaitVisible(byID(idOnlineOffer))
	b.Click(idAccept)
	for _, p := range []*page{a, b} {
		p.WaitVisible(board)
	}
}

// logCode logs a code's sizes: bytes, characters, digits, QR version.
func logCode(t *testing.T, p *page, what, text string) {
	t.Helper()
	c, err := paircode.Parse(text)
	if err != nil {
		t.Fatalf("%s's %s %q does not parse: %v", p.name, what, text, err)
	}
	bin, _ := c.MarshalBinary()
	version := p.Attr(byID(idQR), "data-version")
	t.Logf("%s's %s: %d bytes, %d characters (%d grouped), %d digits, QR version %s at level M, %d candidates %v",
		p.name, what, len(bin), len(c.String()), len(text), len(c.Digits()), version, len(c.Candidates), c.Candidates)
	if v := version; v == "" || len(v) > 1 || v > "6" {
		t.Errorf("%s's %s needs a QR code of version %q, want 6 at most", p.name, what, v)
	}
}

// nearbyGyre pairs the two devices for GYRE 5 × 10, timing it, and plays
// the game to its end.
func nearbyGyre(t *testing.T, fig *onlineFigures, a, b *page) {
	start := time.Now()
	offer := showCode(t, a, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	shown := time.Now()
	tallShot(a, "nearby-1-offer-A")
	logCode(t, a, "offer", offer)
	answer := joinByCode(t, b, offer)
	answered := time.Now()
	tallShot(b, "nearby-2-answer-B")
	logCode(t, b, "answer", answer)
	a.readCode(answer)
	read := time.Now()
	connect(a, b, selGyreBoard)
	t.Logf("nearby GYRE: code made in %v; first code shown -> connected and accepted %v (answer made %v, answer read -> connected %v)",
		shown.Sub(start).Round(time.Millisecond), time.Since(shown).Round(time.Millisecond),
		answered.Sub(shown).Round(time.Millisecond), time.Since(read).Round(time.Millisecond))
	for ply := 0; !a.GyreGame().Over(); ply++ {
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		if ply == 4 {
			pairAgainMidGame(t, a, b)
		}
		gyrePly(t, fig, a, b, ply)
	}
	finish(t, a, b, "nearby-gyre")
	t.Logf("nearby GYRE record: %q", a.Record())
	resultShown(t, a, b)
}

// pairAgainMidGame reloads B's page mid-game: with no server to meet
// again through, A's page says the connection is lost, and the two pair
// again, B offering this time; the game goes on where it was.
func pairAgainMidGame(t *testing.T, a, b *page) {
	t.Helper()
	before := a.Record()
	start := time.Now()
	b.Reload()
	b.WaitVisible(byID(idNearbyShow))
	a.WaitLong("the connection lost", byID(idNearbyLost), 2*time.Minute)
	t.Logf("nearby: B reloaded; A saw the connection lost after %v: %q", time.Since(start).Round(time.Millisecond), a.ConnState())
	a.Screenshot("nearby-4-lost-A")
	b.Click(idNearbyShow)
	b.WaitVisible(byID(idNearbyCode))
	offer := b.Text(byID(idNearbyCode))
	a.Click(idNearbyRead)
	a.WaitVisible(byID(idNearbyIn))
	answer := joinByCodeAgain(a, offer)
	b.readCode(answer)
	for _, p := range []*page{a, b} {
		p.WaitConnected()
		p.WaitVisible(selGyreBoard)
	}
	t.Logf("nearby: paired again %v after the reload", time.Since(start).Round(time.Millisecond))
	b.Watch()
	for _, p := range []*page{a, b} {
		if got := p.Record(); got != before {
			t.Fatalf("after pairing again %s's record is %q, want %q", p.name, got, before)
		}
	}
}

// joinByCodeAgain reads an offer on a page that shows the reader and
// returns its answer.
func joinByCodeAgain(p *page, offer string) string {
	p.t.Helper()
	p.readCode(offer)
	p.WaitVisible(byID(idNearbyCode))
	return p.Text(byID(idNearbyCode))
}

// nearbyGyges pairs the devices again through every wrong code, then
// plays Gygès through both setups to the end.
func nearbyGyges(t *testing.T, fig *onlineFigures, a, b *page) {
	a1 := showCode(t, a, idGameGyges, idSideFirst)
	a.readCode(a1)
	a.WaitPairingError("own code")
	b.FakeCamera()
	b.Choose(idModeNearby)
	b.Click(idNearbyJoin)
	b.WaitVisible(byID(idNearbyIn))
	for _, bad := range []struct{ code, want string }{
		{"HELLO, WORLD", "not a pairing code"},
		{a1[:len(a1)-4], "altered or incomplete"},
		{otherVersion(t, a1), "another version"},
	} {
		b.readCode(bad.code)
		b.WaitPairingError(bad.want)
	}
	b.readCode(a1)
	b.WaitVisible(byID(idNearbyCode))
	b1 := b.Text(byID(idNearbyCode))
	b.readCode(a1)
	b.WaitPairingError("read already")
	a.Click(idNearbyNewCode)
	a2 := a.waitNewCode(a1)
	a.readCode(b1)
	a.WaitPairingError("another code")
	tallShot(a, "nearby-3-error-A")
	b.scanCode(t, a2)
	b2 := b.waitNewCode(b1)
	a.readCode(b2)
	connect(a, b, selGygesBoard)

	playGygesGame(t, fig, a, b, nil)
	finish(t, a, b, "nearby-gyges")
	t.Logf("nearby Gygès record: %q", a.GygesGame().String())
	resultShown(t, a, b)
}

// playGygesGame plays Gygès to the end between a (South) and b (North):
// both set up with ready layouts, then make the plan's moves by mouse
// drags, the records compared after each. before, if not nil, runs before
// each move in play.
func playGygesGame(t *testing.T, fig *onlineFigures, a, b *page, before func(g *gyges.Game, mover *page)) {
	t.Helper()
	seats := map[gyges.Side]*page{gyges.South: a, gyges.North: b}
	layouts := map[gyges.Side]string{gyges.South: "321123", gyges.North: "231132"}
	for ply := 0; ; ply++ {
		g := a.GygesGame()
		if _, over := g.Winner(); over {
			return
		}
		if ply > 200 {
			t.Fatal("the game is not over after 200 actions")
		}
		side := gygesSide(g)
		mover, other := seats[side], seats[side.Opponent()]
		turnOf(t, mover, other, ply)
		n := mover.Moves()
		if g.Phase() != gyges.Playing {
			mover.WaitVisible(byID(idTray))
			mover.SetUp(layouts[side])
			afterMove(t, fig, mover, other, n+1)
			continue
		}
		played := len(g.Played())
		if before != nil {
			before(g, mover)
		}
		m := playGygesPlan(t, mover, g, side)
		afterMove(t, fig, mover, other, n+1)
		if got := other.GygesGame().Played(); len(got) != played+1 || got[played] != m {
			t.Fatalf("%s played %v, %s's record ends with %v", mover.name, m, other.name, got)
		}
	}
}

// gygesSide is the side to act: in a setup, or in play.
func gygesSide(g *gyges.Game) gyges.Side {
	switch g.Phase() {
	case gyges.NorthSetup:
		return gyges.North
	case gyges.Playing:
		return g.Position().Side()
	}
	return gyges.South
}

// playGygesPlan makes the move the plan chooses, by mouse drags, and
// returns it.
func playGygesPlan(t *testing.T, mover *page, g *gyges.Game, side gyges.Side) gyges.Move {
	t.Helper()
	m := gygesPlan(g.Position(), len(g.Played()) >= 6)
	switch {
	case m == gyges.Pass:
		t.Fatalf("%s has no move but a pass in %s; the test does not know how to pass", side, g.Position())
	case m.IsGoal():
		goal := "north"
		if side == gyges.North {
			goal = "south"
		}
		mover.DragPiece(mover.Square(m.From.String()), goalOf(goal))
	default:
		mover.DragPiece(mover.Square(m.From.String()), mover.Square(m.To.String()))
		if m.IsReplace() {
			mover.WaitVisible(byID(idReplaceChoice))
			mover.Tap(mover.Square(m.Drop.String()))
		}
	}
	return m
}

// fakeCameraJS gives the page a camera (a canvas's stream) and a
// BarcodeDetector that "sees" window.__qr once the picture plays: desktop
// Chromium on Linux has no BarcodeDetector, so this checks the app's
// side of scanning (camera, picture, detection loop, reading); the camera
// run (browser_nearby_camera_test.go) decodes a real QR code.
const fakeCameraJS = `(() => {
	navigator.mediaDevices.getUserMedia = async () => {
		window.__gum = (window.__gum || 0) + 1;
		const c = document.createElement("canvas");
		c.width = c.height = 64;
		const g = c.getContext("2d");
		setInterval(() => { g.fillStyle = "#" + Math.floor(Math.random() * 4096).toString(16).padStart(3, "0"); g.fillRect(0, 0, 64, 64); }, 100);
		return c.captureStream(10);
	};
	window.__scans = 0;
	window.BarcodeDetector = class {
		constructor(o) { this.formats = o.formats; }
		async detect(v) {
			window.__scans++;
			return v.videoWidth > 0 && window.__qr ? [{rawValue: window.__qr, format: "qr_code"}] : [];
		}
	};
	return true;
})()`

// FakeCamera installs the fake camera and detector on the page (until it
// reloads).
func (p *page) FakeCamera() {
	p.t.Helper()
	eval[bool](p, fakeCameraJS)
}

// scanCode shows the page's fake camera the QR code of a code (its
// digits, as the QR code holds them) and reads it by the camera button.
func (p *page) scanCode(t *testing.T, text string) {
	t.Helper()
	c, err := paircode.Parse(text)
	if err != nil {
		t.Fatalf("the code %q does not parse: %v", text, err)
	}
	p.Click(idNearbyCamera)
	p.WaitVisible(byID(idNearbyVideo))
	for start := time.Now(); eval[int](p, `window.__scans`) < 3; time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			p.fail("the fake camera was not scanned: " + eval[string](p, `(() => { const v = document.getElementById("nearby-video");
				return JSON.stringify({gum: window.__gum, scans: window.__scans, src: !!v && !!v.srcObject, ready: v && v.readyState, width: v && v.videoWidth, paused: v && v.paused}); })()`))
		}
	}
	eval[bool](p, fmt.Sprintf(`window.__qr = %q, true`, c.Digits()))
	p.WaitGone(byID(idNearbyVideo)) // the camera stops once a code is read
	if live := eval[int](p, `document.querySelectorAll("video").length`); live != 0 {
		t.Errorf("%s still shows %d videos after the scan", p.name, live)
	}
}

// otherVersion rewrites a code as if a later version of the app had made
// it: the version byte changed, the checksum made right again.
func otherVersion(t *testing.T, text string) string {
	t.Helper()
	clean := strings.ReplaceAll(text, " ", "")
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	b, err := enc.DecodeString(clean)
	if err != nil || len(b) < 6 {
		t.Fatalf("the code %q is not base32: %v", text, err)
	}
	b[0]++
	b = binary.BigEndian.AppendUint32(b[:len(b)-4], crc32.ChecksumIEEE(b[:len(b)-4]))
	return enc.EncodeToString(b)
}

// tallShot takes a screenshot on a screen tall enough for the whole
// pairing screen, then gives the page its usual size back.
func tallShot(p *page, name string) {
	p.t.Helper()
	p.Resize(900, 1200, false)
	p.Screenshot(name)
	p.Resize(900, 700, false)
}
