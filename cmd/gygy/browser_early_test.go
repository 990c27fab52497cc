package main

// A first visit is useful while the program loads: the pre-rendered home
// screen's choices can be made before app.wasm has arrived, Start pressed
// early says "Starting…" and starts the chosen game as soon as the program
// runs, and nothing chosen is lost when the program takes over the page.

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// heldServer serves the app with app.wasm held back until release is
// called: the page stays the pre-rendered one as long as the test needs.
func heldServer(t *testing.T) (srv *server, release func()) {
	t.Helper()
	site, err := newSite(testWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	var once sync.Once
	h := site.handler()
	srv = startServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	return srv, release
}

// openEarly opens an address and waits for its pre-rendered page, not for
// the program (whose app.wasm is held back).
func (p *page) openEarly(url string) {
	p.t.Helper()
	p.openEarlyTo(url, byID(idStartQuick))
}

// openEarlyTo is openEarly for a page other than home: it waits for the
// element sel of the pre-rendered page (present, maybe hidden).
func (p *page) openEarlyTo(url, sel string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, cdppage.Navigate, cdppage.NavigateParams{URL: url}); err != nil {
		p.t.Fatalf("navigate to %s: %v", url, err)
	}
	p.Wait("the page drawn by the server", jsEl(sel)+" !== null && document.readyState !== \"loading\"")
	if !p.Has(byID(idLoader)) {
		p.t.Fatal("the program runs already: app.wasm was not held back")
	}
}

// pressEarly presses a button of the page still loading as a person does,
// where it is seen once it has kept still: by its place on the screen, not
// by the browser's handle on the element, which the page's loading can
// make stale (in CI a click by handle failed with "Could not find node
// with given id" on the pre-rendered page).
func (p *page) pressEarly(id string) {
	p.t.Helper()
	p.ScrollTo(byID(id))
	p.WaitInPlace(byID(id))
	p.Tap(spot(jsEl(byID(id))))
}

func TestBrowserEarlyStart(t *testing.T) {
	t.Run("start", func(t *testing.T) {
		srv, release := heldServer(t)
		p := newPage(t, "")
		p.Emulate(390, 844, true)
		p.openEarly(srv.url("/"))
		p.pressEarly(idModeComputer)
		p.pressEarly(idSize5x10)
		for _, id := range []string{idModeComputer, idSize5x10} {
			if !p.pressed(id) {
				t.Errorf("before the program runs, %s pressed does not show as chosen", id)
			}
		}
		if p.pressed(idModeHotseat) {
			t.Error("two players still shows as chosen beside the computer")
		}
		p.pressEarly(idStartQuick)
		p.Wait("Starting…", fmt.Sprintf(`%s.textContent.startsWith("Starting…")`, jsEl(byID(idStartQuick))))
		p.Screenshot("early-1-starting-phone")
		if !p.Has(byID(idLoader)) {
			t.Fatal("the program ran before app.wasm was let through")
		}
		release()
		// The computer's game on 5 × 10: it places the fair start's
		// opening (the person plays second by default) and offers the swap.
		p.Do("the program", appReady)
		p.WaitVisible(byID(idSwapOffer))
		if rec := p.Record(); !strings.HasPrefix(rec, "GYRE 5x10") {
			t.Errorf("the game started early: record %q, want GYRE 5x10", rec)
		}
		if !strings.Contains(p.Status(), "keep sides") {
			t.Errorf("status %q: want the person's choice after the computer's opening", p.Status())
		}
		p.Screenshot("early-2-started-phone")
		if eval[bool](p, `sessionStorage.getItem("gygy.early") !== null`) {
			t.Error("what was pressed early is still kept after the program took it over")
		}
	})

	t.Run("choices kept", func(t *testing.T) {
		srv, release := heldServer(t)
		p := newPage(t, "")
		p.openEarly(srv.url("/"))
		p.pressEarly(idGameGyges)
		p.pressEarly(idModeOnline)
		release()
		p.Do("the program", appReady)
		wantPressed(t, p, idGameGyges, idModeOnline)
		if p.pressed(idGameGYRE) || p.pressed(idModeHotseat) {
			t.Error("the defaults show as chosen beside the choices made early")
		}
		if got := p.Text(byID(idStartQuick)); !strings.Contains(got, "Gygès") || !strings.Contains(got, "online") {
			t.Errorf("the Start at the top reads %q, want the Gygès game online", got)
		}
		p.Screenshot("early-3-choices-kept")
		p.CheckAxe("the home screen after choices made early")
	})

	// A returning player who chose a theme unlike the browser's sees it
	// from the first paint, not the other palette until the program runs.
	t.Run("theme", func(t *testing.T) {
		srv, release := heldServer(t)
		p := newPage(t, "")
		p.Emulate(390, 844, true)
		p.PreferScheme("light")
		p.openEarly(srv.url("/"))
		if got := eval[string](p, `getComputedStyle(document.body).backgroundColor`); got != lightBackground {
			t.Errorf("no theme chosen, the browser preferring light: background %s, want %s", got, lightBackground)
		}
		eval[bool](p, `(localStorage.setItem("gygy.theme", JSON.stringify("dark")), true)`)
		p.openEarly(srv.url("/"))
		if got := eval[string](p, `getComputedStyle(document.body).backgroundColor`); got != darkBackground {
			t.Errorf("before the program runs, the dark theme kept: background %s, want %s", got, darkBackground)
		}
		if got := p.Text(byID(idThemeSwitch)); !strings.Contains(got, "dark") || strings.Contains(got, "auto") {
			t.Errorf("before the program runs, the theme switch reads %q, want dark", got)
		}
		p.Screenshot("early-4-theme-dark-phone")
		release()
		p.Do("the program", appReady)
		if got := eval[string](p, `getComputedStyle(document.body).backgroundColor`); got != darkBackground {
			t.Errorf("after the program took over: background %s, want %s", got, darkBackground)
		}
		if got := p.Text(byID(idThemeSwitch)); !strings.Contains(got, "dark") || strings.Contains(got, "light") {
			t.Errorf("after the program took over, the theme switch reads %q, want dark", got)
		}
		p.CheckAxe("the home screen, dark by choice, after an early start")
	})
}
