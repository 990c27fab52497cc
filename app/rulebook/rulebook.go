// Package rulebook holds the rulebooks, one Markdown file per game and
// language (GYRE.md and GYRE.fr.md, GYGES.md and GYGES.fr.md: book.File
// names them), written so that they read well in the repository, and the
// GYRE balance map they share. The server serves them beside the app
// (under book.Dir) and draws the pre-rendered rules from them; app.wasm
// does not link this package: the rules screen fetches the rulebook it
// shows, and reads it with package book.
package rulebook

import (
	"embed"
	"html"
	"slices"
	"strings"

	"gygy/app/rulebook/book"
)

// Files holds the rulebooks in every language and the balance map.
//
//go:embed *.md gyre-balance.svg
var Files embed.FS

// The English rulebooks' Markdown source.
var (
	//go:embed GYRE.md
	Gyre string
	//go:embed GYGES.md
	Gyges string
)

// Text is a game's rulebook in a language (one of Languages), and
// whether there is one.
func Text(game, lang string) (string, bool) {
	b, err := Files.ReadFile(book.File(game, lang))
	return string(b), err == nil
}

// Served are the files served under book.Dir, by name: every rulebook in
// every language, and the balance map.
func Served() map[string][]byte {
	out := make(map[string][]byte)
	for _, game := range book.Games {
		for _, lang := range Languages() {
			if text, ok := Text(game, lang); ok {
				out[book.File(game, lang)] = []byte(text)
			}
		}
	}
	out[book.MapFile] = []byte(BalanceMap)
	return out
}

// Languages are the languages some rulebook is written in, English
// first, read from the files' names (GYRE.md, GYRE.fr.md): a new language's
// rulebooks need no code.
func Languages() []string {
	langs := []string{book.English}
	entries, _ := Files.ReadDir(".")
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".md")
		if _, tag, found := strings.Cut(base, "."); ok && found && !slices.Contains(langs, tag) {
			langs = append(langs, tag)
		}
	}
	return langs
}

// BalanceMap is the GYRE balance map, an SVG heat map drawn by
// `gygy-lab balance render` from the measurement (rings down, columns across,
// coloured by Spoke's share of games). The GYRE rulebook shows it where a
// fenced block marked "gyre-map" stands.
//
//go:embed gyre-balance.svg
var BalanceMap string

// SVGText is what an SVG says about itself for a reader who cannot see
// it: its title and its description, joined, with entities decoded.
func SVGText(svg string) string {
	var parts []string
	for _, tag := range []string{"title", "desc"} {
		_, rest, ok := strings.Cut(svg, "<"+tag)
		if !ok {
			continue
		}
		_, rest, ok = strings.Cut(rest, ">")
		if !ok {
			continue
		}
		text, _, ok := strings.Cut(rest, "</"+tag+">")
		if ok && strings.TrimSpace(text) != "" {
			parts = append(parts, strings.TrimSpace(html.UnescapeString(text)))
		}
	}
	return strings.Join(parts, ". ")
}
