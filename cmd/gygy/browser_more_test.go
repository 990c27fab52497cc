package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserResumeAndOffline plays two moves on the standard board,
// reloads (the game resumes from localStorage), then stops the server and
// reloads again: the service worker serves the whole app from its cache
// and the game goes on offline.
func TestBrowserResumeAndOffline(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady,
		click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board")))
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.board .cell").length`); n != 98 {
		t.Errorf("cells on the standard board = %d, want 98", n)
	}
	playCells(t, ctx, "d7", "keep", "e9")

	do(t, ctx, "reload", chromedp.Reload(), appReady, chromedp.WaitVisible(chromedp.CSS("svg.board")))
	if got := eval[string](t, ctx, `document.getElementById("record-out").value`); got != "GYRE 7x14\nd7 e9" {
		t.Errorf("record after reload = %q, want the two moves", got)
	}
	if !eval[bool](t, ctx, `document.getElementById("cell-d7").classList.contains("spoke") && document.getElementById("cell-e9").classList.contains("gyre")`) {
		t.Errorf("stones not back on d7 and e9 after reload")
	}
	screenshot(t, ctx, "resume-1-after-reload")

	// After a reload the page is controlled by the service worker, whose
	// install (caching everything) has finished.
	do(t, ctx, "service worker", waitJS(`navigator.serviceWorker.controller !== null`))
	srv.stop()
	if _, err := http.Get(srv.url("/")); err == nil {
		t.Fatal("server still answers after stop")
	}
	do(t, ctx, "offline reload", chromedp.Reload(), appReady, chromedp.WaitVisible(chromedp.CSS("svg.board")))
	playCells(t, ctx, "c5")
	if got := eval[string](t, ctx, `document.getElementById("record-out").value`); got != "GYRE 7x14\nd7 e9 c5" {
		t.Errorf("record offline = %q, want d7 e9 c5", got)
	}
	screenshot(t, ctx, "resume-2-offline")
	do(t, ctx, "offline rules", click("#nav-rules"), chromedp.WaitVisible(chromedp.CSS("main.rules")),
		chromedp.Reload(), appReady, chromedp.WaitVisible(chromedp.CSS("main.rules")))
	screenshot(t, ctx, "resume-3-offline-rules")
	// Both rulebooks and the print-and-play sheets are there offline.
	do(t, ctx, "offline Gygès rules", click("#rules-gyges"),
		waitJS(`document.querySelector("main.rules h1") !== null && document.querySelector("main.rules h1").textContent === "Gygès"`))
	if n := eval[int](t, ctx, `document.querySelectorAll("#sheets a").length`); n != 8 {
		t.Errorf("print-and-play links = %d, want 8", n)
	}
	sheet := eval[string](t, ctx, `(async () => {
		const r = await fetch(document.querySelector('#sheets a[href$="gyre-7x14-a4.svg"]').href);
		return r.status + " " + (await r.text()).slice(0, 40);
	})()`)
	if !strings.HasPrefix(sheet, "200 <svg") {
		t.Errorf("the 7x14 A4 sheet offline = %q, want 200 and an SVG", sheet)
	}
	screenshot(t, ctx, "resume-4-offline-gyges-rules")

	// The computer player (its Web Worker and bot.wasm) works offline too.
	do(t, ctx, "offline game against the computer", click("#nav-home"), chromedp.WaitVisible(chromedp.CSS("#start")),
		click("#mode-computer"), click("#level-easy"), click("#size-5x10"), click("#start"),
		chromedp.WaitVisible(chromedp.CSS("svg.board.live")))
	playCells(t, ctx, "c3")
	do(t, ctx, "computer's answer offline", waitJS(`document.querySelectorAll("#moves li").length >= 2 && document.querySelector("svg.board.live") !== null`))
}

