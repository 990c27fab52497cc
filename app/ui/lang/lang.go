package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Tag names a language by its BCP 47 primary subtag, the name of its
// folder in the catalogue: "en", "fr".
type Tag string

// The languages the code knows by name; the catalogue may hold more.
const (
	EN Tag = "en"
	FR Tag = "fr"
)

// ActionChanged is the action the shell posts after [Use] changed the
// language: a component that shows words updates on it.
const ActionChanged = "lang-changed"

// files is the catalogue as this build carries it: every file for the
// server and the tests (embed_other.go), only each language's meta.json
// in app.wasm (embed_js.go), whose words are fetched ([Load]).

// message is one entry of the catalogue: a text, or plural forms.
type message struct {
	text   string
	plural map[string]string // "one", "other"; nil for a plain text
}

// meta is a language's meta.json: its own name and how it writes numbers.
type meta struct {
	Name      string `json:"name"`       // the language's name in itself: "Français"
	PluralOne []int  `json:"plural_one"` // the counts that take the "one" form
	Decimal   string `json:"decimal"`    // the decimal separator
	Group     string `json:"group"`      // the thousands separator
	Percent   string `json:"percent"`    // a percentage, {n} for the number: "{n} %"
}

// language is one folder of the catalogue, read when first needed: its
// meta.json when its name or its numbers are, its words when a word is.
type language struct {
	tag   Tag
	cat   *catalogue
	metaF string   // its meta.json's path, "" if it has none
	areas []string // its other files' paths, in order

	metaOnce sync.Once
	meta     meta
	metaErr  error

	msgsOnce sync.Once
	msgs     map[string]message
	area     map[string]string // key → the file it came from
	msgsErrs []error

	loaded atomic.Pointer[map[string]message] // the words given to [Load], if any
}

// catalogue is the files of every language, read lazily: making it costs
// a list of names, no parsing (the start of the app reads one language).
type catalogue struct {
	files     map[string]string // path → content
	languages map[Tag]*language
	tags      []Tag // English first, then by tag
}

var (
	cat     atomic.Pointer[catalogue] // nil until first needed
	current atomic.Pointer[language]  // nil: English
)

// theCatalogue is the catalogue, the embedded one unless a test set one.
func theCatalogue() *catalogue {
	if c := cat.Load(); c != nil {
		return c
	}
	cat.CompareAndSwap(nil, newCatalogue(embedded(files)))
	return cat.Load()
}

// embedded lists the files of an embed.FS, path → content, read by the
// layout package embed has kept since Go 1.16 (a pointer to a list of
// name, data, hash), not by its methods: those link io/fs's and time's
// formatting into app.wasm, 30 KB brotli. TestEmbedded checks it against
// io/fs.
func embedded(f embed.FS) map[string]string {
	type file struct {
		name, data string
		hash       [16]byte
	}
	out := map[string]string{}
	list := *(**[]file)(unsafe.Pointer(&f))
	if list == nil {
		return out
	}
	for _, x := range *list {
		if !strings.HasSuffix(x.name, "/") {
			out[x.name] = x.data
		}
	}
	return out
}

// newCatalogue sorts a catalogue's files into languages, reading none.
func newCatalogue(files map[string]string) *catalogue {
	c := &catalogue{files: files, languages: map[Tag]*language{}}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sortStrings(names) // in order: the errors and the tags always the same
	for _, name := range names {
		dir, base, ok := strings.Cut(name, "/")
		if !ok || strings.Contains(base, "/") || !strings.HasSuffix(base, ".json") {
			continue
		}
		l := c.languages[Tag(dir)]
		if l == nil {
			l = &language{tag: Tag(dir), cat: c}
			c.languages[l.tag] = l
			c.tags = append(c.tags, l.tag)
		}
		if base == "meta.json" {
			l.metaF = name
		} else {
			l.areas = append(l.areas, name)
		}
	}
	for i, t := range c.tags { // English first, the others in order
		if t == EN {
			copy(c.tags[1:i+1], c.tags[:i])
			c.tags[0] = EN
			break
		}
	}
	return c
}

