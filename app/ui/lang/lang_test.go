package lang

import (
	"io/fs"
	"testing"
	"time"
)

// with makes tag current for the test, English again after it.
func with(t *testing.T, tag Tag) {
	t.Helper()
	Use(tag)
	t.Cleanup(func() { Use(EN) })
}

// withCatalogue replaces the catalogue for the test by the files given.
func withCatalogue(t *testing.T, files map[string]string) {
	t.Helper()
	old := theCatalogue()
	c := newCatalogue(files)
	for _, err := range c.errors() {
		t.Fatal(err)
	}
	cat.Store(c)
	t.Cleanup(func() { cat.Store(old); Use(EN) })
}

// loaded is a language of the catalogue, all read.
func loaded(t Tag) *language {
	l := theCatalogue().languages[t]
	if l == nil {
		return &language{tag: t, msgs: map[string]message{}, area: map[string]string{}}
	}
	l.getMeta()
	l.words()
	return l
}

var testFiles = map[string]string{
	"en/meta.json": `{"name": "English", "plural_one": [1], "decimal": ".", "group": ",", "percent": "{n}%"}`,
	"en/t.json": `{"t.last": "Last move: {move}.", "t.stones": {"one": "{n} stone", "other": "{n} stones"},
		"t.only": "Only in English", "t.two": "{a} and {b}"}`,
	"fr/meta.json": `{"name": "Français", "plural_one": [0, 1], "decimal": ",", "group": "\u202f", "percent": "{n}\u202f%"}`,
	"fr/t.json":    `{"t.last": "Dernier coup : {move}.", "t.stones": {"one": "{n} pierre", "other": "{n} pierres"}, "t.two": "{b} et {a}"}`,
	"de/meta.json": `{"name": "Deutsch", "plural_one": [1], "decimal": ",", "group": ".", "percent": "{n} %"}`,
	"de/t.json":    `{"t.last": "Letzter Zug: {move}."}`,
	"de/notes.txt": `not a catalogue's file`,
}

func TestT(t *testing.T) {
	withCatalogue(t, testFiles)
	for _, tc := range []struct {
		tag  Tag
		key  string
		args []any
		want string
	}{
		{EN, "t.last", []any{"move", "d4"}, "Last move: d4."},
		{FR, "t.last", []any{"move", "d4"}, "Dernier coup : d4."},
		{FR, "t.only", nil, "Only in English"},              // missing: the English
		{FR, "t.nowhere", nil, "t.nowhere"},                 // missing everywhere: the key
		{EN, "t.last", nil, "Last move: {move}."},           // a placeholder without a value
		{EN, "t.last", []any{"move"}, "Last move: {move}."}, // a name without a value
		{FR, "t.two", []any{"a", 1, "b", 12345}, "12\u202f345 et 1"},
		{EN, "t.two", []any{"a", 1.5, "b", true}, "1.5 and true"},
		{"de", "t.last", []any{"move", "e5"}, "Letzter Zug: e5."},
		{"xx", "t.last", []any{"move", "e5"}, "Last move: e5."}, // an unknown language: English
	} {
		Use(tc.tag)
		if got := T(tc.key, tc.args...); got != tc.want {
			t.Errorf("%s: T(%q, %v) = %q, want %q", tc.tag, tc.key, tc.args, got, tc.want)
		}
	}
}

func TestN(t *testing.T) {
	withCatalogue(t, testFiles)
	for _, tc := range []struct {
		tag  Tag
		n    int
		want string
	}{
		{EN, 0, "0 stones"},
		{EN, 1, "1 stone"},
		{EN, 2, "2 stones"},
		{EN, 1000, "1,000 stones"},
		{FR, 0, "0 pierre"},
		{FR, 1, "1 pierre"},
		{FR, 2, "2 pierres"},
		{FR, 1500, "1\u202f500 pierres"},
		{"de", 2, "2 stones"}, // missing in German: the English
	} {
		Use(tc.tag)
		if got := N("t.stones", tc.n); got != tc.want {
			t.Errorf("%s: N(t.stones, %d) = %q, want %q", tc.tag, tc.n, got, tc.want)
		}
	}
}

