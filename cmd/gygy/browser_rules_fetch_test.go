package main

// The rules screen fetches its rulebook (it is not in app.wasm): what it
// shows when the fetch fails, and the retry.

import (
	"strings"
	"testing"
)

// TestBrowserRulesFetchFails opens the rules while every fetch of a
// rulebook fails, as offline before the service worker has kept them: the
// screen says so plainly and offers a retry, which shows the rules once
// the rulebook can be fetched again.
func TestBrowserRulesFetchFails(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	// Every fetch under web/rules/ fails, as a network error does.
	eval[bool](p, `(() => {
		window.realFetch = window.fetch;
		window.fetch = (url, ...rest) => String(url).includes("/web/rules/")
			? Promise.reject(new TypeError("Failed to fetch"))
			: window.realFetch(url, ...rest);
		return true;
	})()`)
	p.Click(idNavRules)
	p.WaitVisible(byID(idRulesFailed))
	if got := p.Text(byID(idRulesFailed)); !strings.Contains(got, "could not be loaded") || !strings.Contains(got, "Try again") {
		t.Errorf("the failed rules say %q, want that they could not be loaded, and a retry", got)
	}
	if p.Has(selGyreDiagram) {
		t.Errorf("the rules show a diagram while their rulebook failed")
	}
	p.Screenshot("rules-fetch-failed")
	if axeAvailable() {
		p.CheckAxe("the rules, failed to load")
	}
	eval[bool](p, `(() => { window.fetch = window.realFetch; return true; })()`)
	p.Click("rules-retry")
	p.WaitMoreThan(selGyreDiagramStone, 10)
	if p.Has(byID(idRulesFailed)) {
		t.Errorf("the failure is still shown after a successful retry")
	}
	p.WaitText(selRulesTitle, "GYRE")
}
