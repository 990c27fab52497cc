// Package texts holds the lessons' words in every language, one JSON file
// a language (en.json, fr.json): a lesson's title, idea, task and what it
// says of an attempt, by keys "lessons.<id>.title" and so on (the lesson's
// id with "_" for "-"). They are not compiled into app.wasm: cmd/gygy
// serves them under learn.TextsDir, the lessons screen fetches the file of
// its language, and the service worker keeps them all. The catalogue's
// tests (package ui/lang) check them as the catalogue's area "lessons".
package texts

import "embed"

// Files are the lessons' words, a file a language.
//
//go:embed *.json
var Files embed.FS

// Served are the files served under learn.TextsDir, by name.
func Served() map[string][]byte {
	out := make(map[string][]byte)
	entries, _ := Files.ReadDir(".")
	for _, e := range entries {
		if b, err := Files.ReadFile(e.Name()); err == nil {
			out[e.Name()] = b
		}
	}
	return out
}
