package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gygy/app/ui/lang"
)

func TestPageTexts(t *testing.T) {
	page := `<html><head><title>gygy</title><script>const a = "<b>x</b>";</script><style>p{}</style></head>` +
		`<body><p> Rules &amp; more </p><button title="Press\u202f!" aria-label="Colour theme">◐ auto</button><img alt=""></body></html>`
	got := pageTexts(page)
	want := []pageText{{"", "gygy", "gygy"}, {"", "Rules & more", "Rules & more"},
		{"aria-label", "Colour theme", "Colour theme"}, {"title", `Press\u202f!`, "Press\u202f!"}, {"", "◐ auto", "◐ auto"}}
	if len(got) != len(want) {
		t.Fatalf("pageTexts = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pageTexts[%d] = %q, want %q", i, got[i], want[i])
		}
	}
}

// The server words its start page in French: the header's links and the
// loader are among the words, in the head script of the page it serves
// (in English), and the page still renders in English after.
func TestStartPageWords(t *testing.T) {
	site, err := newSite(fakeWeb(t, []byte("wasm"), nil), "", "")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	site.handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	page := rec.Body.String()
	for _, want := range []string{`"Rules":"Règles"`, `"My games":"Mes parties"`,
		"\"Loading gygy… {progress}%\":\"Chargement de gygy… {progress}\u202f%\"", `<html lang="en"`, `>Rules</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the start page lacks %s", want)
		}
	}
	if i, j := strings.Index(page, "gygyWord"), strings.Index(page, "<body"); i < 0 || i > j {
		t.Errorf("the language's script is not in the page's head")
	}
}

// start.js words its texts by their English: they must be the catalogue's.
func TestStartWordsAreTheCatalogues(t *testing.T) {
	for _, key := range loaderWords {
		en := lang.T(key, "progress", "{progress}")
		if key == "shell.loading" {
			continue // go-app's goappLoadingLabel, the handler's LoadingLabel
		}
		if !strings.Contains(startJS, `startWord("`+en+`")`) {
			t.Errorf("start.js does not word %q (%s)", en, key)
		}
	}
}
