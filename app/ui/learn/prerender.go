//go:build !(js && wasm)

package learn

import (
	"encoding/json"
	"strings"

	"gygy/app/learn/texts"
)

// The server pre-renders the lessons screen from its own copy of the
// lessons' words (package texts, which app.wasm does not link); the unit
// tests read them the same way.
func init() {
	for name, b := range texts.Served() {
		var words map[string]string
		if json.Unmarshal(b, &words) == nil {
			lessonTexts[strings.TrimSuffix(name, ".json")] = words
		}
	}
}
