package pair

import (
	"encoding/base32"
	"fmt"
	"strings"
)

// text is base32 (RFC 4648) without padding: capitals and the digits 2 to
// 7, all in a QR code's alphanumeric mode, and none of 0, 1, 8 that read
// like O, I, B.
var text = base32.StdEncoding.WithPadding(base32.NoPadding)

// maxText bounds what Parse reads (a code is a few hundred characters at
// the very most).
const maxText = 1024

// String returns the code as text: capitals and digits, for a QR code in
// alphanumeric mode and for reading out. A code that cannot be written
// (see MarshalBinary) gives "".
func (c Code) String() string {
	b, err := c.MarshalBinary()
	if err != nil {
		return ""
	}
	return text.EncodeToString(b)
}

// Group writes s in blocks of n characters separated by spaces, to read
// out or copy by hand; Parse reads either form.
func Group(s string, n int) string {
	if n <= 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i += n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i:min(i+n, len(s))])
	}
	return b.String()
}

// Parse reads a code from its text or its digits (Digits). It forgives what people do when they
// copy a code: spaces, hyphens and line breaks anywhere, small letters,
// and the digits 0, 1 and 8 for the letters O, I and B.
func Parse(s string) (Code, error) {
	if len(s) > maxText {
		return Code{}, fmt.Errorf("%w: %d characters, far longer than a code", ErrFormat, len(s))
	}
	clean := make([]byte, 0, len(s))
	digits := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case isSeparator(ch):
			continue
		case ch < '0' || ch > '9':
			digits = false
		}
		clean = append(clean, ch)
	}
	if len(clean) == 0 {
		return Code{}, fmt.Errorf("%w: the code is empty", ErrFormat)
	}
	var b []byte
	var err error
	if digits { // the decimal form (Digits): text always starts with a letter
		b, err = fromDigits(string(clean))
	} else {
		b, err = fromText(s)
	}
	if err != nil {
		return Code{}, err
	}
	var c Code
	if err := c.UnmarshalBinary(b); err != nil {
		return Code{}, err
	}
	return c, nil
}

func isSeparator(ch byte) bool {
	return ch == ' ' || ch == '-' || ch == '\n' || ch == '\r' || ch == '\t'
}

// fromText reads the base32 text, forgiving case and look-alike digits.
func fromText(s string) ([]byte, error) {
	clean := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case isSeparator(ch):
			continue
		case ch >= 'a' && ch <= 'z':
			ch -= 'a' - 'A'
		case ch == '0':
			ch = 'O'
		case ch == '1':
			ch = 'I'
		case ch == '8':
			ch = 'B'
		}
		if !(ch >= 'A' && ch <= 'Z' || ch >= '2' && ch <= '7') {
			return nil, fmt.Errorf("%w: %q at character %d", ErrFormat, s[i], i+1)
		}
		clean = append(clean, ch)
	}
	b, err := text.DecodeString(string(clean))
	if err != nil {
		return nil, fmt.Errorf("%w: %d characters cannot end a code", ErrChecksum, len(clean))
	}
	return b, nil
}

// ParseOffer reads the first device's code.
func ParseOffer(s string) (Code, error) {
	c, err := Parse(s)
	if err != nil {
		return Code{}, err
	}
	if c.Kind != Offer {
		return Code{}, fmt.Errorf("%w: this is an answer, and the code shown by the other device first is needed here", ErrKind)
	}
	return c, nil
}

// ParseAnswer reads the second device's code, which must answer offer.
func ParseAnswer(s string, offer Code) (Code, error) {
	c, err := Parse(s)
	if err != nil {
		return Code{}, err
	}
	if err := c.Answers(offer); err != nil {
		return Code{}, err
	}
	return c, nil
}
