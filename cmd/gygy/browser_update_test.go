package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

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
	os.Remove(path + ".gz") // the old program's: the site compresses the new one
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
	// The offer in each language: the page's words all in it.
	for _, tc := range []struct {
		lang string
		opts []chromedp.ExecAllocatorOption
	}{{"en", nil}, {"fr", french}} {
		t.Run(tc.lang, func(t *testing.T) {
			testUpdate(t, v1, v2, tc.lang, tc.opts...)
		})
	}
}

// testUpdate serves v1, plays a move, then serves v2: the update waits
// for the game's end or the home screen, and keeps the saved game.
func testUpdate(t *testing.T, v1, v2 *site, lang string, opts ...chromedp.ExecAllocatorOption) {
	sw := &switchable{}
	sw.set(v1.handler())
	srv := startServer(t, sw)
	p := newPage(t, "", opts...)
	p.Open(srv.url("/"))
	p.Click(idStart)
	p.WaitVisible(selGyreBoard)
	p.Play("d7")
	p.WaitWorkerReady() // registered once app.wasm is in, it may still be installing
	p.Reload()
	p.WaitServiceWorker()

	p.CountUpdateNotices() // for the failure message
	sw.set(v2.handler())
	p.WaitUpdateInstalled(v2.app.Version)
	if p.Has(byID(idUpdate)) {
		t.Errorf("the update is offered in the middle of a game")
	}
	p.Click(idNewGame)
	if !p.Appears(byID(idUpdate)) {
		p.fail(fmt.Sprintf("no update offer on the home screen (%d update notices)", p.UpdateNotices()))
	}
	p.Screenshot("update-offer-" + lang)
	if left := wordsLeft(lang, p.Words()); len(left) > 0 {
		t.Errorf("the update offer's page (%s) has words of another language: %q", lang, left)
	}
	p.Click(idUpdateNow)
	p.WaitVersion(v2.app.Version)
	if p.Has(byID(idUpdate)) || !p.Has(byID(idResume)) {
		t.Errorf("after the update: the offer is still there, or the saved game is not offered to resume")
	}
}
