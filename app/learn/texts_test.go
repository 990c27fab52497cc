package learn_test

import (
	"encoding/json"
	"strings"
	"testing"

	"gygy/app/learn"
	"gygy/app/learn/texts"
)

// TestTexts: every language's file words every lesson (a title, an idea,
// a task, what it says when done; what it says of a miss is optional) and
// holds no word of a lesson that does not exist. That the languages agree
// (keys, placeholders, French spacing) is package ui/lang's tests' part.
func TestTexts(t *testing.T) {
	served := texts.Served()
	for _, name := range []string{"en.json", "fr.json"} {
		if _, ok := served[name]; !ok {
			t.Errorf("no %s among the served texts %v", name, served)
		}
	}
	for name, b := range served {
		var words map[string]string
		if err := json.Unmarshal(b, &words); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		known := map[string]bool{}
		for _, l := range learn.All() {
			for _, w := range []string{"title", "text", "task", "success", "wrong"} {
				k := learn.Key(l.ID, w)
				known[k] = true
				if w != "wrong" && strings.TrimSpace(words[k]) == "" {
					t.Errorf("%s: lesson %s has no %s (%s)", name, l.ID, w, k)
				}
			}
		}
		for k := range words {
			if !known[k] {
				t.Errorf("%s: %s is the word of no lesson", name, k)
			}
		}
	}
	if got := learn.TextsPath("fr"); got != "web/lessons/fr.json" {
		t.Errorf(`TextsPath("fr") = %q`, got)
	}
}
