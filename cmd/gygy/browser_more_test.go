package main

// GYRE in the browser: resuming, offline, against the computer, under a
// sub-path, on several screens, and by touch.

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
)

// The rules screen while its rulebook cannot be fetched.
const idRulesFailed = "rules-failed"

// FetchRulebook fetches a rulebook file (book.File) as the rules screen
// does, beside the app: its status and the start of its text.
func (p *page) FetchRulebook(file string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(async () => {
		const r = await fetch(new URL(%q, document.baseURI).href);
		return r.status + " " + (await r.text()).slice(0, 40);
	})()`, book.Dir+file))
}

// TestBrowserResumeAndOffline plays two moves on the standard board,
// reloads (the game resumes from localStorage), then stops the server and
// reloads again: the service worker serves the whole app from its cache
// and the game goes on offline.
func TestBrowserResumeAndOffline(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idRuleSwap) // the plain swap rule: the fair start is the default now (issue 30)
	p.WaitVisible(selGyreBoard)
	if n := p.Count(selGyreCell); n != 98 {
		t.Errorf("cells on the standard board = %d, want 98", n)
	}
	p.Play("d7", "keep", "e9")

	p.Reload()
	p.WaitVisible(selGyreBoard)
	if got := p.Record(); got != "GYRE 7x14\nd7 e9" {
		t.Errorf("record after reload = %q, want the two moves", got)
	}
	if !p.Cell("d7").Is(classSpoke) || !p.Cell("e9").Is(classGyre) {
		t.Errorf("stones not back on d7 and e9 after reload")
	}
	p.Screenshot("resume-1-after-reload")

	// After a reload the page is controlled by the service worker, whose
	// install (caching everything) has finished.
	p.WaitServiceWorker()
	srv.stop()
	if _, err := http.Get(srv.url("/")); err == nil {
		t.Fatal("server still answers after stop")
	}
	p.Reload()
	p.WaitVisible(selGyreBoard)
	p.Play("c5")
	if got := p.Record(); got != "GYRE 7x14\nd7 e9 c5" {
		t.Errorf("record offline = %q, want d7 e9 c5", got)
	}
	p.Screenshot("resume-2-offline")
	// The app's update check fails offline, as it must; the failure is
	// the app's to handle, not an uncaught error on the page.
	if got := p.UnhandledAfterUpdateCheck(); got != "" {
		t.Errorf("the update check offline left an unhandled rejection: %s", got)
	}
	p.Click(idNavRules)
	p.WaitVisible(selRules)
	p.Reload()
	p.WaitVisible(selRules)
	// The rulebooks are fetched when the rules open, not compiled into
	// app.wasm: offline, the service worker's cache answers.
	p.WaitMoreThan(selGyreDiagramStone, 10)
	if p.Has(byID(idRulesFailed)) {
		t.Errorf("the rules offline say: %s", p.Text(byID(idRulesFailed)))
	}
	p.ScrollTo(byID(idBalanceMap))
	p.Wait("the balance map is drawn offline", `document.getElementById("balance-map").complete && document.getElementById("balance-map").naturalWidth > 0`)
	p.Screenshot("resume-3-offline-rules")
	// Both rulebooks, in every language, and the print-and-play sheets are
	// there offline.
	for _, game := range book.Games {
		for _, lang := range rulebook.Languages() {
			file := book.File(game, lang)
			want := "200 # " + map[string]string{"gyre": "GYRE", "gyges": "Gygès"}[game]
			if got := p.FetchRulebook(file); !strings.HasPrefix(got, want) {
				t.Errorf("the rulebook %s offline = %q, want %q…", file, got, want)
			}
		}
	}
	p.Click(idRulesGyges)
	p.WaitText(selRulesTitle, "Gygès")
	if n := p.Count(selSheets); n != 8 {
		t.Errorf("print-and-play links = %d, want 8", n)
	}
	if sheet := p.FetchSheet("gyre-7x14-a4.svg"); !strings.HasPrefix(sheet, "200 <svg") {
		t.Errorf("the 7x14 A4 sheet offline = %q, want 200 and an SVG", sheet)
	}
	p.Screenshot("resume-4-offline-gyges-rules")

	// The computer player (its Web Worker and bot.wasm) works offline too.
	p.Click(idNavHome)
	p.WaitVisible(byID(idStart))
	// The two-player game is in progress: the home screen asks first.
	p.startOver(idModeComputer, idLevelEasy, idSize5x10, idSideFirst)
	p.WaitLive()
	p.Play("c3")
	p.WaitMovesAtLeast(2) // the computer's answer, offline
	p.WaitLive()

	// The words of every language are fetched, not in app.wasm, and kept:
	// offline, a switch to French fetches them from the service worker's
	// cache, and a reload starts in French.
	p.SwitchLang("fr")
	wantHeader(t, p, "offline, switched to French", "fr", "Règles")
	p.Reload()
	wantHeader(t, p, "offline, French kept, reloaded", "fr", "Règles")
	p.WaitLive()
	if got := p.Moves(); got < 2 {
		t.Errorf("offline in French, %d moves listed, want the game's 2", got)
	}
	p.Screenshot("resume-5-offline-french")
}

// TestBrowserBot plays against the easy computer on the small board: every
// move of the person gets an answer, and undo takes back both.
func TestBrowserBot(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idModeComputer, idLevelEasy, idSize5x10, idSideFirst, idRuleSwap)
	p.WaitVisible(selGyreBoard)
	for i := 0; i < 4; i++ {
		p.WaitTurnOrResult()
		if p.Over() {
			break
		}
		before := p.Moves()
		p.ClickEmptyCell("c") // the first empty cell of ring c, else anywhere
		p.WaitMovesAtLeast(before + 1)
		if i == 0 {
			p.Screenshot("bot-1-thinking")
		}
		p.WaitTurnOrResult() // the computer's answer
		if !p.Over() && p.Moves() < before+2 {
			t.Fatalf("moves = %d after my move, want the computer's answer too", p.Moves())
		}
	}
	p.Screenshot("bot-2-after-moves")
	if !p.Over() {
		before := p.Moves()
		p.Undo()
		p.WaitMoves(before - 2)
		if got := p.Status(); !strings.Contains(got, "Your turn") {
			t.Errorf("status after undo = %q, want my turn", got)
		}
	}
}

// TestBrowserStaticSubpath writes the static site for the sub-path /gygy/
// and plays a move in it, served by a plain file server with the headers
// of the site's _headers file: the app runs under its policy there too.
func TestBrowserStaticSubpath(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "gygy")
	if err := writeStatic(out, "/gygy", testWeb(t), "wss://signal.example/signal"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "web", "app.wasm")); err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(out, "manifest.webmanifest"))
	if err != nil || !strings.Contains(string(manifest), `"scope":"/gygy/"`) || !strings.Contains(string(manifest), `"start_url":"/gygy/"`) {
		t.Errorf("manifest under /gygy/ = %s, %v; want scope and start_url /gygy/", manifest, err)
	}
	srv := startServer(t, headersFileServer(t, root, "/gygy"))
	p := newPage(t, "")
	p.Open(srv.url("/gygy/"))
	p.StartGame(idSize5x10)
	p.WaitVisible(selGyreBoard)
	p.Play("c3")
	if got := p.Location(); got != "/gygy/?view=play" {
		t.Errorf("address = %q, want /gygy/?view=play", got)
	}
	if got := p.Env("GYGY_SIGNAL"); got != "wss://signal.example/signal" {
		t.Errorf("signalling setting = %q", got)
	}
	p.Screenshot("static-subpath")
}

// TestBrowserScreens opens the game on a phone held upright, a phone held
// sideways and a desktop: the whole board is on screen and the page does
// not scroll.
func TestBrowserScreens(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idRuleSwap)
	p.WaitVisible(selGyreBoard)
	p.Play("a1", "swap", "g14")
	for _, sc := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{
		{"phone-portrait", 390, 844, true},
		{"phone-landscape", 844, 390, true},
		{"desktop", 1280, 800, false},
	} {
		p.Resize(sc.width, sc.height, sc.mobile)
		if !p.BoardFits(selGyreBoard, 0.4) {
			t.Errorf("%s: the board does not fit the screen, or the page scrolls", sc.name)
		}
		p.Screenshot("screen-" + sc.name)
	}
}

// TestBrowserTouchConfirm: on a phone a tap only marks a cell (on every
// cell: issue 30) and a second tap on it places the stone; a tap on
// another cell moves the mark.
func TestBrowserTouchConfirm(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	p.StartGame(idRuleSwap)
	p.WaitLive()
	p.Cell("b3").Tap()
	p.Cell("b3").WaitIs(classPending)
	p.Cell("b4").Tap()
	p.Cell("b4").WaitIs(classPending) // the mark moved to b4
	p.Cell("b3").WaitIsNot(classPending)
	if n := p.Moves(); n != 0 {
		t.Fatalf("moves after two single taps = %d, want 0", n)
	}
	p.Screenshot("touch-1-marked")
	p.Cell("b4").Tap() // the second tap places
	p.WaitMoves(1)
	p.Cell("b4").WaitIs(classSpoke)
	p.Screenshot("touch-2-placed")
}

// UnhandledAfterUpdateCheck runs the app's update check as go-app's Go
// side does and returns the unhandled promise rejections the page saw
// ("" for none). It waits for a second check of its own to settle, which
// fails or succeeds just as the app's does, and then for the page's
// event loop to report what nobody handled.
func (p *page) UnhandledAfterUpdateCheck() string {
	p.t.Helper()
	return eval[string](p, `(async () => {
		const seen = [];
		const listen = (e) => seen.push(String(e.reason && e.reason.message || e.reason));
		addEventListener("unhandledrejection", listen);
		goappTryUpdate();
		const reg = await navigator.serviceWorker.getRegistration();
		if (reg) await reg.update().catch(() => {});
		await new Promise((r) => setTimeout(r, 500));
		removeEventListener("unhandledrejection", listen);
		return seen.join(" | ");
	})()`)
}
