package lang

import (
	"path"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The catalogue's checks: each language has every English key and no
// other, in the same area's file, with the plural forms it needs and the
// same placeholders; French follows French typography.

func TestCatalogueLoads(t *testing.T) {
	for _, err := range theCatalogue().errors() {
		t.Error(err)
	}
	if got := Tags(); len(got) < 2 || got[0] != EN || !slices.Contains(got, FR) {
		t.Errorf("Tags() = %v, want English first, and French", got)
	}
	for _, tag := range Tags() {
		if m := loaded(tag).meta; m.Name == "" || m.Decimal == "" || !strings.Contains(m.Percent, "{n}") {
			t.Errorf("%s/meta.json = %+v, want its name, its decimal separator and its percent with {n}", tag, m)
		}
	}
}

func TestCatalogueKeys(t *testing.T) {
	en := loaded(EN)
	for _, tag := range Tags() {
		l := loaded(tag)
		for key, file := range l.area {
			area := strings.TrimSuffix(path.Base(file), ".json")
			if !strings.HasPrefix(key, area+".") {
				t.Errorf("%s: key %q is not in its area %q (keys start with the file's name)", file, key, area)
			}
			if tag == EN {
				continue
			}
			if enFile, ok := en.area[key]; !ok {
				t.Errorf("%s: key %q is not in English", file, key)
			} else if path.Base(enFile) != path.Base(file) {
				t.Errorf("%s: key %q is in %s in English", file, key, enFile)
			}
		}
		if tag == EN {
			continue
		}
		for key, file := range en.area {
			if _, ok := l.msgs[key]; !ok {
				t.Errorf("%s: key %q (in %s) is missing", tag, key, file)
			}
		}
	}
}

// forms lists the plural forms a language's entries must have: "other",
// and "one" unless no count takes it. Languages with more forms (few,
// many) need the plural rule of meta.json extended first.
func forms(l *language) []string {
	if len(l.meta.PluralOne) == 0 {
		return []string{"other"}
	}
	return []string{"one", "other"}
}

func TestCataloguePluralsAndPlaceholders(t *testing.T) {
	en := loaded(EN)
	for _, tag := range Tags() {
		l := loaded(tag)
		for key, m := range l.msgs {
			e, ok := en.msgs[key]
			if !ok {
				continue // TestCatalogueKeys says so
			}
			if (m.plural == nil) != (e.plural == nil) {
				t.Errorf("%s: %q: plural in one language, a plain text in the other", tag, key)
				continue
			}
			if m.plural == nil {
				if m.text == "" {
					t.Errorf("%s: %q is empty", tag, key)
				}
				samePlaceholders(t, tag, key, m.text, e.text)
				continue
			}
			want := forms(l)
			for f := range m.plural {
				if !slices.Contains(want, f) {
					t.Errorf("%s: %q has the form %q; the language has %v", tag, key, f, want)
				}
			}
			for _, f := range want {
				s, ok := m.plural[f]
				if !ok || s == "" {
					t.Errorf("%s: %q lacks its %q form", tag, key, f)
					continue
				}
				samePlaceholders(t, tag, key+"/"+f, without(s, "n"), without(e.plural["other"], "n"))
			}
			if strings.Contains(e.plural["other"], "{n}") && !strings.Contains(m.plural["other"], "{n}") {
				t.Errorf("%s: %q: its other form lacks {n}", tag, key)
			}
		}
	}
}

// without is text with the placeholder {name} taken out.
func without(text, name string) string { return strings.ReplaceAll(text, "{"+name+"}", "") }

func samePlaceholders(t *testing.T, tag Tag, key, text, english string) {
	t.Helper()
	got, want := placeholders(text), placeholders(english)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(slices.Compact(got), slices.Compact(want)) {
		t.Errorf("%s: %q has the placeholders %v, English %v", tag, key, got, want)
	}
}

// French puts a narrow no-break space (U+202F) before : ; ! ? » and after
// «; a colon between digits (a time, 10:30) takes none.
func TestCatalogueFrenchTypography(t *testing.T) {
	for key, m := range loaded(FR).msgs {
		texts := []string{m.text}
		if m.plural != nil {
			texts = nil
			for _, s := range m.plural {
				texts = append(texts, s)
			}
		}
		for _, s := range texts {
			if err := frenchSpaces(s); err != "" {
				t.Errorf("fr: %q: %s in %q", key, err, s)
			}
		}
	}
}

// frenchSpaces says what is wrong with the spaces of a French text, ""
// if nothing.
func frenchSpaces(s string) string {
	rs := []rune(s)
	for i, r := range rs {
		var prev, next rune
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case strings.ContainsRune(":;!?»", r):
			if r == ':' && isDigit(prev) && isDigit(next) || i == 0 {
				continue
			}
			if prev != '\u202f' {
				return "no narrow no-break space (U+202F) before " + string(r)
			}
		case r == '«':
			if next != '\u202f' {
				return "no narrow no-break space (U+202F) after «"
			}
		}
	}
	if !utf8.ValidString(s) {
		return "not UTF-8"
	}
	return ""
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func TestFrenchSpaces(t *testing.T) {
	for _, tc := range []struct {
		s  string
		ok bool
	}{
		{"Dernier coup\u202f: {move}.", true},
		{"Dernier coup : {move}.", false},
		{"Dernier coup: {move}.", false},
		{"Abandonner\u202f?", true},
		{"Abandonner ?", false},
		{"«\u202fbut\u202f»", true},
		{"« but »", false},
		{"à 10:30", true},
	} {
		if got := frenchSpaces(tc.s) == ""; got != tc.ok {
			t.Errorf("frenchSpaces(%q) = %q, want ok %v", tc.s, frenchSpaces(tc.s), tc.ok)
		}
	}
}
