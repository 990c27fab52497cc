package main

import (
	"os"
	"path/filepath"
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
		check(t, get(t, h, "/").Body.String(), rec.Body.String(), "")
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
