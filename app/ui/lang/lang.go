package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync/atomic"
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

// files is the catalogue: a folder a language, a JSON file an area.
//
//go:embed */*.json
var files embed.FS

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

// language is one folder of the catalogue.
type language struct {
	tag  Tag
	meta meta
	msgs map[string]message
	area map[string]string // key → the file it came from
}

var (
	languages map[Tag]*language
	tags      []Tag   // English first, then by tag
	loadErrs  []error // what the catalogue's files got wrong (the tests report it)
	current   atomic.Pointer[language]
)

func init() {
	languages, tags, loadErrs = load(files)
	Use(EN)
}

// load reads a catalogue; a file it cannot read is reported in errs,
// never a panic: the app then shows English or the keys.
func load(fsys fs.FS) (languages map[Tag]*language, tags []Tag, errs []error) {
	languages = map[Tag]*language{}
	dirs, _ := fs.ReadDir(fsys, ".")
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		l := &language{tag: Tag(d.Name()), msgs: map[string]message{}, area: map[string]string{}}
		names, _ := fs.Glob(fsys, d.Name()+"/*.json")
		for _, name := range names {
			data, err := fs.ReadFile(fsys, name)
			if err == nil {
				if path.Base(name) == "meta.json" {
					err = json.Unmarshal(data, &l.meta)
				} else {
					err = l.add(name, data)
				}
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("lang: %s: %w", name, err))
			}
		}
		languages[l.tag] = l
		tags = append(tags, l.tag)
	}
	sort.Slice(tags, func(i, j int) bool {
		if (tags[i] == EN) != (tags[j] == EN) {
			return tags[i] == EN
		}
		return tags[i] < tags[j]
	})
	return languages, tags, errs
}

// add reads one area's file: key → text, or key → plural forms.
func (l *language) add(name string, data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for key, v := range raw {
		var m message
		if err := json.Unmarshal(v, &m.text); err != nil {
			if err := json.Unmarshal(v, &m.plural); err != nil {
				return fmt.Errorf("%s: neither a text nor plural forms", key)
			}
		}
		if prev, ok := l.area[key]; ok {
			return fmt.Errorf("%s: also in %s", key, prev)
		}
		l.msgs[key], l.area[key] = m, name
	}
	return nil
}

// Tags lists the languages of the catalogue, English first.
func Tags() []Tag { return append([]Tag(nil), tags...) }

// Name is the language's name in itself ("English", "Français"), its tag
// if the catalogue does not know it.
func Name(t Tag) string {
	if l, ok := languages[t]; ok && l.meta.Name != "" {
		return l.meta.Name
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
	_, ok := languages[Tag(s)]
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
func Use(t Tag) {
	l, ok := languages[t]
	if !ok {
		l = languages[EN]
	}
	if l == nil { // an empty catalogue: the keys themselves
		l = &language{tag: EN, msgs: map[string]message{}}
	}
	current.Store(l)
}

// Current is the language of the page.
func Current() Tag { return current.Load().tag }
