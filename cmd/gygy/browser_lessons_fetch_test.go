package main

// The lessons screen fetches its words (they are not in app.wasm): in the
// page's language when it opens and again after a language switch; what
// it shows when the fetch fails, and the retry.

import (
	"strings"
	"testing"
)

// TestBrowserLearnTextsFetch opens the lessons while every fetch of their
// words fails, as offline before the service worker has kept them: the
// screen says so plainly and offers a retry, which shows the lessons once
// the words can be fetched again; a switch to French fetches the French
// words, and the English come back byte for byte.
func TestBrowserLearnTextsFetch(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	eval[bool](p, `(() => {
		window.realFetch = window.fetch;
		window.lessonFetches = [];
		window.failLessons = true;
		window.fetch = (url, ...rest) => {
			if (String(url).includes("/web/lessons/")) {
				window.lessonFetches.push(String(url).replace(/^.*\/web\/lessons\//, ""));
				if (window.failLessons) return Promise.reject(new TypeError("Failed to fetch"));
			}
			return window.realFetch(url, ...rest);
		};
		return true;
	})()`)
	p.Click(idLearnLink)
	p.WaitVisible(byID("lessons-failed"))
	if got := p.Text(byID("lessons-failed")); !strings.Contains(got, "could not be loaded") || !strings.Contains(got, "Try again") {
		t.Errorf("the failed lessons say %q, want that they could not be loaded, and a retry", got)
	}
	if p.Has(byID("lesson-gyre-bridge")) {
		t.Errorf("the lessons' list shows while their words failed")
	}
	if axeAvailable() {
		p.CheckAxe("the lessons, failed to load")
	}
	eval[bool](p, `(window.failLessons = false, true)`)
	p.Click("lessons-retry")
	p.WaitText(byID("lesson-gyre-bridge"), "2. A bridge")
	if p.Has(byID("lessons-failed")) {
		t.Errorf("the failure is still shown after a successful retry")
	}
	p.SwitchLang("fr")
	p.WaitText(byID("lesson-gyre-bridge"), "2. Un pont")
	p.SwitchLang("en")
	p.WaitText(byID("lesson-gyre-bridge"), "2. A bridge")
	got := eval[string](p, `window.lessonFetches.join(",")`)
	if got != "en.json,en.json,fr.json" {
		t.Errorf("the lessons fetched %q, want en.json (failed), en.json, then fr.json once", got)
	}
}
