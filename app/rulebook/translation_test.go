package rulebook

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"gygy/app/rulebook/book"
)

// shape is the outline of a rulebook: each block's kind, a heading's
// level, a list's number of items, and a code block's word and lines
// without its words for people (caption and alt), which are translated.
func shape(md string) []string {
	var out []string
	for _, b := range book.Parse(md) {
		switch b.Kind {
		case book.Heading:
			out = append(out, fmt.Sprintf("heading %d", b.Level))
		case book.List:
			out = append(out, fmt.Sprintf("list of %d", len(b.Items)))
		case book.Code:
			var lines []string
			for _, line := range strings.Split(b.Code, "\n") {
				if !strings.HasPrefix(line, "caption ") && !strings.HasPrefix(line, "alt ") {
					lines = append(lines, line)
				}
			}
			out = append(out, fmt.Sprintf("code %q: %q", b.Info, lines))
		default:
			out = append(out, "paragraph")
		}
	}
	return out
}

// Each translation has the English rulebook's sections, lists and
// diagrams in the same order: the diagrams are the same blocks (their
// captions aside), so the engine's checks of one hold for all.
func TestTranslationsMatch(t *testing.T) {
	for _, game := range book.Games {
		en, _ := Text(game, book.English)
		want := shape(en)
		for _, lang := range Languages()[1:] {
			md, ok := Text(game, lang)
			if !ok {
				t.Errorf("no %s", book.File(game, lang))
				continue
			}
			got := shape(md)
			for i := 0; i < max(len(got), len(want)); i++ {
				g, w := "(nothing)", "(nothing)"
				if i < len(got) {
					g = got[i]
				}
				if i < len(want) {
					w = want[i]
				}
				if g != w {
					t.Errorf("%s, block %d: %s, where %s has %s", book.File(game, lang), i+1, g, book.File(game, book.English), w)
					break
				}
			}
		}
	}
}

// French text follows French typography: a narrow no-break space (U+202F)
// before : ; ! ? % and inside « guillemets », the typographic apostrophe.
// Code (`…`) and the diagrams' lines other than captions are not text.
func TestFrenchTypography(t *testing.T) {
	const nnbsp = '\u202f'
	for _, game := range book.Games {
		md, _ := Text(game, "fr")
		var texts []string
		spans := func(ss []book.Span) {
			for _, s := range ss {
				if s.Style != book.Mono {
					texts = append(texts, s.Text)
				}
			}
		}
		for _, b := range book.Parse(md) {
			spans(b.Text)
			for _, it := range b.Items {
				spans(it)
			}
			for _, line := range strings.Split(b.Code, "\n") {
				for _, word := range []string{"caption ", "alt "} {
					if rest, ok := strings.CutPrefix(line, word); ok {
						spans(book.Inline(rest))
					}
				}
			}
		}
		for _, text := range texts {
			for i, r := range text {
				prev, _ := utf8.DecodeLastRuneInString(text[:i])
				next, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):])
				bad := ""
				switch {
				case strings.ContainsRune(":;!?»%", r) && i > 0 && prev != nnbsp:
					if r == ':' && prev != ' ' && prev != '\u00a0' {
						continue // 7x14:, a time, …: only a spaced colon is French punctuation
					}
					bad = fmt.Sprintf("%q not after a narrow no-break space", r)
				case r == '«' && next != nnbsp:
					bad = "« not followed by a narrow no-break space"
				case r == '\'':
					bad = "a straight apostrophe"
				}
				if bad != "" {
					t.Errorf("%s: %s: …%s…", book.File(game, "fr"), bad, around(text, i))
				}
			}
		}
	}
}

func around(s string, i int) string {
	from, to := max(0, i-30), min(len(s), i+30)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	return s[from:to]
}
