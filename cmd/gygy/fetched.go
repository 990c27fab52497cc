package main

import (
	"slices"
	"strings"

	"gygy/app/learn"
	"gygy/app/learn/texts"
	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
)

// The texts the app fetches rather than carries in app.wasm: the
// rulebooks and the lessons' words, every language, served under /web/
// from the server's own copy, written by `gygy static`, and kept by the
// service worker.

// rulesDir is where the rulebooks in every language and the GYRE balance
// map are served, under /web/ (book.Dir): the rules screen fetches the
// rulebook it shows, and the service worker keeps them all.
var rulesDir = strings.TrimPrefix("/"+book.Dir, "/web")

// rulesFiles are the paths of the rulebooks and the balance map, for the
// service worker's list.
func rulesFiles() []string {
	var out []string
	for name := range rulebook.Served() {
		out = append(out, "/web"+rulesDir+name)
	}
	slices.Sort(out)
	return out
}

// lessonsDir is where the lessons' words in every language are served,
// under /web/ (learn.TextsDir): the lessons screen fetches the file of its
// language, and the service worker keeps them all.
var lessonsDir = strings.TrimPrefix("/"+learn.TextsDir, "/web")

// lessonsFiles are the paths of the lessons' words, for the service
// worker's list.
func lessonsFiles() []string {
	var out []string
	for name := range texts.Served() {
		out = append(out, "/web"+lessonsDir+name)
	}
	slices.Sort(out)
	return out
}
