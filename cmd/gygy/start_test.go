package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The page's start: app.js is go-app's, with gygy's start instead of
// go-app's loader, served alike by gygy serve and gygy static; the page
// asks for app.wasm early, at the address start.js fetches.
func TestStartScript(t *testing.T) {
	check := func(t *testing.T, page, js, prefix string) {
		t.Helper()
		wasm := prefix + "/web/app.wasm"
		if !strings.Contains(page, `<link rel="preload" href="`+wasm+`" as="fetch" type="application/wasm" crossorigin="anonymous">`) {
			t.Errorf("the page has no preload of %s", wasm)
		}
		if !strings.Contains(page, coverScript) {
			t.Errorf("the page's head does not choose the loader's cover")
		}
		for _, call := range []string{"\ngoappInitWebAssembly();", "\ngoappInitServiceWorker();"} {
			if strings.Contains(js, call) {
				t.Errorf("app.js still calls %s at the top level", strings.TrimSpace(call))
			}
		}
		for _, want := range []string{
			"function goappInitServiceWorker()", // kept for start.js
			"function goappTryUpdate()",         // the Go side of go-app calls these
			"function goappGetenv(k)",
			"\ngoappWatchForUpdate();",
			`"GOAPP_STATIC_RESOURCES_URL":"` + prefix + `/web"`,
			"WebAssembly.instantiateStreaming(response, go.importObject)", // start.js
			"\n      goappInitServiceWorker();",                           // by start.js, once app.wasm is in
		} {
			if !strings.Contains(js, want) {
				t.Errorf("app.js lacks %q", want)
			}
		}
	}
	t.Run("serve", func(t *testing.T) {
		s, err := newSite(fakeWeb(t, []byte("wasm"), nil), "", "")
		if err != nil {
			t.Fatal(err)
		}
		h := s.handler()
		rec := get(t, h, "/app.js")
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/javascript") {
			t.Fatalf("GET /app.js = %d %q", rec.Code, rec.Header().Get("Content-Type"))
		}
		page := get(t, h, "/").Body.String()
		check(t, page, rec.Body.String(), "")
		if strings.Contains(page, `checked="false"`) || !strings.Contains(page, `aria-pressed="true"`) {
			t.Errorf("the served page is not corrected by fixPrerender")
		}
		if again := get(t, h, "/app.js", "If-None-Match", rec.Header().Get("ETag")); again.Code != 304 {
			t.Errorf("GET /app.js with its ETag = %d, want 304", again.Code)
		}
	})
	t.Run("static", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "site")
		if err := writeStatic(out, "/gygy", fakeWeb(t, []byte("wasm"), nil), ""); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(out, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		js, err := os.ReadFile(filepath.Join(out, "app.js"))
		if err != nil {
			t.Fatal(err)
		}
		check(t, string(page), string(js), "/gygy")
	})
}

func TestFixPrerender(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<input type="checkbox" checked="false" id="noswap">`, `<input type="checkbox" id="noswap">`},
		{`<input checked id="x">`, `<input checked id="x">`},
		{`<button aria-pressed disabled="false" id="a">A</button>`, `<button aria-pressed="true" disabled="false" id="a">A</button>`},
		{`<button aria-pressed="false" id="b">`, `<button aria-pressed="false" id="b">`},
		{`<div aria-busy aria-expanded>`, `<div aria-busy="true" aria-expanded="true">`},
		{`<b aria-hidden/>`, `<b aria-hidden="true"/>`},
		{`<p>checked="false" and aria-pressed stay in text</p>`, `<p>checked="false" and aria-pressed stay in text</p>`},
		{`<a aria-label="x y" href="/">`, `<a aria-label="x y" href="/">`},
		// The home screen's choices and Start answer before the program
		// runs: live; a choice that is off stays disabled.
		{`<button data-group="game" aria-pressed disabled="false" id="game-gyre" class="choice" value="gyre">`, `<button data-group="game" aria-pressed="true" id="game-gyre" class="choice" value="gyre">`},
		{`<button class="choice" disabled="true" id="mode-computer">`, `<button class="choice" disabled="true" id="mode-computer">`},
		{`<button id="start" class="primary" disabled="false">`, `<button id="start" class="primary">`},
		{`<button id="start-replace" disabled="false">`, `<button id="start-replace" disabled="false">`},
	}
	for _, tt := range tests {
		if got := string(fixPrerender([]byte(tt.in))); got != tt.want {
			t.Errorf("fixPrerender(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// The loader covers exactly the screens the server cannot draw.
func TestCoverPattern(t *testing.T) {
	re := regexp.MustCompile(`[?&](` + coverPattern() + `)`)
	for query, want := range map[string]bool{
		"?room=abc": true, "?view=play": true, "?view=online&x=1": true, "?view=nearby": true, "?a=1&room=z": true,
		"": false, "?view=rules": false, "?view=player": false, "?roomy=1": false,
	} {
		if got := re.MatchString(query); got != want {
			t.Errorf("%q covered: %v, want %v (pattern %q)", query, got, want, coverPattern())
		}
	}
}
