package main

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// monitorJS runs before the page's own scripts. It records when the board
// becomes interactive (the WebAssembly program has replaced the loader and
// drawn the cells), the longest main-thread task the browser reports, and
// the longest gap between animation frames.
var monitorJS = fmt.Sprintf(`(() => {
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
    if (!m.ready && !document.getElementById(%q) && document.querySelector(%q)) {
      m.ready = performance.now();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`, idLoader, selGyreCell)

// measuredPage starts a browser whose pages run monitorJS.
func measuredPage(t *testing.T) *page {
	t.Helper()
	p := newPage(t, "")
	if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: monitorJS}); err != nil {
		t.Fatal(err)
	}
	return p
}

// figure reads one of monitorJS's figures.
func figure[T any](p *page, name string) T {
	p.t.Helper()
	return eval[T](p, "window.__gygy."+name)
}

// waitFigures waits until the board is interactive.
func waitFigures(p *page) {
	p.t.Helper()
	p.Wait("board interactive", `window.__gygy && window.__gygy.ready > 0`)
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
	play := srv.url("/?view=play")

	// Cold loads: a fresh profile each time (no service worker, no cache).
	var cold, warm []float64
	for i := 0; i < 5; i++ {
		p := measuredPage(t)
		p.Open(srv.url("/"))
		p.Click(idStart)
		p.WaitVisible(selGyreBoard)
		p.Navigate("about:blank")
		p.Navigate(play)
		waitFigures(p)
		cold = append(cold, figure[float64](p, "ready"))
		if i == 0 {
			// Warm loads: the same profile, the app served by its worker.
			p.WaitWorkerReady()
			for j := 0; j < 5; j++ {
				p.Navigate("about:blank")
				p.Navigate(play)
				waitFigures(p)
				if !p.ServedByWorker() {
					t.Fatalf("warm load %d: the page is not served by the service worker", j)
				}
				warm = append(warm, figure[float64](p, "ready"))
			}
		}
		chromedp.Cancel(p.ctx)
	}
	t.Logf("navigation to interactive board: cold %v ms (median %.0f), warm %v ms (median %.0f)", cold, median(cold), warm, median(warm))

	// A move in a two-player game: the page's own work for one move (check,
	// save, redraw), from the click until the board shows the stone.
	{
		p := measuredPage(t)
		p.Open(srv.url("/"))
		p.StartGame(idRuleSwap)
		waitFigures(p)
		var costs []float64
		for _, cell := range []string{"d7", "e9", "c3", "f2", "b11", "g5"} {
			p.Wait("keep", fmt.Sprintf(`(document.getElementById(%[1]q) && document.getElementById(%[1]q).click(), true)`, idKeep))
			costs = append(costs, eval[float64](p, fmt.Sprintf(`new Promise((resolve) => {
				const el = document.getElementById("cell-%[1]s");
				const t0 = performance.now();
				new MutationObserver((_, obs) => {
					if (!document.getElementById("cell-%[1]s").classList.contains("empty")) { obs.disconnect(); resolve(performance.now() - t0); }
				}).observe(document.querySelector(%[2]q), {attributes: true, subtree: true});
				el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
			})`, cell, selGyreBoard)))
		}
		t.Logf("one move in a two-player game, click to stone drawn: %.0f ms (each: %.0f)", median(costs), costs)
		chromedp.Cancel(p.ctx)
	}

	// The hard computer on the standard board: the longest stall while it
	// answers three moves (the first with its swap, now taken at once).
	p := measuredPage(t)
	p.Open(srv.url("/"))
	p.StartGame(idModeComputer, idLevelHard, idSideFirst, idRuleSwap)
	waitFigures(p)
	// Let the first visit's start-up work (the service worker caching the
	// app, the computer player's worker compiling) finish first.
	p.WaitWorkerReady()
	p.Do("settle", chromedp.Sleep(2*time.Second))
	for _, cell := range []string{"d7", "d3", "e11"} {
		p.WaitTurnOrResult()
		if !p.Cell(cell).Is(classEmpty) {
			continue
		}
		eval[bool](p, `(() => { Object.assign(window.__gygy, {longTask: 0, frameGap: 0, longTasks: 0}); return true; })()`)
		start := time.Now()
		p.Cell(cell).Click()
		p.WaitGone(selLive)
		p.WaitTurnOrResult()
		t.Logf("hard bot on 7x14, after %s: %v from my click to my turn; longest main-thread task %.0f ms (%d tasks over 50 ms); longest gap between frames %.0f ms",
			cell, time.Since(start).Round(time.Millisecond), figure[float64](p, "longTask"), figure[int](p, "longTasks"), figure[float64](p, "frameGap"))
	}
	p.Screenshot("measure-hard-bot")
}
