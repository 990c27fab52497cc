package lang

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Dir is where the server serves each language's words, one file a
// language ([File]), beside the app: app.wasm fetches the page's language
// and the service worker keeps them all.
const Dir = "web/lang/"

// File is the path of t's words under the app: "web/lang/fr.json".
func File(t Tag) string { return Dir + string(t) + ".json" }

// Ready reports whether the words of t are at hand: always on the server
// and in the tests, in app.wasm once [Load] has had them.
func Ready(t Tag) bool {
	l, ok := theCatalogue().languages[t]
	return ok && len(l.words()) > 0
}

// Load gives the catalogue the words of t, as [Bundle] wrote them (the
// file the app fetched): a flat JSON object of key → text or plural
// forms. A language the catalogue does not know or a malformed file is an
// error, and the words it had stay.
func Load(t Tag, data string) error {
	l, ok := theCatalogue().languages[t]
	if !ok {
		return fmt.Errorf("lang: no language %q", t)
	}
	msgs := map[string]message{}
	err := readFlat(File(t), data, func(key string, m message) error {
		msgs[key] = m
		return nil
	})
	if err != nil {
		return err
	}
	if len(msgs) == 0 {
		return fmt.Errorf("lang: %s: no words", File(t))
	}
	l.loaded.Store(&msgs)
	return nil
}

// Bundle writes the words of t, every area, as one flat JSON object in
// the order of its files: what the server serves at [File] for [Load].
func Bundle(t Tag) ([]byte, error) {
	l, ok := theCatalogue().languages[t]
	if !ok {
		return nil, fmt.Errorf("lang: no language %q", t)
	}
	if l.words(); len(l.msgsErrs) > 0 {
		return nil, l.msgsErrs[0]
	}
	var b bytes.Buffer
	b.WriteString("{")
	for i, name := range l.areas {
		err := readFlat(name, l.cat.files[name], func(key string, m message) error {
			if b.Len() > 1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
			writeString(&b, key)
			b.WriteString(":")
			if m.plural == nil {
				writeString(&b, m.text)
				return nil
			}
			b.WriteString("{")
			for j, form := range pluralOrder(m.plural) {
				if j > 0 {
					b.WriteString(",")
				}
				writeString(&b, form)
				b.WriteString(":")
				writeString(&b, m.plural[form])
			}
			b.WriteString("}")
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("lang: area %d of %s: %w", i, t, err)
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// pluralOrder lists a message's plural forms, "one" before "other", any
// other after them in order.
func pluralOrder(forms map[string]string) []string {
	var out, rest []string
	for _, f := range []string{"one", "other"} {
		if _, ok := forms[f]; ok {
			out = append(out, f)
		}
	}
	for f := range forms {
		if f != "one" && f != "other" {
			rest = append(rest, f)
		}
	}
	sortStrings(rest)
	return append(out, rest...)
}

// writeString writes s as a JSON string, HTML's characters as they are.
func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	b.Truncate(b.Len() - 1) // Encode's newline
}
