package main

// A game at your own pace, by link: two Chromium profiles (two browsers
// with their own user-data-dirs) play a whole GYRE game and a whole Gygès
// game by passing the links only, with the server stopped after the first
// load: the service worker serves the app, and the game travels in the
// address's fragment.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gygy/app/bylink"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

const (
	idModeByLink = "mode-bylink"
	idLinkOut    = "link-out"
	idLinkNotice = "link-notice"
	idLinkGames  = "link-games"
	selLinkSend  = "#link-send"
)

// SentLink waits for the link to send and returns it.
func (p *page) SentLink() string {
	p.t.Helper()
	p.WaitVisible(selLinkSend)
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).value`, idLinkOut))
}

// OpenLink opens a link as a person does who follows it from a message:
// in this tab, by its address (the page reloads, or only its fragment
// changes), and waits until the game shows moves actions.
func (p *page) OpenLink(link string, moves int) {
	p.t.Helper()
	p.Do("open the link", waitJS(fmt.Sprintf(`(() => { location.href = %q; return true; })()`, link)))
	p.Wait(fmt.Sprintf("the game of the link, %d actions", moves), fmt.Sprintf(
		`document.querySelectorAll(%q).length === %d && document.getElementById(%q) !== null`, selMoves, moves, idRecord))
}

// offlinePair opens the app in two profiles, waits until each is served
// by its service worker, and stops the server.
func offlinePair(t *testing.T) (*page, *page) {
	srv := appServer(t)
	a, b := pair(newPage(t, "A"), newPage(t, "B"))
	b.Emulate(390, 844, true) // B is a phone
	// B's browser has the Web Share API (desktop Chromium on Linux has
	// none): the share sheet is the page's stand-in, which keeps what it
	// was handed.
	if _, err := chromedp.Call(b.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `navigator.share = async (d) => { window.__shared = d.url; };`}); err != nil {
		t.Fatal(err)
	}
	a.AllowClipboard()
	for _, p := range []*page{a, b} {
		p.Open(srv.url("/"))
		p.WaitWorkerReady() // installed: the app is in its cache
		p.Reload()
		p.WaitServiceWorker()
	}
	srv.stop()
	if _, err := http.Get(srv.url("/")); err == nil {
		t.Fatal("the server still answers after stop")
	}
	return a, b
}

func TestBrowserByLink(t *testing.T) {
	a, b := offlinePair(t)
	t.Run("gyre", func(t *testing.T) { byLinkGyre(t, a, b) })
	t.Run("gyges", func(t *testing.T) { byLinkGyges(t, a, b) })
	t.Run("resign", func(t *testing.T) { byLinkResign(t, a, b) })
}

// byLinkGyre: A starts a GYRE game on the 5 × 10 board with the swap, as
// player 1, and the links go back and forth until the game is won; A
// reloads between two moves; then the refusals: an older link, a damaged
// one.
func byLinkGyre(t *testing.T, a, b *page) {
	a.StartGame(idModeByLink, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	a.WaitLive()
	seats := map[gyre.Player]*page{gyre.One: a, gyre.Two: b}
	var links []string
	for ply := 0; ; ply++ {
		g := a.GyreGame()
		if b.Moves() > 0 && b.Record() != a.Record() {
			t.Fatalf("records differ: A %q, B %q", a.Record(), b.Record())
		}
		if g.Over() {
			break
		}
		if ply > 30 {
			t.Fatal("the game is not over after 30 actions")
		}
		mover, other := seats[g.Turn()], seats[3-g.Turn()]
		if ply == 3 {
			mover.Reload() // offline: the game is kept, the address holds it
			mover.WaitLive()
		}
		n := mover.Moves()
		if m := gyrePlan(g); m == gyre.Swap {
			mover.WaitVisible(byID(idSwapOffer))
			mover.Click(idSwap)
		} else {
			mover.Cell(g.Geometry().MoveName(m)).Click()
		}
		mover.WaitMoves(n + 1)
		link := mover.SentLink()
		if len(link) >= 2000 {
			t.Errorf("a link of %d characters", len(link))
		}
		if ply == 0 {
			mover.Screenshot("bylink-gyre-1-link-to-send-A")
			mover.CheckAxe("the link to send")
			if mover.Live() {
				t.Error("A's board is live after A's move: one move per link")
			}
			if !mover.Enabled(idUndo) {
				t.Error("A cannot take back the move before sending the link")
			}
			mover.Click("link-copy")
			mover.WaitVisible("#link-copied")
			if got := mover.Clipboard(); got != link {
				t.Errorf("clipboard after Copy the link = %q, want %q", got, link)
			}
			mover.Wait("undo off once sent", fmt.Sprintf(`document.getElementById(%q).disabled`, idUndo))
		}
		if ply == 1 {
			mover.Click("link-share")
			mover.Wait("shared", fmt.Sprintf(`window.__shared === %q`, link))
		}
		links = append(links, link)
		other.OpenLink(link, n+1)
		if ply == 0 {
			other.Screenshot("bylink-gyre-2-opened-B")
			other.CheckAxe("a link opened")
		}
	}
	for _, p := range []*page{a, b} {
		p.WaitVisible(byID(idResult))
	}
	a.Screenshot("bylink-gyre-3-end-A")
	b.Screenshot("bylink-gyre-3-end-B")
	t.Logf("GYRE by link: %s; link sizes %s", strings.ReplaceAll(a.Record(), "\n", " "), sizes(links))

	// An older link says so and shows the game as it goes on; a damaged
	// link is refused.
	b.OpenLink(links[0], a.Moves())
	if got := b.Text(byID(idLinkNotice)); !strings.Contains(got, "older") {
		t.Errorf("an older link: notice %q, want it to say the link is older", got)
	}
	damaged := links[1][:len(links[1])-3] + "AAA"
	if damaged == links[1] {
		damaged = links[1][:len(links[1])-3] + "BBB"
	}
	b.Do("open a damaged link", waitJS(fmt.Sprintf(`(() => { location.href = %q; return true; })()`, damaged)))
	b.Wait("the damaged link refused", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent === "This link is damaged: ask for it again."`, idLinkNotice))
	b.Screenshot("bylink-gyre-4-damaged-B")
	b.CheckAxe("a damaged link")

	// A fork: the link of move 5 as it would be had its mover played
	// elsewhere (from the same link, on another device). Both devices hold
	// the first continuation and refuse this one.
	fork, kept := forkOf(t, links[4])
	for _, p := range []*page{a, b} {
		p.OpenLink(fork, a.Moves())
		want := "This link continues the game from an earlier move in another way: the game goes on from move 5, " + kept
		if got := p.Text(byID(idLinkNotice)); !strings.HasPrefix(got, want) {
			t.Errorf("a fork%s: notice %q, want %q…", p.on(), got, want)
		}
	}
	a.Screenshot("bylink-gyre-5-fork-refused-A")
}

