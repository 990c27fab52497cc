package lang

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"gygy/app/learn/texts"
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
				loadErrs = append(loadErrs, err)
				continue
			}
			for k, v := range words {
				merged[k] = v
			}
		}
		out, _ := json.Marshal(merged)
		files[tag+"/lessons.json"] = string(out)
	}
	errs := loadErrs
	languages, tags, loadErrs = load(files)
	loadErrs = append(errs, loadErrs...)
	Use(EN)
	os.Exit(m.Run())
}

// TestTextsInCatalogue: the lessons' words are in the catalogue the tests
// check, in every language.
func TestTextsInCatalogue(t *testing.T) {
	for _, tag := range []Tag{EN, FR} {
		if _, ok := languages[tag].msgs["lessons.gyre_stone.title"]; !ok {
			t.Errorf("%s: the lessons' words are not in the catalogue under test", tag)
		}
	}
}
