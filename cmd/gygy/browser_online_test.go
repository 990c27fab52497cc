package main

// The two-browser test of online play: two headless Chromium instances,
// each with its own profile, open the app served with the signalling hub;
// one creates a game, the other opens its link and accepts, and they play
// whole games of GYRE and Gygès against each other over a WebRTC data
// channel, with real mouse clicks and drags, a reload in the middle, and
// the records compared after every move. It runs in a network namespace
// of its own (browser_netns_test.go); the moves come from the plans of
// browser_plans_test.go.

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// TestBrowserOnline runs the online tests inside the namespace: first a
// bare WebRTC data channel between two Chromium instances (the harness
// itself), then a whole GYRE game and a whole Gygès game through the app.
func TestBrowserOnline(t *testing.T) {
	if os.Getenv("GYGY_NETNS") == "" {
		runInNetns(t)
		return
	}
	needBrowser(t)
	var fig onlineFigures
	t.Run("harness", func(t *testing.T) { testNetnsHarness(t, &fig) })
	t.Run("gyre", func(t *testing.T) { testOnlineGyre(t, &fig) })
	t.Run("gyges", func(t *testing.T) { testOnlineGyges(t, &fig) })
	t.Run("clocks", testOnlineClocks)
	t.Run("sleep", func(t *testing.T) { testOnlineSleep(t, &fig) }) // browser_sleep_test.go
	t.Run("click", func(t *testing.T) { testOnlineClick(t, &fig) }) // browser_click_test.go
	t.Run("faults", testOnlineFaults)                               // browser_faults_test.go
	t.Run("leave", func(t *testing.T) { testOnlineLeave(t, &fig) }) // browser_leave_test.go
	t.Run("drain", testOnlineDrain)                                 // browser_drain_test.go
	t.Run("edges-home", testOnlineHomeAbortRematch)                 // browser_edges_online_test.go
	t.Run("edges-clock", testOnlineClockAfterLeave)
	t.Run("axe", testOnlineAxe)
	t.Run("languages", testOnlineTwoLanguages)                  // browser_online_lang_test.go
	t.Run("nearby", func(t *testing.T) { testNearby(t, &fig) }) // browser_nearby_test.go
	fig.report(t)
}

// testOnlineGyre plays a whole GYRE game on the 5×10 board between the
// host (player 1) and the guest: the first stone in the middle ring, the
// guest swaps, then whoever holds Spoke builds a bridge straight across
// while the other plays far away. The guest reloads midway.
func testOnlineGyre(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	a.ScrollTo(byID(idQR))
	a.Screenshot("online-gyre-1-waiting-A")
	offer := joinGame(t, fig, a, b, link, selGyreBoard, "gyre")
	if !strings.Contains(offer, "5") || !strings.Contains(offer, "10") {
		t.Errorf("the offer %q does not tell the board size 5 × 10", offer)
	}
	for _, p := range []*page{a, b} {
		p.Watch()
		if got := p.Record(); !strings.HasPrefix(got, "GYRE 5x10") {
			t.Fatalf("%s's record at the start = %q, want a 5x10 game", p.name, got)
		}
	}
	seats := map[gyre.Player]*page{gyre.One: a, gyre.Two: b}
	reloaded := false
	for ply := 0; ; ply++ {
		g := a.GyreGame()
		if g.Over() {
			break
		}
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		if ply == 5 && !reloaded {
			reloaded = true
			shots("online-gyre-3-midgame", a, b)
			reloadGuest(t, fig, a, b, selGyreBoard, "gyre")
			ply--
			continue
		}
		mover, other := seats[g.Turn()], seats[3-g.Turn()]
		turnOf(t, mover, other, ply)
		n := mover.Moves()
		if ply == 2 {
			outOfTurn(t, other, mover, g)
		}
		if m := gyrePlan(g); m == gyre.Swap {
			mover.WaitVisible(byID(idSwapOffer))
			mover.Screenshot("online-gyre-2-swap-offer-B")
			mover.Click(idSwap)
		} else {
			mover.Cell(g.Geometry().MoveName(m)).Click()
		}
		afterMove(t, fig, mover, other, n+1)
	}
	finish(t, a, b, "gyre")
	g := a.GyreGame()
	t.Logf("GYRE record: %q; %s (%s) won", a.Record(), g.Controller(g.Winner()), g.Winner())
	resultShown(t, a, b)
	rematchAndUndo(t, a, b)
}

