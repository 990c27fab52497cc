// Package book is the part of the rulebooks that the app carries: the
// reader for the small part of Markdown they use, and where each rulebook
// is served. The text itself (package rulebook) is not compiled into
// app.wasm: the rules screen fetches the rulebook of its language when it
// opens, and the service worker keeps every language for offline use.
package book

import "strings"

// English is the language of the rulebooks' first version (GYRE.md): the
// other languages' files carry their tag (GYRE.fr.md). Every language of
// the app's catalogue has its rulebooks (the catalogue's tests check it),
// so the app asks for a rulebook in its own language without a list of
// them here.
const English = "en"

// Games are the games that have a rulebook.
var Games = []string{"gyre", "gyges"}

// Dir is where the rulebooks and the balance map are served, relative to
// the app's base address.
const Dir = "web/rules/"

// MapFile is the GYRE balance map, served beside the rulebooks.
const MapFile = "gyre-balance.svg"

// Lang is the rulebook language for a language tag: its primary subtag
// ("fr" for "fr" and "fr-CA"), English for "".
func Lang(tag string) string {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	if base == "" {
		return English
	}
	return base
}

// File names the Markdown file of a game's rulebook in a language:
// "GYRE.md" in English, "GYRE.fr.md" in French.
func File(game, lang string) string {
	name := strings.ToUpper(game)
	if l := Lang(lang); l != English {
		name += "." + l
	}
	return name + ".md"
}

// Path is where the app fetches a rulebook: Dir and its File.
func Path(game, lang string) string { return Dir + File(game, lang) }

// Kind is the kind of a block of text.
type Kind int8

// The block kinds the rulebooks use.
const (
	Heading Kind = iota // Level 1 or 2
	Paragraph
	List // Items
	Code // Text, shown as written, in a fixed-width font
)

// Block is one block of a rulebook.
type Block struct {
	Kind  Kind
	Level int      // headings: 1 for "#", 2 for "##"
	Text  []Span   // headings and paragraphs
	Items [][]Span // list items
	Code  string   // code blocks
	Info  string   // code blocks: the word after the opening fence, e.g. "gyges" for a diagram
}

// Style is how a span of text is set.
type Style int8

// The inline styles.
const (
	Plain  Style = iota
	Strong       // **text**
	Em           // *text*
	Mono         // `text`
)

// Span is a run of text in one style.
type Span struct {
	Style Style
	Text  string
}

// Parse reads the Markdown subset of the rulebooks: "#" and "##" headings,
// paragraphs, "-" lists (items may wrap onto indented lines), fenced code
// blocks (with the word after the fence, which names a diagram), and **strong**, *emphasis* and `code` inside text. Anything else
// is kept as plain text.
func Parse(md string) []Block {
	var out []Block
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			i++
		case strings.HasPrefix(trimmed, "```"):
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				j++
			}
			info := strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))
			out = append(out, Block{Kind: Code, Code: strings.Join(lines[i+1:min(j, len(lines))], "\n"), Info: info})
			i = j + 1
		case strings.HasPrefix(line, "## "):
			out = append(out, Block{Kind: Heading, Level: 2, Text: Inline(line[3:])})
			i++
		case strings.HasPrefix(line, "# "):
			out = append(out, Block{Kind: Heading, Level: 1, Text: Inline(line[2:])})
			i++
		case strings.HasPrefix(line, "- "):
			var items [][]Span
			for i < len(lines) && strings.HasPrefix(lines[i], "- ") {
				item := lines[i][2:]
				i++
				for i < len(lines) && strings.HasPrefix(lines[i], "  ") && strings.TrimSpace(lines[i]) != "" {
					item += " " + strings.TrimSpace(lines[i])
					i++
				}
				items = append(items, Inline(item))
			}
			out = append(out, Block{Kind: List, Items: items})
		default:
			var para []string
			for i < len(lines) && strings.TrimSpace(lines[i]) != "" && !isBlockStart(lines[i]) {
				para = append(para, strings.TrimSpace(lines[i]))
				i++
			}
			out = append(out, Block{Kind: Paragraph, Text: Inline(strings.Join(para, " "))})
		}
	}
	return out
}

func isBlockStart(line string) bool {
	return strings.HasPrefix(line, "#") || strings.HasPrefix(line, "- ") || strings.HasPrefix(strings.TrimSpace(line), "```")
}

// Inline splits text into styled spans. An unmatched marker is kept as
// plain text.
func Inline(text string) []Span {
	var out []Span
	plain := func(s string) {
		if s == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Style == Plain {
			out[n-1].Text += s
			return
		}
		out = append(out, Span{Plain, s})
	}
	for text != "" {
		i := strings.IndexAny(text, "*`")
		if i < 0 {
			plain(text)
			break
		}
		plain(text[:i])
		text = text[i:]
		marker, style := "*", Em
		switch {
		case strings.HasPrefix(text, "**"):
			marker, style = "**", Strong
		case text[0] == '`':
			marker, style = "`", Mono
		}
		end := strings.Index(text[len(marker):], marker)
		if end <= 0 {
			plain(marker)
			text = text[len(marker):]
			continue
		}
		out = append(out, Span{style, text[len(marker) : len(marker)+end]})
		text = text[len(marker)+end+len(marker):]
	}
	return out
}
