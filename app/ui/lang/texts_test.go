package lang

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"gygy/app/learn/texts"
	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
)

// TestMain checks the catalogue with the lessons' words in it: they are
// served apart (package texts, fetched by the lessons screen, not compiled
// into app.wasm), but they are the catalogue's area "lessons" all the
// same, so every check here (each key in every language, the same
// placeholders, French typography, no key unused) covers them.
func TestMain(m *testing.M) {
	files := embedded(files)
	for name, b := range texts.Served() {
		tag := strings.TrimSuffix(name, ".json")
		merged := map[string]string{}
		for _, src := range []string{files[tag+"/lessons.json"], string(b)} {
			if src == "" {
				continue
			}
			var words map[string]string
			if err := json.Unmarshal([]byte(src), &words); err != nil {
				textsErrs = append(textsErrs, fmt.Errorf("%s: %w", name, err))
				continue
			}
			for k, v := range words {
				merged[k] = v
			}
		}
		out, _ := json.Marshal(merged)
		files[tag+"/lessons.json"] = string(out)
	}
	cat.Store(newCatalogue(files))
	Use(EN)
	os.Exit(m.Run())
}

// textsErrs are the lessons' files that TestMain could not read.
var textsErrs []error

// TestTextsInCatalogue: the lessons' words are in the catalogue the tests
// check, in every language, and their files read.
func TestTextsInCatalogue(t *testing.T) {
	for _, err := range textsErrs {
		t.Error(err)
	}
	for _, tag := range []Tag{EN, FR} {
		if _, ok := theCatalogue().languages[tag].words()["lessons.gyre_stone.title"]; !ok {
			t.Errorf("%s: the lessons' words are not in the catalogue under test", tag)
		}
	}
}

// A language of the catalogue is a whole language: the app asks for the
// rulebooks and the lessons' words in its own language without a list of
// languages in code (book.Lang, the lessons screen), so each must be there.
func TestEveryLanguageHasRulebooksAndLessons(t *testing.T) {
	lessons := texts.Served()
	for _, tag := range Tags() {
		for _, game := range book.Games {
			if _, ok := rulebook.Text(game, book.Lang(string(tag))); !ok {
				t.Errorf("%s: no rulebook %s beside the English one (app/rulebook)", tag, book.File(game, string(tag)))
			}
		}
		if _, ok := lessons[string(tag)+".json"]; !ok {
			t.Errorf("%s: no lessons' words app/learn/texts/%s.json", tag, tag)
		}
	}
	if len(Tags()) < 2 {
		t.Errorf("the catalogue has %d languages, want English and French at least", len(Tags()))
	}
}
