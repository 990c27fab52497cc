//go:build !(js && wasm)

package rules

import (
	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
)

// The server pre-renders the rules screen from its own copy of the
// rulebooks (package rulebook, which app.wasm does not link): the page
// that /?view=rules serves shows the rules before the program starts.
func init() {
	for _, game := range book.Games {
		for _, lang := range rulebook.Languages() {
			if text, ok := rulebook.Text(game, lang); ok {
				books[book.Path(game, lang)] = book.Parse(text)
			}
		}
	}
}
