package main

// The page's start: go-app's generated app.js with its own loader replaced
// by start.js. go-app's loader relays app.wasm through a script stream
// (for its progress percentage), which costs the page's main thread a task
// per chunk, keeps the browser from caching the compiled program, and it
// registers the service worker first, whose copy of app.wasm and bot.wasm
// for offline use then shares a phone's network with the page's own
// download. The rest of app.js (the functions the Go side of go-app calls)
// is kept as go-app writes it. gygy serve and gygy static serve the same
// replacement.

import (
	_ "embed"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui"
)

//go:embed start.js
var startJS string

// goappStart is the part of go-app's (v10.1.11) app.js that starts
// everything at once; startCalls replaces it, and start.js does the rest.
const (
	goappStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"
	startCalls = "goappWatchForUpdate();\ngoappWatchForInstallable();\n// gygy: the service worker and the WebAssembly program are started by the\n// script at the end of this file.\n"
)

// startScript returns go-app's app.js for h with gygy's start in place of
// go-app's loader.
func startScript(h *app.Handler) ([]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("go-app's app.js: status %d", rec.Code)
	}
	js := rec.Body.String()
	if strings.Count(js, goappStart) != 1 {
		return nil, fmt.Errorf("go-app's app.js does not start as gygy expects (go-app upgraded?): cannot replace its loader")
	}
	js = strings.Replace(js, goappStart, startCalls, 1)
	return []byte(js + "\n" + startJS), nil
}

// coverScript marks, in the page's head before anything is drawn, the
// addresses whose screen the server cannot draw (it has neither the saved
// game nor the online one): for them the loader covers the page, which
// would otherwise show the home screen for a moment (gygy.css).
var coverScript = `<script>if (/[?&](` + coverPattern() + `)/.test(location.search)) document.documentElement.classList.add("gygy-cover");</script>`

// coverPattern is the regular expression of ui.ServerCannotDraw's
// parameters, e.g. "room=|view=(play|online|nearby)(&|$)".
func coverPattern() string {
	var alts []string
	for _, param := range slices.Sorted(maps.Keys(ui.ServerCannotDraw)) {
		values := ui.ServerCannotDraw[param]
		if slices.Contains(values, "") {
			alts = append(alts, regexp.QuoteMeta(param)+"=")
			continue
		}
		quoted := make([]string, len(values))
		for i, v := range values {
			quoted[i] = regexp.QuoteMeta(v)
		}
		alts = append(alts, regexp.QuoteMeta(param)+"=("+strings.Join(quoted, "|")+")(&|$)")
	}
	return strings.Join(alts, "|")
}

// preloadWasm is the page's hint to fetch app.wasm while it reads the
// rest of the page; it matches start.js's fetch (same URL, CORS mode,
// same-origin credentials) so that the browser uses the one download.
func preloadWasm(url string) string {
	return `<link rel="preload" href="` + url + `" as="fetch" type="application/wasm" crossorigin="anonymous">`
}

// The page as the server renders it is what the person sees while
// app.wasm loads (the loader is a bar along its foot, gygy.css). go-app's
// server rendering writes two kinds of attribute wrongly for that: a
// boolean attribute set to false comes out as checked="false", which HTML
// reads as checked, and an ARIA state set to "true" comes out bare
// (aria-pressed), which reads as no state. fixPrerender corrects both in
// every tag. disabled="false" is left on most buttons: until the program
// runs they do nothing, and so they look disabled. The home screen's
// choices and its Start are the exception: the page's script answers them
// before the program runs (start.js), so they are made live.
var (
	htmlTag       = regexp.MustCompile(`<[a-zA-Z][^>]*>`)
	falseBoolean  = regexp.MustCompile(` (checked|selected|hidden|readonly|required|multiple|open|autofocus)="false"`)
	bareAriaState = regexp.MustCompile(`( aria-[a-z]+)([ />])`)
	earlyButton   = regexp.MustCompile(`^<button\b[^>]*( class="choice"| id="start")[ />]`)
	falseDisabled = regexp.MustCompile(` disabled="false"`)
)

func fixPrerender(page []byte) []byte {
	return htmlTag.ReplaceAllFunc(page, func(tag []byte) []byte {
		tag = falseBoolean.ReplaceAll(tag, nil)
		if earlyButton.Match(tag) {
			tag = falseDisabled.ReplaceAll(tag, nil)
		}
		// Twice: two bare states in a row share the space between them.
		for range 2 {
			tag = bareAriaState.ReplaceAll(tag, []byte(`$1="true"$2`))
		}
		return tag
	})
}

// withFixedPages serves h with its pages (the app's one route, "/")
// corrected by fixPrerender.
func withFixedPages(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		renderLang.RLock() // in English (words.go)
		h.ServeHTTP(rec, r)
		renderLang.RUnlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		body := rec.Body.Bytes()
		if rec.Code == http.StatusOK && strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body = fixPrerender(body)
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
}

// fixStaticPages applies fixPrerender to the pages gygy static wrote.
func fixStaticPages(out string) error {
	pages, err := filepath.Glob(filepath.Join(out, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		page, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, fixPrerender(page), 0o644); err != nil {
			return err
		}
	}
	return nil
}
