package pair

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// A code in decimal digits: 7 bytes in 17 digits, and a last group of
// fewer bytes in as few digits as hold them. A QR code's numeric mode
// spends 10 bits on 3 digits, so this form costs 8.1 bits a byte there,
// against 8.8 for the base32 text in alphanumeric mode: a code with two
// candidates fits a version 6 symbol this way and not the other.
const groupBytes, groupDigits = 7, 17

// digitsFor[k] is the number of digits of a group of k bytes.
var digitsFor = [groupBytes + 1]int{0, 3, 5, 8, 10, 13, 15, 17}

// Digits returns the code in decimal digits, the densest form for a QR
// code (numeric mode); Parse reads it as well as the text. A code that
// cannot be written gives "".
func (c Code) Digits() string {
	b, err := c.MarshalBinary()
	if err != nil {
		return ""
	}
	var s strings.Builder
	for len(b) > 0 {
		k := min(groupBytes, len(b))
		var word [8]byte
		copy(word[8-k:], b[:k])
		d := strconv.FormatUint(binary.BigEndian.Uint64(word[:]), 10)
		s.WriteString(strings.Repeat("0", digitsFor[k]-len(d)))
		s.WriteString(d)
		b = b[k:]
	}
	return s.String()
}

// fromDigits reads the decimal form back into bytes.
func fromDigits(s string) ([]byte, error) {
	var out []byte
	for len(s) > 0 {
		n := min(groupDigits, len(s))
		k := 0
		for i, d := range digitsFor {
			if d == n {
				k = i
			}
		}
		if k == 0 {
			return nil, fmt.Errorf("%w: %d digits cannot end a code", ErrChecksum, len(s))
		}
		v, err := strconv.ParseUint(s[:n], 10, 64)
		if err != nil || k < 8 && v>>(8*k) != 0 {
			return nil, fmt.Errorf("%w: digits %q do not stand for %d bytes", ErrChecksum, s[:n], k)
		}
		var word [8]byte
		binary.BigEndian.PutUint64(word[:], v)
		out = append(out, word[8-k:]...)
		s = s[n:]
	}
	return out, nil
}
