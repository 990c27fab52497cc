package main

// The page drawn before the program runs is rendered by the server in
// English; a French device must not see that English first. The server
// renders the page once in each language of the catalogue, pairs the
// texts and names of the two pages in order, and hands the translations
// to ui.LangScript, a head script that words the page as it is read,
// before anything is drawn (it does not hide the page: the largest paint
// stays the pre-rendered one).

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui"
	"gygy/app/ui/lang"
)

// renderLang guards the process's language (lang.Use is global): a page
// rendered for a request holds it shared, the words' rendering in another
// language holds it alone.
var renderLang sync.RWMutex

// loaderWords are the keys of the texts start.js writes while app.wasm
// loads, which the page's own texts do not hold (their {progress} stays
// for start.js to fill).
var loaderWords = []string{"shell.loading", "shell.starting", "shell.starting_progress"}

// pageWords renders the pages the head script words (ui.WordedViews) with
// the handlers newHandler makes in each language and pairs their texts
// with the English ones: for each language but English, English text →
// its translation. Each page must be the English page worded text for
// text.
func pageWords(newHandler func() *app.Handler) (map[lang.Tag]map[string]string, error) {
	renderLang.Lock()
	defer renderLang.Unlock()
	defer lang.Use(lang.EN)
	texts := map[lang.Tag]map[string][]pageText{}
	loader := map[lang.Tag][]string{}
	for _, t := range lang.Tags() {
		lang.Use(t)
		texts[t] = map[string][]pageText{}
		for _, view := range ui.WordedViews {
			target := "/"
			if view != "" {
				target += "?view=" + view
			}
			rec := httptest.NewRecorder()
			newHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
			if rec.Code != http.StatusOK {
				return nil, fmt.Errorf("rendering %s in %s: status %d", target, t, rec.Code)
			}
			texts[t][view] = pageTexts(rec.Body.String())
		}
		for _, key := range loaderWords {
			loader[t] = append(loader[t], lang.T(key, "progress", "{progress}"))
		}
	}
	words := map[lang.Tag]map[string]string{}
	for _, t := range lang.Tags() {
		if t == lang.EN {
			continue
		}
		w := map[string]string{}
		for i, s := range loader[t] {
			w[loader[lang.EN][i]] = s
		}
		for _, view := range ui.WordedViews {
			if err := pairTexts(w, texts[lang.EN][view], texts[t][view]); err != nil {
				return nil, fmt.Errorf("the page of view %q in %s: %w", view, t, err)
			}
		}
		words[t] = w
	}
	return words, nil
}

// pairTexts adds to w each English text of a page with its translation,
// the same page's texts in another language, if the two pages are the same
// text for text; else it adds nothing and says where they part.
func pairTexts(w map[string]string, en, other []pageText) error {
	if len(other) != len(en) {
		return fmt.Errorf("%d texts, in English %d: not the same page", len(other), len(en))
	}
	for i, x := range other {
		if x.attr != en[i].attr {
			return fmt.Errorf("text %d is %q, %q in English: not the same page", i, x.text, en[i].text)
		}
	}
	for i, x := range other {
		if _, ok := w[en[i].text]; !ok && x.meant != en[i].meant {
			w[en[i].text] = x.meant
		}
	}
	return nil
}

// pageText is a text of a page (attr "") or the value of a named
// attribute: as the browser reads it, and as the program wrote it (go-app
// writes an attribute's value as a Go string literal, so a U+202F in it
// reaches the browser as the six characters \u202f).
type pageText struct{ attr, text, meant string }

// pageToken finds, in order, what pageTexts reads or skips: a script or a
// style (skipped), a tag, a text between tags.
var (
	pageToken = regexp.MustCompile(`(?is)<(?:script|style)\b.*?</(?:script|style)\s*>|<[^>]*>|[^<]+`)
	pageName  = regexp.MustCompile(`\s(aria-label|title|alt|placeholder)="([^"]*)"`)
)

// pageTexts lists the texts and names of a page as the browser reads
// them (unescaped, without the blanks around them), in order; the names
// of one tag by name (go-app writes attributes in no fixed order).
func pageTexts(page string) []pageText {
	var out []pageText
	for _, tok := range pageToken.FindAllString(page, -1) {
		switch {
		case strings.HasPrefix(tok, "<script") || strings.HasPrefix(tok, "<style") ||
			strings.HasPrefix(tok, "<SCRIPT") || strings.HasPrefix(tok, "<STYLE"):
		case strings.HasPrefix(tok, "<"):
			var names []pageText
			for _, m := range pageName.FindAllStringSubmatch(tok, -1) {
				if s := html.UnescapeString(m[2]); s != "" {
					meant, err := strconv.Unquote(`"` + m[2] + `"`)
					if err != nil {
						meant = s
					}
					names = append(names, pageText{m[1], s, meant})
				}
			}
			sort.Slice(names, func(i, j int) bool { return names[i].attr < names[j].attr })
			out = append(out, names...)
		default:
			if s := trimBlank(html.UnescapeString(tok)); s != "" {
				out = append(out, pageText{"", s, s})
			}
		}
	}
	return out
}

// trimBlank trims the ASCII blanks around a text, as the head script
// does (a no-break space stays).
func trimBlank(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\n' || s[0] == '\t' || s[0] == '\r') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\n' || s[len(s)-1] == '\t' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

// langScript is ui.LangScript for the pages newHandler makes.
func langScript(newHandler func() *app.Handler, wordsURL string) (string, error) {
	words, err := pageWords(newHandler)
	if err != nil {
		return "", err
	}
	return ui.LangScript(words, wordsURL), nil
}

// langManifests are the web manifest in each language but English, by
// the name the head script links it under lang.Dir ("fr.webmanifest"):
// go-app's manifest of a handler made in that language (its
// description), scoped under prefix as the static site's is.
func langManifests(newHandler func() *app.Handler, prefix string) (map[string][]byte, error) {
	renderLang.Lock()
	defer renderLang.Unlock()
	defer lang.Use(lang.EN)
	out := map[string][]byte{}
	for _, t := range lang.Tags() {
		if t == lang.EN {
			continue
		}
		lang.Use(t)
		rec := httptest.NewRecorder()
		newHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/manifest.webmanifest", nil))
		if rec.Code != http.StatusOK {
			return nil, fmt.Errorf("the manifest in %s: status %d", t, rec.Code)
		}
		doc, err := scoped(rec.Body.Bytes(), prefix)
		if err != nil {
			return nil, fmt.Errorf("the manifest in %s: %w", t, err)
		}
		out[string(t)+".webmanifest"] = doc
	}
	return out, nil
}
