package pair

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// iceChars are the characters of ICE credentials (RFC 8839, ice-char:
// ALPHA / DIGIT / "+" / "/"), 6 bits each in the code.
const iceChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

func checkChars(what, s string, minLen, maxLen int) error {
	if len(s) < minLen || len(s) > maxLen {
		return fmt.Errorf("%w: an ICE %s of %d characters, want %d to %d", ErrFormat, what, len(s), minLen, maxLen)
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(iceChars, s[i]) < 0 {
			return fmt.Errorf("%w: %q in an ICE %s", ErrFormat, s[i], what)
		}
	}
	return nil
}

// appendChars appends s at 6 bits a character (s is checked already).
func appendChars(b []byte, s string) []byte {
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		acc = acc<<6 | uint32(strings.IndexByte(iceChars, s[i]))
		bits += 6
		if bits >= 8 {
			bits -= 8
			b = append(b, byte(acc>>bits))
		}
	}
	if bits > 0 {
		b = append(b, byte(acc<<(8-bits)))
	}
	return b
}

// unpackChars reads n characters of 6 bits from b; the bits left over at
// the end must be zero, so that every code has one binary form.
func unpackChars(b []byte, n int) (string, error) {
	out := make([]byte, 0, n)
	var acc uint32
	bits := 0
	for _, x := range b {
		acc = acc<<8 | uint32(x)
		bits += 8
		for bits >= 6 && len(out) < n {
			bits -= 6
			out = append(out, iceChars[acc>>bits&63])
		}
	}
	if acc&(1<<bits-1) != 0 {
		return "", fmt.Errorf("%w: stray bits after an ICE credential", ErrFormat)
	}
	return string(out), nil
}

// parseUUID reads a UUID in its usual lowercase form
// (8-4-4-4-12 hexadecimal digits).
func parseUUID(s string) (u [16]byte, ok bool) {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, false
	}
	digits := s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	if strings.ToLower(digits) != digits {
		return u, false
	}
	if _, err := hex.Decode(u[:], []byte(digits)); err != nil {
		return u, false
	}
	return u, true
}

func formatUUID(u [16]byte) string {
	h := hex.EncodeToString(u[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
