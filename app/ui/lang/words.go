package lang

import (
	"fmt"
	"strings"
)

// T words key in the current language; args are pairs of a placeholder's
// name and its value: T("play.last", "move", "d4") fills {move}. An int is
// written by [Int], anything else by %v: write a float with [Dec] first.
// A key the language lacks gives the English, then the key itself; a
// placeholder without a value stays as it is.
func T(key string, args ...any) string {
	m, l := lookup(key)
	if m == nil {
		return key
	}
	text := m.text
	if m.plural != nil {
		text = l.form(m, 1)
	}
	return fill(text, args)
}

// N words key for a count n, in the plural form the language takes for
// it ("one" or "other"); {n} is n written by [Int], args as for [T].
func N(key string, n int, args ...any) string {
	m, l := lookup(key)
	if m == nil {
		return key
	}
	text := m.text
	if m.plural != nil {
		text = l.form(m, n)
	}
	return fill(text, append(append(make([]any, 0, len(args)+2), args...), "n", n))
}

// lookup finds key in the current language, else in English (read only
// then: a key missing in a language is a bug the catalogue's tests catch).
func lookup(key string) (*message, *language) {
	l := cur()
	if m, ok := l.words()[key]; ok {
		return &m, l
	}
	if en := theCatalogue().english(); en != l {
		if m, ok := en.words()[key]; ok {
			return &m, en
		}
	}
	return nil, nil
}

// form is the plural form of m for the count n; "other" when the form the
// language takes is missing.
func (l *language) form(m *message, n int) string {
	f := "other"
	for _, one := range l.getMeta().PluralOne {
		if n == one {
			f = "one"
		}
	}
	if s, ok := m.plural[f]; ok {
		return s
	}
	return m.plural["other"]
}

// fill replaces each {name} of text by its value in args.
func fill(text string, args []any) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		name := text[i+1 : i+j]
		v, ok := arg(args, name)
		if !ok || !isName(name) {
			b.WriteString(text[:i+1])
			text = text[i+1:]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(v)
		text = text[i+j+1:]
	}
	b.WriteString(text)
	return b.String()
}

// arg is the value of the placeholder name among the pairs of args.
func arg(args []any, name string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if k, _ := args[i].(string); k == name {
			switch v := args[i+1].(type) {
			case int:
				return Int(v), true
			case string:
				return v, true
			default:
				return fmt.Sprint(v), true
			}
		}
	}
	return "", false
}

// isName reports whether s may name a placeholder: letters, digits, _.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// placeholders lists the names of the placeholders of text.
func placeholders(text string) []string {
	var names []string
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			return names
		}
		if name := text[i+1 : i+j]; isName(name) {
			names = append(names, name)
			text = text[i+j+1:]
		} else {
			text = text[i+1:]
		}
	}
}