// forkOf is the link text with its last action replaced by another legal
// one: a continuation of the same game from the same link, another way;
// and the action it replaced.
func forkOf(t *testing.T, link string) (string, string) {
	t.Helper()
	_, code, _ := strings.Cut(link, "#")
	l, err := bylink.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	last := len(l.Actions) - 1
	l.Actions = l.Actions[:last:last]
	g, err := l.Replay()
	if err != nil {
		t.Fatal(err)
	}
	was, _ := bylink.Decode(code)
	for _, alt := range g.Legal(nil) {
		if g.Notation(alt) != was.Actions[last] && alt != gyre.Swap {
			l.Actions = append(l.Actions, g.Notation(alt))
			break
		}
	}
	text, err := bylink.Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Replace(link, code, text, 1), was.Actions[last]
}

// byLinkResign: A starts a GYRE game, moves; B opens the link and
// resigns; A opens B's link and sees the win.
func byLinkResign(t *testing.T, a, b *page) {
	a.Do("home", waitJS(`(() => { location.href = "./"; return true; })()`))
	a.WaitVisible(byID(idStart))
	a.StartGame(idModeByLink, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	a.WaitLive()
	a.Cell("c3").Click()
	a.WaitMoves(1)
	b.OpenLink(a.SentLink(), 1)
	b.Click(idResign)
	b.Click(idResignYes)
	b.WaitVisible(byID(idResult))
	a.OpenLink(b.SentLink(), 1)
	a.WaitVisible(byID(idResult))
	if got := a.Status(); !strings.Contains(got, "resigned") {
		t.Errorf("A's result after B's resignation link: %q, want it to say B resigned", got)
	}
	a.Screenshot("bylink-resign-A")
}

// byLinkGyges: B (the phone) starts a Gygès game as South; both set up and
// play by links to the end; A's home screen lists the game midway.
func byLinkGyges(t *testing.T, a, b *page) {
	b.Do("home", waitJS(`(() => { location.href = "./"; return true; })()`))
	b.WaitVisible(byID(idStart))
	b.StartGame(idModeByLink, idGameGyges, idSideFirst)
	b.WaitVisible(selGygesBoard)
	pages := map[gyges.Side]*page{gyges.South: b, gyges.North: a}
	layouts := map[gyges.Side]string{gyges.South: "321123", gyges.North: "231132"}
	for ply := 0; ; ply++ {
		mover := b
		if ply > 0 {
			mover = pages[gygesSide(b.GygesGame())]
		}
		g := mover.GygesGame()
		if _, over := g.Winner(); over {
			break
		}
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		side := gygesSide(g)
		mover = pages[side]
		other := pages[side.Opponent()]
		n := mover.Moves()
		if g.Phase() == gyges.SouthSetup || g.Phase() == gyges.NorthSetup {
			mover.WaitVisible(byID("layout-" + layouts[side]))
			mover.SetUp(layouts[side])
		} else if mover == b {
			tapGygesPlan(t, mover, g, side)
		} else {
			playGygesPlan(t, mover, g, side)
		}
		mover.WaitMoves(n + 1)
		link := mover.SentLink()
		if ply == 1 {
			mover.Screenshot("bylink-gyges-1-after-setup-A")
		}
		if ply == 4 {
			// A reloads before opening the link; and its home screen lists
			// the game, its move to come.
			other.Reload()
			other.Do("home", waitJS(`(() => { location.href = "./"; return true; })()`))
			other.WaitVisible(byID(idLinkGames))
			if got := other.Text(byID(idLinkGames)); !strings.Contains(got, "Gygès") {
				t.Errorf("the home list %q does not name the Gygès game", got)
			}
			other.Screenshot("bylink-gyges-2-home-list-" + other.name)
			other.CheckAxe("the home list of games by link")
		}
		other.OpenLink(link, n+1)
		if got, want := other.Record(), mover.Record(); got != want {
			t.Fatalf("%s's record %q, %s's %q", other.name, got, mover.name, want)
		}
	}
	for _, p := range []*page{a, b} {
		p.WaitVisible(byID(idResult))
	}
	a.Screenshot("bylink-gyges-3-end-A")
	b.Screenshot("bylink-gyges-3-end-B")
	t.Logf("Gygès by link: %s", strings.ReplaceAll(a.Record(), "\n", " "))
}

func sizes(links []string) string {
	var out []string
	for _, l := range links {
		out = append(out, fmt.Sprint(len(l)))
	}
	return strings.Join(out, " ")
}

// tapGygesPlan makes the move the plan chooses by taps, as on a phone:
// the piece, then where it goes (and where a replaced piece lands).
// (Dragging on a phone-sized page moves the board under the finger when
// the status grows a line; that is the game screen's, and is left to it.)
func tapGygesPlan(t *testing.T, mover *page, g *gyges.Game, side gyges.Side) {
	t.Helper()
	m := gygesPlan(g.Position(), len(g.Played()) >= 6)
	if m == gyges.Pass {
		t.Fatalf("%s has no move but a pass in %s", side, g.Position())
	}
	mover.Tap(mover.Square(m.From.String()))
	// The status grows to say what is held, which moves the board on a
	// phone: aim at the target once it has.
	mover.Wait("the piece held", fmt.Sprintf(`document.getElementById(%q).textContent.includes("picked up")`, idStatus))
	if m.IsGoal() {
		goal := "north"
		if side == gyges.North {
			goal = "south"
		}
		mover.Tap(goalOf(goal))
		return
	}
	mover.Tap(mover.Square(m.To.String()))
	if m.IsReplace() {
		mover.WaitVisible(byID(idReplaceChoice))
		mover.Tap(mover.Square(m.Drop.String()))
	}
}