func TestTagsOfCatalogue(t *testing.T) {
	withCatalogue(t, testFiles)
	got := Tags()
	if len(got) != 3 || got[0] != EN || got[1] != "de" || got[2] != FR {
		t.Errorf("Tags() = %v, want [en de fr]", got)
	}
	if Name("de") != "Deutsch" || Name(FR) != "Français" || Name("xx") != "xx" {
		t.Errorf("Name = %q, %q, %q", Name("de"), Name(FR), Name("xx"))
	}
}

func TestUse(t *testing.T) {
	with(t, FR)
	if Current() != FR {
		t.Errorf("Current() = %s after Use(FR)", Current())
	}
	Use("xx")
	if Current() != EN {
		t.Errorf("Current() = %s after Use(xx), want en", Current())
	}
}

func TestFromBrowser(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want Tag
	}{
		{nil, EN},
		{[]string{"fr"}, FR},
		{[]string{"fr-FR", "en"}, FR},
		{[]string{"FR-ca"}, FR},
		{[]string{"en-US", "fr"}, EN},
		{[]string{"de-DE", "fr-BE"}, FR},
		{[]string{"de", "es"}, EN},
		{[]string{"fry"}, EN},
	} {
		if got := FromBrowser(tc.in); got != tc.want {
			t.Errorf("FromBrowser(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Tag
		ok   bool
	}{
		{"fr", FR, true}, {"en", EN, true}, {" fr_CH ", FR, true}, {"de", "de", false}, {"", "", false},
	} {
		if got, ok := Parse(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("Parse(%q) = %s, %v, want %s, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		tag  Tag
		got  func() string
		want string
	}{
		{EN, func() string { return Int(0) }, "0"},
		{EN, func() string { return Int(999) }, "999"},
		{EN, func() string { return Int(1234567) }, "1,234,567"},
		{EN, func() string { return Int(-1234) }, "-1,234"},
		{FR, func() string { return Int(1234567) }, "1\u202f234\u202f567"},
		{FR, func() string { return Int(-123456) }, "-123\u202f456"},
		{EN, func() string { return Dec(0.75, 2) }, "0.75"},
		{FR, func() string { return Dec(0.75, 2) }, "0,75"},
		{FR, func() string { return Dec(12345.5, 1) }, "12\u202f345,5"},
		{FR, func() string { return Dec(3, 0) }, "3"},
		{EN, func() string { return Percent(0.454) }, "45%"},
		{FR, func() string { return Percent(0.456) }, "46\u202f%"},
		{FR, func() string { return Percent(1) }, "100\u202f%"},
		{EN, func() string { return Clock(3*time.Minute + 7*time.Second) }, "3:07"},
		{FR, func() string { return Clock(3*time.Minute + 7*time.Second) }, "3:07"},
		{EN, func() string { return Clock(time.Hour + 2*time.Minute + 3*time.Second) }, "1:02:03"},
		{EN, func() string { return Clock(10 * time.Second) }, "0:10"},
		{EN, func() string { return Clock(9450 * time.Millisecond) }, "9.4"},
		{FR, func() string { return Clock(9450 * time.Millisecond) }, "9,4"},
		{FR, func() string { return Clock(-time.Second) }, "0,0"},
	} {
		Use(tc.tag)
		if got := tc.got(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.tag, got, tc.want)
		}
	}
	Use(EN)
}

// A malformed file is reported, never a panic.
func TestLoadErrors(t *testing.T) {
	errs := newCatalogue(map[string]string{
		"en/meta.json": `{"name": "English"}`,
		"en/a.json":    `{"a.x": 3}`,
		"en/b.json":    `not json`,
		"en/c.json":    `{"b.y": "y"}`,
		"en/d.json":    `{"b.y": "y again"}`,
	}).errors()
	if len(errs) != 3 {
		t.Errorf("load = %v, want 3 errors", errs)
	}
}

// embedded reads the embed.FS by its layout: it must find what io/fs finds.
func TestEmbedded(t *testing.T) {
	got := embedded(files)
	want := map[string]string{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(files, p)
		want[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) < 4 {
		t.Errorf("embedded(files) has %d files, io/fs %d", len(got), len(want))
	}
	for name, data := range want {
		if got[name] != data {
			t.Errorf("embedded(files)[%q] = %q, want %q", name, got[name], data)
		}
	}
}