// TestBrowserBot plays against the easy computer on the small board: every
// move of the person gets an answer, and undo takes back both.
func TestBrowserBot(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady,
		click("#mode-computer"), click("#level-easy"), click("#size-5x10"), click("#start"),
		chromedp.WaitVisible(chromedp.CSS("svg.board")))
	humanTurn := waitJS(`document.querySelector("svg.board.live") !== null || document.getElementById("result") !== null`)
	for i := 0; i < 4; i++ {
		do(t, ctx, "wait for my turn", humanTurn)
		if eval[bool](t, ctx, `document.getElementById("result") !== null`) {
			break
		}
		before := countMoves(t, ctx)
		// The first empty cell of ring c, then anywhere.
		do(t, ctx, "my move", chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => {
				const cells = [...document.querySelectorAll("svg.board .cell.empty")];
				const pick = cells.find(c => c.id.startsWith("cell-c")) || cells[0];
				pick.dispatchEvent(new MouseEvent("click", {bubbles: true}));
				return true;
			})()`)(c, tg)
			return err
		}), waitJS(fmt.Sprintf(`document.querySelectorAll("#moves li").length > %d`, before)))
		if i == 0 {
			screenshot(t, ctx, "bot-1-thinking")
		}
		do(t, ctx, "computer's answer", humanTurn)
		if eval[bool](t, ctx, `document.getElementById("result") === null`) && countMoves(t, ctx) < before+2 {
			t.Fatalf("moves = %d after my move, want the computer's answer too", countMoves(t, ctx))
		}
	}
	screenshot(t, ctx, "bot-2-after-moves")
	if eval[bool](t, ctx, `document.getElementById("result") === null`) {
		before := countMoves(t, ctx)
		do(t, ctx, "undo", click("#undo"), waitJS(fmt.Sprintf(`document.querySelectorAll("#moves li").length === %d`, before-2)))
		if got := textOf(t, ctx, "#status"); !strings.Contains(got, "Your turn") {
			t.Errorf("status after undo = %q, want my turn", got)
		}
	}
}

// TestBrowserStaticSubpath writes the static site for the sub-path /gygy/
// and plays a move in it, served by a plain file server.
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
	srv := startServer(t, http.FileServer(http.Dir(root)))
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/gygy/")), appReady,
		click("#size-5x10"), click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board")))
	playCells(t, ctx, "c3")
	if got := eval[string](t, ctx, `location.pathname + location.search`); got != "/gygy/?view=play" {
		t.Errorf("address = %q, want /gygy/?view=play", got)
	}
	if got := eval[string](t, ctx, `goappEnv.GYGY_SIGNAL`); got != "wss://signal.example/signal" {
		t.Errorf("signalling setting = %q", got)
	}
	screenshot(t, ctx, "static-subpath")
}

// TestBrowserScreens opens the game on a phone held upright, a phone held
// sideways and a desktop: the whole board is on screen and the page does
// not scroll.
func TestBrowserScreens(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady, click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board")))
	playCells(t, ctx, "a1", "swap", "g14")
	screens := []struct {
		name          string
		width, height int64
		mobile        bool
	}{
		{"phone-portrait", 390, 844, true},
		{"phone-landscape", 844, 390, true},
		{"desktop", 1280, 800, false},
	}
	for _, sc := range screens {
		opts := []chromedp.EmulateViewportOption{}
		if sc.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		do(t, ctx, sc.name, chromedp.EmulateViewport(sc.width, sc.height, opts...),
			waitJS(fmt.Sprintf(`window.innerWidth === %d`, sc.width)))
		fits := eval[bool](t, ctx, `(() => {
			const r = document.querySelector("svg.board").getBoundingClientRect();
			const d = document.documentElement;
			return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 &&
				r.width > 0.4 * Math.min(innerWidth, innerHeight) &&
				d.scrollHeight <= innerHeight + 1 && d.scrollWidth <= innerWidth + 1;
		})()`)
		if !fits {
			t.Errorf("%s: the board does not fit the screen, or the page scrolls", sc.name)
		}
		screenshot(t, ctx, "screen-"+sc.name)
	}
}

// TestBrowserTouchConfirm: on a phone the cells of the standard board are
// smaller than a fingertip, so a tap only marks a cell and a second tap on
// it places the stone; a tap on another cell moves the mark.
func TestBrowserTouchConfirm(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(srv.url("/")), appReady, click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board.live")))
	tap := func(cell string) {
		do(t, ctx, "tap "+cell, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById("cell-%s").dispatchEvent(
				new PointerEvent("click", {bubbles: true, pointerType: "touch"}))`, cell))(c, tg)
			return err
		}))
	}
	tap("b3")
	do(t, ctx, "b3 marked", waitJS(`document.getElementById("cell-b3").classList.contains("pending")`))
	tap("b4")
	do(t, ctx, "mark moved to b4", waitJS(`document.getElementById("cell-b4").classList.contains("pending") &&
		!document.getElementById("cell-b3").classList.contains("pending")`))
	if n := countMoves(t, ctx); n != 0 {
		t.Fatalf("moves after two single taps = %d, want 0", n)
	}
	screenshot(t, ctx, "touch-1-marked")
	tap("b4")
	do(t, ctx, "second tap places", waitJS(`document.querySelectorAll("#moves li").length === 1 &&
		document.getElementById("cell-b4").classList.contains("spoke")`))
	screenshot(t, ctx, "touch-2-placed")
}