// errors reads every language and reports what its files got wrong (the
// tests report it; the app then shows English or the keys).
func (c *catalogue) errors() []error {
	var errs []error
	for _, t := range c.tags {
		l := c.languages[t]
		if l.getMeta(); l.metaErr != nil {
			errs = append(errs, l.metaErr)
		}
		l.words()
		errs = append(errs, l.msgsErrs...)
	}
	return errs
}

// getMeta is the language's meta.json, read the first time.
func (l *language) getMeta() *meta {
	l.metaOnce.Do(func() {
		if l.metaF == "" || l.cat == nil {
			return
		}
		if err := json.Unmarshal([]byte(l.cat.files[l.metaF]), &l.meta); err != nil {
			l.metaErr = fmt.Errorf("lang: %s: %w", l.metaF, err)
		}
	})
	return &l.meta
}

// words are the language's words: those given to [Load], else its areas'
// files, read the first time in order; a file it cannot read is
// reported, never a panic.
func (l *language) words() map[string]message {
	if m := l.loaded.Load(); m != nil {
		return *m
	}
	l.msgsOnce.Do(func() {
		size := 0
		if l.cat != nil {
			for _, name := range l.areas {
				size += strings.Count(l.cat.files[name], "\n")
			}
		}
		l.msgs = make(map[string]message, size)
		l.area = make(map[string]string, size)
		if l.cat == nil {
			return
		}
		for _, name := range l.areas {
			if err := l.add(name, l.cat.files[name]); err != nil {
				l.msgsErrs = append(l.msgsErrs, err)
			}
		}
	})
	return l.msgs
}

// add reads one area's file: key → text, or key → plural forms.
func (l *language) add(name, data string) error {
	return readFlat(name, data, func(key string, m message) error {
		if prev, ok := l.area[key]; ok {
			return fmt.Errorf("%s: also in %s", key, prev)
		}
		l.msgs[key], l.area[key] = m, name
		return nil
	})
}

// sortStrings sorts a few strings (sort and slices would link a sort of
// their own into app.wasm, 20 KB for a dozen files).
func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Tags lists the languages of the catalogue, English first.
func Tags() []Tag { return append([]Tag(nil), theCatalogue().tags...) }

// Name is the language's name in itself ("English", "Français"), its tag
// if the catalogue does not know it.
func Name(t Tag) string {
	if l, ok := theCatalogue().languages[t]; ok {
		if n := l.getMeta().Name; n != "" {
			return n
		}
	}
	return string(t)
}

// Parse reads a tag kept or sent as text: "fr", "fr-CA" and "FR" give FR.
// It reports false for a language the catalogue does not have.
func Parse(s string) (Tag, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		s = s[:i]
	}
	_, ok := theCatalogue().languages[Tag(s)]
	return Tag(s), ok
}

// FromBrowser picks the language for a browser's preferred languages
// (navigator.languages, best first): the first the catalogue has, any
// region ("fr-BE" is French), else English.
func FromBrowser(languages []string) Tag {
	for _, s := range languages {
		if t, ok := Parse(s); ok {
			return t
		}
	}
	return EN
}

// Use makes t the language of the page; a tag the catalogue does not have
// gives English. Call it on the UI goroutine, then post [ActionChanged].
// It reads nothing: the language's files are read by the first word.
func Use(t Tag) {
	c := theCatalogue()
	l, ok := c.languages[t]
	if !ok {
		l = c.english()
	}
	current.Store(l)
}

// english is the catalogue's English; an empty one (the keys themselves)
// if it has none.
func (c *catalogue) english() *language {
	if l, ok := c.languages[EN]; ok {
		return l
	}
	return &language{tag: EN}
}

// cur is the language of the page.
func cur() *language {
	if l := current.Load(); l != nil {
		return l
	}
	return theCatalogue().english()
}

// Current is the language of the page.
func Current() Tag { return cur().tag }