// rematchAndUndo: A offers a rematch, B accepts, and the new game has the
// sides swapped (B plays first). B places a stone and asks to take it
// back; A first refuses, then allows, and the stone is gone on both pages.
func rematchAndUndo(t *testing.T, a, b *page) {
	t.Helper()
	a.Click(idRematch)
	b.WaitVisible(byID(idRematchRequest))
	b.Click(idRematchYes)
	for _, p := range []*page{a, b} {
		p.WaitMoves(0)
		p.WaitGone(byID(idResult))
	}
	b.WaitLive()
	if a.Live() {
		t.Errorf("after the rematch A's board is live: the sides did not swap")
	}
	b.Cell("c3").Click()
	a.WaitMoves(1)
	ask := func() {
		b.ClickWhenEnabled(idUndo)
		a.WaitVisible(byID(idUndoRequest))
	}
	ask()
	a.Screenshot("online-gyre-6-undo-request-A")
	a.Click(idUndoRefuse)
	b.WaitNotice("declined")
	if got := b.Record(); got != "GYRE 5x10\nc3" {
		t.Fatalf("after a refused undo B's record = %q", got)
	}
	ask()
	a.Click(idUndoAllow)
	for _, p := range []*page{a, b} {
		p.WaitMoves(0)
	}
	b.WaitLive()
}

// outOfTurn clicks an empty cell on the page that waits for its turn: no
// stone may appear on either page.
func outOfTurn(t *testing.T, waiting, mover *page, g *gyre.Game) {
	t.Helper()
	before := mover.Record()
	waiting.Cell(g.Geometry().CellName(gyreEmpty(g))).Click()
	waiting.Pause()
	for _, p := range []*page{waiting, mover} {
		if got := p.Record(); got != before {
			t.Fatalf("a click out of turn on %s changed %s's record to %q", waiting.name, p.name, got)
		}
	}
}

// testOnlineGyges plays a whole Gygès game: the host is South, both set
// up with ready layouts, then moves by mouse drags chosen by the engine
// from the record; the guest reloads after the first moves.
func testOnlineGyges(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, idGameGyges, idSideFirst)
	a.ScrollTo(byID(idQR))
	a.Screenshot("online-gyges-1-waiting-A")
	joinGame(t, fig, a, b, link, selGygesBoard, "gyges")
	for _, p := range []*page{a, b} {
		p.Watch()
	}
	reloaded := false
	playGygesGame(t, fig, a, b, func(g *gyges.Game, mover *page) {
		if len(g.Played()) == 2 && !reloaded {
			reloaded = true
			shots("online-gyges-3-midgame", a, b)
			reloadGuest(t, fig, a, b, selGygesBoard, "gyges")
			mover.WaitLive()
		}
	})
	finish(t, a, b, "gyges")
	g := a.GygesGame()
	winner, _ := g.Winner()
	t.Logf("Gygès record: %q; %s won", g.String(), winner)
	resultShown(t, a, b)
}

// The steps the two games share.

// hostGame opens the app on the host's page and creates an online game
// with the given choices (ids to press after the online mode); it returns
// the share link. It skips the test when the app has no online mode yet.
func hostGame(t *testing.T, host *page, srv *server, game string, choices ...string) string {
	t.Helper()
	host.Open(srv.url("/"))
	host.Click(game)
	if !host.Has(byID(idModeOnline)) {
		t.Skip("the app has no online mode yet (#mode-online is missing)")
	}
	for _, id := range append([]string{idModeOnline}, choices...) {
		host.Choose(id)
	}
	host.Click(idStart)
	link := host.WaitLink()
	if !host.Has(byID(idConnState)) {
		t.Errorf("the waiting screen shows no connection state (#%s)", idConnState)
	}
	t.Logf("share link: %s", link)
	if !strings.HasPrefix(link, srv.url("/")) {
		t.Errorf("share link %q is not on the app's address %s", link, srv.url("/"))
	}
	if !host.ShowsQR() {
		t.Errorf("the waiting screen shows no QR code (svg #%s)", idQR)
	}
	if !host.Has(byID(idCopyLink)) {
		t.Errorf("the waiting screen has no #%s button", idCopyLink)
	}
	return link
}

