package lang

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// readFlat reads one area's file of the catalogue, a flat JSON object of
// key → text or key → {form: text}, and gives each entry to add in the
// file's order. It reads what encoding/json reads into those maps, much
// faster in WebAssembly: a text without escapes is a slice of data, no
// copy, and no reflection. It is stricter in three ways: a key twice in
// the file, text that is not UTF-8 and a null are errors. A malformed
// file gives an error naming the file and the byte, never a panic.
func readFlat(name, data string, add func(key string, m message) error) error {
	r := reader{name: name, data: data}
	r.space()
	if !r.eat('{') {
		return r.fail("want {")
	}
	seen := map[string]bool{}
	r.space()
	if !r.eat('}') {
		for {
			at := r.i
			key, err := r.str()
			if err != nil {
				return err
			}
			if seen[key] {
				r.i = at
				return r.fail(strconv.Quote(key) + " twice")
			}
			seen[key] = true
			if err := r.colon(); err != nil {
				return err
			}
			var m message
			if r.i < len(r.data) && r.data[r.i] == '{' {
				if m.plural, err = r.forms(); err != nil {
					return err
				}
			} else if r.i < len(r.data) && r.data[r.i] == '"' {
				if m.text, err = r.str(); err != nil {
					return err
				}
			} else {
				return r.fail(strconv.Quote(key) + ": neither a text nor plural forms")
			}
			if err := add(key, m); err != nil {
				return r.fail(err.Error())
			}
			r.space()
			if r.eat('}') {
				break
			}
			if !r.eat(',') {
				return r.fail("want , or }")
			}
			r.space()
		}
	}
	r.space()
	if r.i != len(r.data) {
		return r.fail("more after the object")
	}
	return nil
}

// reader is a position in a file of the catalogue.
type reader struct {
	name, data string
	i          int
}

// readError is a malformed file: its name, the byte and what is wrong.
type readError struct {
	name string
	at   int
	msg  string
}

func (e *readError) Error() string {
	return "lang: " + e.name + ": byte " + strconv.Itoa(e.at) + ": " + e.msg
}

func (r *reader) fail(msg string) error {
	if r.i >= len(r.data) {
		msg += " (end of file)"
	}
	return &readError{r.name, r.i, msg}
}

// space skips JSON's white space.
func (r *reader) space() {
	for r.i < len(r.data) {
		switch r.data[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *reader) eat(c byte) bool {
	if r.i < len(r.data) && r.data[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *reader) colon() error {
	r.space()
	if !r.eat(':') {
		return r.fail("want :")
	}
	r.space()
	return nil
}

// forms reads plural forms: {"one": text, "other": text}.
func (r *reader) forms() (map[string]string, error) {
	r.i++ // {
	forms := map[string]string{}
	r.space()
	if r.eat('}') {
		return forms, nil
	}
	for {
		at := r.i
		form, err := r.str()
		if err != nil {
			return nil, err
		}
		if _, ok := forms[form]; ok {
			r.i = at
			return nil, r.fail(strconv.Quote(form) + " twice")
		}
		if err := r.colon(); err != nil {
			return nil, err
		}
		if forms[form], err = r.str(); err != nil {
			return nil, err
		}
		r.space()
		if r.eat('}') {
			return forms, nil
		}
		if !r.eat(',') {
			return nil, r.fail("want , or }")
		}
		r.space()
	}
}

// str reads a JSON string: a slice of data if it has no escape.
func (r *reader) str() (string, error) {
	if !r.eat('"') {
		return "", r.fail("want a string")
	}
	start := r.i
	for r.i < len(r.data) {
		c := r.data[r.i]
		switch {
		case c == '"':
			s := r.data[start:r.i]
			r.i++
			if !utf8.ValidString(s) {
				r.i = start
				return "", r.fail("not UTF-8")
			}
			return s, nil
		case c == '\\':
			return r.escaped(start)
		case c < 0x20:
			return "", r.fail("a control character in a string")
		}
		r.i++
	}
	return "", r.fail("an unended string")
}

// escaped reads the rest of a string from its first escape on.
func (r *reader) escaped(start int) (string, error) {
	var b strings.Builder
	b.Grow(r.i - start + 16)
	b.WriteString(r.data[start:r.i])
	for r.i < len(r.data) {
		c := r.data[r.i]
		switch {
		case c == '"':
			r.i++
			s := b.String()
			if !utf8.ValidString(s) {
				r.i = start
				return "", r.fail("not UTF-8")
			}
			return s, nil
		case c < 0x20:
			return "", r.fail("a control character in a string")
		case c != '\\':
			b.WriteByte(c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.data) {
			r.i++
			return "", r.fail("an unended string")
		}
		r.i++
		switch e := r.data[r.i]; e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r.i-- // at the backslash
			x, ok := r.hex4()
			if !ok {
				return "", r.fail("a bad \\u escape")
			}
			ru := rune(x)
			if utf16.IsSurrogate(ru) {
				ru = utf8.RuneError // alone, as encoding/json reads it
				save := r.i
				if y, ok := r.hex4(); ok {
					if d := utf16.DecodeRune(rune(x), rune(y)); d != utf8.RuneError {
						ru = d
					} else {
						r.i = save
					}
				} else {
					r.i = save
				}
			}
			b.WriteRune(ru)
			continue
		default:
			return "", r.fail("a bad escape \\" + string(rune(e)))
		}
		r.i++
	}
	return "", r.fail("an unended string")
}

// hex4 reads \uXXXX at r.i, moving past it if it is one.
func (r *reader) hex4() (int, bool) {
	if r.i+6 > len(r.data) || r.data[r.i] != '\\' || r.data[r.i+1] != 'u' {
		return 0, false
	}
	x := 0
	for _, c := range []byte(r.data[r.i+2 : r.i+6]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		x = x<<4 | int(c)
	}
	r.i += 6
	return x, true
}
