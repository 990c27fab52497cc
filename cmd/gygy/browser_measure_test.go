package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// monitorJS runs before the page's own scripts. It records when the board
// becomes interactive (the WebAssembly program has replaced the loader and
// drawn the cells), the longest main-thread task the browser reports, and
// the longest gap between animation frames.
const monitorJS = `(() => {
  window.__gygy = {ready: 0, longTask: 0, frameGap: 0, longTasks: 0};
  const m = window.__gygy;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) { m.longTasks++; m.longTask = Math.max(m.longTask, e.duration); }
    }).observe({type: "longtask", buffered: true});
  } catch (e) {}
  let last = 0;
  const frame = (t) => {
    if (last && m.ready) { m.frameGap = Math.max(m.frameGap, t - last); }
    last = t;
    if (!m.ready && !document.getElementById("app-wasm-loader") && document.querySelector("svg.board .cell")) {
      m.ready = performance.now();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`

func installMonitor(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: monitorJS}); err != nil {
		t.Fatal(err)
	}
}

// measureWeb is the web directory to measure: $GYGY_MEASURE_WEB, else the
// one "make wasm" built (stripped, with brotli) when it is there, else a
// test build.
func measureWeb(t *testing.T) string {
	if dir := os.Getenv("GYGY_MEASURE_WEB"); dir != "" {
		return dir
	}
	if _, err := os.Stat("../../web/app.wasm.br"); err == nil {
		return "../../web"
	}
	return testWeb(t)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestBrowserMeasure reports the figures the issue asks for; it asserts
// nothing about speed. Run it with GYGY_MEASURE=1.
func TestBrowserMeasure(t *testing.T) {
	if os.Getenv("GYGY_MEASURE") == "" {
		t.Skip("set GYGY_MEASURE=1 to measure load time and main-thread stalls")
	}
	site, err := newSite(measureWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range site.wasms {
		t.Logf("%s: %d bytes raw, %d gzip, %d brotli", name, len(w.raw), len(w.gz), len(w.br))
	}
	srv := startServer(t, site.handler())
	ready := waitJS(`window.__gygy && window.__gygy.ready > 0`)

	// Cold loads: a fresh profile each time (no service worker, no cache).
	var cold, warm []float64
	for i := 0; i < 5; i++ {
		ctx := newBrowser(t)
		installMonitor(t, ctx)
		do(t, ctx, "start", chromedp.Navigate(srv.url("/")), appReady, click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board")))
		do(t, ctx, "cold load", chromedp.Navigate("about:blank"), chromedp.Navigate(srv.url("/?view=play")), ready)
		cold = append(cold, eval[float64](t, ctx, `window.__gygy.ready`))
		if i == 0 {
			// Warm loads: the same profile, the app served by its worker.
			do(t, ctx, "worker", waitJSAsync(`navigator.serviceWorker.ready.then(() => true)`))
			for j := 0; j < 5; j++ {
				do(t, ctx, "warm load", chromedp.Navigate("about:blank"), chromedp.Navigate(srv.url("/?view=play")), ready)
				if !eval[bool](t, ctx, `navigator.serviceWorker.controller !== null`) {
					t.Fatalf("warm load %d: the page is not served by the service worker", j)
				}
				warm = append(warm, eval[float64](t, ctx, `window.__gygy.ready`))
			}
		}
		chromedp.Cancel(ctx)
	}
	t.Logf("navigation to interactive board: cold %v ms (median %.0f), warm %v ms (median %.0f)", cold, median(cold), warm, median(warm))

	// A move in a two-player game: the page's own work for one move (check,
	// save, redraw), from the click until the board shows the stone.
	{
		ctx := newBrowser(t)
		installMonitor(t, ctx)
		do(t, ctx, "hot seat", chromedp.Navigate(srv.url("/")), appReady, click("#start"), ready)
		var costs []float64
		for _, cell := range []string{"d7", "e9", "c3", "f2", "b11", "g5"} {
			do(t, ctx, "keep", waitJS(`(document.getElementById("keep") && document.getElementById("keep").click(), true)`))
			cost := eval[float64](t, ctx, `new Promise((resolve) => {
				const el = document.getElementById("cell-`+cell+`");
				const t0 = performance.now();
				new MutationObserver((_, obs) => {
					if (!document.getElementById("cell-`+cell+`").classList.contains("empty")) { obs.disconnect(); resolve(performance.now() - t0); }
				}).observe(document.querySelector("svg.board"), {attributes: true, subtree: true});
				el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
			})`)
			costs = append(costs, cost)
		}
		t.Logf("one move in a two-player game, click to stone drawn: %.0f ms (each: %.0f)", median(costs), costs)
		chromedp.Cancel(ctx)
	}

	// The hard computer on the standard board: the longest stall while it
	// thinks about its swap decision and two replies.
	ctx := newBrowser(t)
	installMonitor(t, ctx)
	do(t, ctx, "hard game", chromedp.Navigate(srv.url("/")), appReady,
		click("#mode-computer"), click("#level-hard"), click("#start"), ready,
		// Let the first visit's start-up work (the service worker caching
		// the app, the computer player's worker compiling) finish first.
		waitJSAsync(`navigator.serviceWorker.ready.then(() => true)`), chromedp.Sleep(2*time.Second))
	humanTurn := waitJS(`document.querySelector("svg.board.live") !== null || document.getElementById("result") !== null`)
	for _, cell := range []string{"d7", "d3", "e11"} {
		do(t, ctx, "my turn", humanTurn)
		empty := eval[bool](t, ctx, fmt.Sprintf(`document.getElementById("cell-%s").classList.contains("empty")`, cell))
		if !empty {
			continue
		}
		eval[bool](t, ctx, `(() => { Object.assign(window.__gygy, {longTask: 0, frameGap: 0, longTasks: 0}); return true; })()`)
		start := time.Now()
		do(t, ctx, "move "+cell, click("#cell-"+cell), waitJS(`document.querySelector("svg.board.live") === null`), humanTurn)
		longTask := eval[float64](t, ctx, `window.__gygy.longTask`)
		gap := eval[float64](t, ctx, `window.__gygy.frameGap`)
		n := eval[int](t, ctx, `window.__gygy.longTasks`)
		t.Logf("hard bot on 7x14, after %s: %v from my click to my turn; longest main-thread task %.0f ms (%d tasks over 50 ms); longest gap between frames %.0f ms",
			cell, time.Since(start).Round(time.Millisecond), longTask, n, gap)
	}
	screenshot(t, ctx, "measure-hard-bot")
}