// joinGame opens the link on the guest's page, reads the offer, accepts
// and waits until both pages are connected and show the board; it returns
// the offer's text.
func joinGame(t *testing.T, fig *onlineFigures, host, guest *page, link, board, label string) string {
	t.Helper()
	clock := fig.timeJoin(t, label)
	guest.Open(link)
	guest.WaitVisible(byID(idOnlineOffer))
	clock.offerShown()
	offer := guest.Text(byID(idOnlineOffer))
	t.Logf("the guest's offer: %q", offer)
	guest.Screenshot("online-" + label + "-2-offer")
	guest.Click(idAccept)
	clock.accepted()
	for _, p := range []*page{guest, host} {
		p.WaitConnected()
		p.WaitVisible(board)
	}
	clock.connected()
	return offer
}

// turnOf waits until the mover's board takes input and checks that the
// other's does not.
func turnOf(t *testing.T, mover, other *page, ply int) {
	t.Helper()
	mover.WaitLive()
	if other.Live() {
		t.Errorf("action %d: %s's board is live while it is %s's turn", ply+1, other.name, mover.name)
	}
}

// afterMove waits until both pages list the move that made the list n
// long and checks that both records agree.
func afterMove(t *testing.T, fig *onlineFigures, mover, other *page, n int) {
	t.Helper()
	for _, p := range []*page{mover, other} {
		p.WaitMovesAtLeast(n)
	}
	fig.moveTrip(mover, other, n)
	// The record area may follow the list a moment later.
	if a, b, same := sameRecords(mover, other); !same {
		t.Fatalf("after move %d the records differ:\n%s: %q\n%s: %q", n, mover.name, a, other.name, b)
	}
}

// reloadGuest reloads the guest's page mid-game and waits until both are
// connected again with the same record as before; meanwhile the host's
// page must have said that it was reconnecting.
func reloadGuest(t *testing.T, fig *onlineFigures, host, guest *page, board, label string) {
	t.Helper()
	before := host.Record()
	host.ConnStates()
	stop := fig.timeReconnect(t, label)
	guest.Reload()
	guest.WaitVisible(board)
	for _, p := range []*page{guest, host} {
		p.WaitConnected()
	}
	stop()
	states := host.ConnStates()
	t.Logf("%s: the host's connection states meanwhile: %q", label, states)
	if !slices.ContainsFunc(states, func(s string) bool { return strings.Contains(s, classReconnect) }) {
		t.Errorf("the host's page never showed that it was reconnecting (#%s.%s) while the guest reloaded", idConnState, classReconnect)
	}
	guest.Watch()
	for _, p := range []*page{host, guest} {
		if got := p.Record(); got != before {
			t.Fatalf("after the reload %s's record is %q, want %q", p.name, got, before)
		}
	}
	shots("online-"+label+"-4-reloaded", host, guest)
}

// finish waits for the result on both pages, compares the records, checks
// that both are still connected and takes the last screenshots.
func finish(t *testing.T, a, b *page, label string) {
	t.Helper()
	for _, p := range []*page{a, b} {
		p.WaitResult()
	}
	if ra, rb := a.Record(), b.Record(); ra != rb {
		t.Errorf("final records differ:\nA: %q\nB: %q", ra, rb)
	}
	for _, p := range []*page{a, b} {
		if !p.Connected() {
			t.Errorf("%s is not connected at the end: %q", p.name, p.ConnState())
		}
	}
	shots("online-"+label+"-5-end", a, b)
}

// shots takes screenshots of the pages once their animations are over.
func shots(name string, ps ...*page) {
	for _, p := range ps {
		p.ScreenshotStill(name + "-" + p.name)
	}
}

// resultShown checks that both pages say who won. The words may differ
// ("You win" on one page): the test only logs them.
func resultShown(t *testing.T, a, b *page) {
	t.Helper()
	for _, p := range []*page{a, b} {
		got := strings.TrimSpace(p.Result())
		if got == "" {
			t.Errorf("%s's #result is empty", p.name)
		}
		t.Logf("%s's result: %q", p.name, got)
	}
}

// sameRecords waits up to two seconds for two pages to show the same
// record; it returns the last two it read.
func sameRecords(p, q *page) (string, string, bool) {
	p.t.Helper()
	var a, b string
	for range 100 {
		a, b = p.Record(), q.Record()
		if a == b {
			return a, b, true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return a, b, false
}
