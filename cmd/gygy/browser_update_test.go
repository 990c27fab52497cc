package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// switchable serves whichever handler it holds, so a test can deploy a new
// version of the app on the same address.
type switchable struct{ h atomic.Pointer[http.Handler] }

func (s *switchable) set(h http.Handler) { s.h.Store(&h) }

func (s *switchable) ServeHTTP(w http.ResponseWriter, r *http.Request) { (*s.h.Load()).ServeHTTP(w, r) }

// newVersion copies a web directory and makes its app.wasm different but
// still valid, by appending a custom section.
func newVersion(t *testing.T, web string) string {
	t.Helper()
	dir := t.TempDir()
	if err := copyDir(dir, web); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "app.wasm")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Section id 0 (custom), size 5: a name of length 4, "gygy".
	data = append(data, 0x00, 0x05, 0x04, 'g', 'y', 'g', 'y')
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBrowserUpdate deploys a new version while a game is in progress: the
// app notices it but offers the update only once the player is back on the
// home screen, and updating loads the new version. The offer must appear
// whether the player leaves the game before or after the new version is
// ready, so the test goes home as soon as the new worker is installed.
func TestBrowserUpdate(t *testing.T) {
	web := testWeb(t)
	v1, err := newSite(web, "", "")
	if err != nil {
		t.Fatal(err)
	}
	v2, err := newSite(newVersion(t, web), "", "")
	if err != nil {
		t.Fatal(err)
	}
	sw := &switchable{}
	sw.set(v1.handler())
	srv := startServer(t, sw)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady, click("#start"), chromedp.WaitVisible(chromedp.CSS("svg.board")))
	playCells(t, ctx, "d7")
	do(t, ctx, "reload", chromedp.Reload(), appReady, waitJS(`navigator.serviceWorker.controller !== null`))

	// Count the update notices the page gets, for the failure message.
	eval[bool](t, ctx, `(() => { window.__updates = 0; const f = window.goappOnUpdate; window.goappOnUpdate = () => { window.__updates++; f(); }; return true; })()`)
	sw.set(v2.handler())
	do(t, ctx, "update check", chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`(goappTryUpdate(), true)`)(c, tg)
		return err
	}), waitJSAsync(`navigator.serviceWorker.getRegistration().then((r) => !r.installing && !r.waiting && r.active &&
		caches.open("app-`+v2.app.Version+`").then((c) => c.match("/web/app.wasm")).then((m) => !!m))`))
	if eval[bool](t, ctx, `document.getElementById("update") !== null`) {
		t.Errorf("the update is offered in the middle of a game")
	}
	if err := chromedp.Do(ctx, click("#new-game"), waitJS(`document.getElementById("update") !== null`)); err != nil {
		t.Fatalf("no update offer on the home screen (%d update notices): %v", eval[int](t, ctx, `window.__updates`), err)
	}
	screenshot(t, ctx, "update-offer")
	do(t, ctx, "update", click("#update-now"), waitJS(`typeof goappEnv !== "undefined" && goappEnv.GOAPP_VERSION === "`+v2.app.Version+`"`), appReady)
	if !eval[bool](t, ctx, `document.getElementById("update") === null && document.getElementById("resume") !== null`) {
		t.Errorf("after the update: the offer is still there, or the saved game is not offered to resume")
	}
}

// waitJSAsync polls a JavaScript expression that gives a promise of a
// boolean until it resolves to true.
func waitJSAsync(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		deadline := time.Now().Add(60 * time.Second)
		var last error
		for time.Now().Before(deadline) {
			ok, err := chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise)(ctx, tg)
			if err == nil && ok {
				return nil
			}
			last = err
			time.Sleep(50 * time.Millisecond)
		}
		return fmt.Errorf("timed out waiting for %s (last error: %v)", expr, last)
	})
}
