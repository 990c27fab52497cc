package lang

import (
	"maps"
	"strings"
	"testing"
)

// asFetched is the embedded catalogue as app.wasm has it: each language's
// meta.json, no words.
func asFetched() map[string]string {
	out := map[string]string{}
	for name, data := range embedded(files) {
		if strings.HasSuffix(name, "/meta.json") {
			out[name] = data
		}
	}
	return out
}

// The words app.wasm fetches are every word of the language: Bundle
// writes them, Load reads them back the same, in every language.
func TestBundleLoadsBackTheSameWords(t *testing.T) {
	full := theCatalogue()
	for _, tag := range full.tags {
		b, err := Bundle(tag)
		if err != nil {
			t.Fatalf("Bundle(%s): %v", tag, err)
		}
		want := full.languages[tag].words()
		Use(tag)
		wantOne, wantTwo := N("board.piece", 1), N("board.piece", 2)
		withCatalogue(t, asFetched())
		if Ready(tag) {
			t.Fatalf("%s is ready before its words are loaded", tag)
		}
		if err := Load(tag, string(b)); err != nil {
			t.Fatalf("Load(%s): %v", tag, err)
		}
		if !Ready(tag) {
			t.Fatalf("%s is not ready after Load", tag)
		}
		got := theCatalogue().languages[tag].words()
		if len(got) != len(want) {
			t.Errorf("%s: %d words loaded, %d in the catalogue", tag, len(got), len(want))
		}
		for key, m := range want {
			g, ok := got[key]
			if !ok || g.text != m.text || !maps.Equal(g.plural, m.plural) {
				t.Errorf("%s: %s loaded as %+v, want %+v", tag, key, g, m)
			}
		}
		Use(tag)
		if one, two := N("board.piece", 1), N("board.piece", 2); one != wantOne || two != wantTwo || one == two {
			t.Errorf("%s: board.piece for 1 and 2 is %q, %q; want %q, %q", tag, one, two, wantOne, wantTwo)
		}
		cat.Store(full)
		Use(EN)
	}
}

// A fetched file that is broken or empty, or a language the catalogue
// does not know, is an error that names it, and the words already loaded
// stay.
func TestLoadRefusesBadWords(t *testing.T) {
	withCatalogue(t, asFetched())
	if err := Load(FR, `{"shell.nav.home": "Accueil"}`); err != nil {
		t.Fatal(err)
	}
	with(t, FR)
	for _, bad := range []string{``, `{`, `{"a": 1}`, `{"shell.nav.home": "x",}`, `{}`, `[]`, `{"a": "b"} x`, "{\"a\": \"\xff\"}"} {
		err := Load(FR, bad)
		if err == nil {
			t.Errorf("Load(%q) took it", bad)
			continue
		}
		if !strings.Contains(err.Error(), "fr.json") {
			t.Errorf("Load(%q): %v does not name the file", bad, err)
		}
		if got := T("shell.nav.home"); got != "Accueil" {
			t.Errorf("after Load(%q): %q, want the words loaded before", bad, got)
		}
	}
	if err := Load("xx", `{"a": "b"}`); err == nil || !strings.Contains(err.Error(), "xx") {
		t.Errorf("Load of an unknown language: %v", err)
	}
}
