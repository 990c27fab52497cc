package lang

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// jsonFlat is the reference: the way the catalogue was read before
// readFlat, by encoding/json into maps.
func jsonFlat(data string) (map[string]message, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &raw); err != nil {
		return nil, err
	}
	out := make(map[string]message, len(raw))
	for key, v := range raw {
		var m message
		if err := json.Unmarshal(v, &m.text); err != nil {
			if err := json.Unmarshal(v, &m.plural); err != nil {
				return nil, errors.New(key + ": neither a text nor plural forms")
			}
		}
		out[key] = m
	}
	return out, nil
}

func flat(name, data string) (map[string]message, error) {
	out := map[string]message{}
	err := readFlat(name, data, func(key string, m message) error {
		out[key] = m
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// readFlat reads every file of the catalogue as encoding/json does.
func TestReadFlatCatalogue(t *testing.T) {
	n := 0
	for name, data := range embedded(files) {
		if strings.HasSuffix(name, "/meta.json") {
			continue
		}
		n++
		want, err := jsonFlat(data)
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", name, err)
		}
		got, err := flat(name, data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: readFlat and encoding/json differ", name)
		}
	}
	if n < 10 {
		t.Errorf("only %d files read", n)
	}
}

func TestReadFlatStrings(t *testing.T) {
	for _, in := range []string{
		`{}`, ` { } `, "{\n\t\"a\" : \"b\" ,\r\n \"c\":\"d\"}",
		`{"a": "\" \\ \/ \b \f \n \r \t"}`,
		`{"a": "\u00e9\u202F\u00C9 «é»"}`,
		`{"a": "\ud83d\ude00 \uD83D\uDE00"}`, // a pair
		`{"a": "\ud83d x"}`,                  // a lone high surrogate
		`{"a": "\ude00"}`,                    // a lone low surrogate
		`{"a": "\ud83d\u0041"}`,              // a high surrogate, then not a low one
		`{"a": "\ud83d\ud83d\ude00"}`,        // two highs, then a low
		`{"a": "x\u0000y"}`,
		`{"p": {"one": "{n} stone", "other": "{n} stones"}, "q": {}}`,
		`{"p": {"one": "\"x\""}}`,
	} {
		want, err := jsonFlat(in)
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		got, err := flat("t.json", in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: readFlat = %q, encoding/json %q", in, got, want)
		}
	}
}

// A malformed file is an error naming the file and the byte, never a panic.
func TestReadFlatErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "byte 0: want {"},
		{`[]`, "byte 0: want {"},
		{`{`, "byte 1: want a string (end of file)"},
		{`{"a"}`, "byte 4: want :"},
		{`{"a": 3}`, `byte 6: "a": neither a text nor plural forms`},
		{`{"a": null}`, `byte 6: "a": neither a text nor plural forms`},
		{`{"a": "b",}`, "byte 10: want a string"},
		{`{"a": "b" "c": "d"}`, "byte 10: want , or }"},
		{`{"a": "b"} x`, "byte 11: more after the object"},
		{`{"a": "b`, "unended string"},
		{`{"a": "b\`, "unended string"},
		{`{"a": "\x"}`, `bad escape \x`},
		{`{"a": "\u12"}`, `bad \u escape`},
		{`{"a": "\u12g4"}`, `bad \u escape`},
		{"{\"a\": \"b\nc\"}", "control character"},
		{"{\"a\": \"\xff\"}", "not UTF-8"},
		{"{\"a\": \"\\n\xff\"}", "not UTF-8"},
		{`{"a": "b", "a": "c"}`, `byte 11: "a" twice`},
		{`{"a": {"one": "x", "one": "y"}}`, `"one" twice`},
		{`{"a": {"one": 1}}`, "want a string"},
		{`{"a": {"one": "x"`, "want , or } (end of file)"},
	} {
		_, err := flat("en/t.json", tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "lang: en/t.json: byte ") {
			t.Errorf("readFlat(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

// FuzzRead: readFlat never panics, and what it reads, encoding/json reads
// the same.
func FuzzRead(f *testing.F) {
	for name, data := range embedded(files) {
		if !strings.HasSuffix(name, "/meta.json") {
			f.Add(data)
		}
	}
	f.Add(`{"a": "\ud83d\ude00\u00e9\"\\\/\b\f\n\r\t", "p": {"one": "x", "other": "y"}}`)
	f.Fuzz(func(t *testing.T, in string) {
		got, err := flat("f.json", in)
		if err != nil {
			return
		}
		want, err := jsonFlat(in)
		if err != nil {
			t.Fatalf("readFlat read %q, encoding/json: %v", in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: readFlat = %q, encoding/json %q", in, got, want)
		}
	})
}

// jsonLoad is how the app started before: both languages read at init,
// meta.json and every area by encoding/json.
func jsonLoad(files map[string]string, only Tag) map[Tag]map[string]message {
	out := map[Tag]map[string]message{}
	for name, data := range files {
		dir, base, _ := strings.Cut(name, "/")
		if only != "" && Tag(dir) != only {
			continue
		}
		if out[Tag(dir)] == nil {
			out[Tag(dir)] = map[string]message{}
		}
		if base == "meta.json" {
			var m meta
			if err := json.Unmarshal([]byte(data), &m); err != nil {
				panic(err)
			}
			continue
		}
		msgs, err := jsonFlat(data)
		if err != nil {
			panic(err)
		}
		for k, m := range msgs {
			out[Tag(dir)][k] = m
		}
	}
	return out
}

// BenchmarkLoad: what the start reads of the catalogue.
//   - json/both: before, at init: both languages by encoding/json;
//   - json/one: one language by encoding/json;
//   - flat/one: now, at the first word: every meta.json (the names of the
//     language switch) and the words of one language by readFlat.
func BenchmarkLoad(b *testing.B) {
	b.Run("json/both", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			jsonLoad(embedded(files), "")
		}
	})
	b.Run("json/one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			jsonLoad(embedded(files), EN)
		}
	})
	b.Run("flat/one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c := newCatalogue(embedded(files))
			for _, t := range c.tags {
				c.languages[t].getMeta()
			}
			if len(c.languages[EN].words()) == 0 {
				b.Fatal("no words")
			}
		}
	})
}

// Nothing is read before a word is needed, and then only the language of
// the page; many goroutines may ask for the first word at once.
func TestLazy(t *testing.T) {
	old := theCatalogue()
	c := newCatalogue(embedded(files))
	cat.Store(c)
	t.Cleanup(func() { cat.Store(old); Use(EN) })
	Use(FR)
	if Current() != FR || c.languages[FR].msgs != nil || c.languages[EN].msgs != nil {
		t.Fatal("Use or Current read words")
	}
	done := make(chan string)
	for range 4 {
		go func() { done <- T("shell.nav.rules") + Int(1234) }()
	}
	first := <-done
	for range 3 {
		if got := <-done; got != first {
			t.Errorf("%q, then %q", first, got)
		}
	}
	if c.languages[FR].msgs == nil || c.languages[EN].msgs != nil {
		t.Errorf("read French %v, English %v; want French only", c.languages[FR].msgs != nil, c.languages[EN].msgs != nil)
	}
}
