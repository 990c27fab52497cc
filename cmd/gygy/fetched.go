package main

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"gygy/app/learn"
	"gygy/app/learn/texts"
	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
	"gygy/app/ui/lang"
)

// The texts the app fetches rather than carries in app.wasm: the words of
// every language, the rulebooks and the lessons' words, served under
// /web/ from the server's own copy, written by `gygy static`, and kept by
// the service worker.

// fetchedDir is one folder of them: its path under /web/ and its files by
// name.
type fetchedDir struct {
	dir   string // "/lang/", as the site's paths are under /web/
	files map[string][]byte
}

// fetchedDirs are the folders of fetched texts: the words of every
// language (lang.Dir: the app fetches its page's language at its start),
// the rulebooks in every language and the GYRE balance map (book.Dir: the
// rules screen fetches the one it shows), and the lessons' words
// (learn.TextsDir: the lessons screen fetches its language's).
func fetchedDirs() ([]fetchedDir, error) {
	words := map[string][]byte{}
	for _, t := range lang.Tags() {
		b, err := lang.Bundle(t)
		if err != nil {
			return nil, fmt.Errorf("the words in %s: %w", t, err)
		}
		words[path.Base(lang.File(t))] = b
	}
	under := func(dir string) string { return strings.TrimPrefix("/"+dir, "/web") }
	return []fetchedDir{
		{under(lang.Dir), words},
		{under(book.Dir), rulebook.Served()},
		{under(learn.TextsDir), texts.Served()},
	}, nil
}

// fetchedFiles are the paths of every fetched text, for the service
// worker's list.
func fetchedFiles(dirs []fetchedDir) []string {
	var out []string
	for _, d := range dirs {
		for name := range d.files {
			out = append(out, "/web"+d.dir+name)
		}
	}
	slices.Sort(out)
	return out
}

// fetched finds the text served at name (a path under /web/) and its
// content type.
func fetched(dirs []fetchedDir, name string) (doc []byte, kind string, ok bool) {
	for _, d := range dirs {
		if !strings.HasPrefix(name, d.dir) {
			continue
		}
		if doc, ok = d.files[strings.TrimPrefix(name, d.dir)]; ok {
			switch path.Ext(name) {
			case ".svg":
				kind = "image/svg+xml"
			case ".md":
				kind = "text/markdown; charset=utf-8"
			default:
				kind = "application/json"
			}
			return doc, kind, true
		}
	}
	return nil, "", false
}
