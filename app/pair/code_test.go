package pair

import (
	"bytes"
	"encoding/base32"
	"errors"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"
)

var fp = [32]byte{0x7b, 0x1e, 0x55, 0x02, 0xc4, 0x9a, 0x31, 0xee, 0x08, 0x60, 0xd7, 0x2f, 0x93, 0x4b, 0xa0, 0x1c,
	0x5d, 0xe6, 0x70, 0x88, 0x3f, 0xb2, 0x19, 0xcc, 0x04, 0xaa, 0x61, 0xd3, 0x2e, 0x97, 0x45, 0xf8}

func mdns(s string, port uint16) Candidate { return Candidate{Name: s + ".local", Port: port} }
func ip(s string, port uint16) Candidate {
	return Candidate{Addr: netip.MustParseAddr(s), Port: port}
}

// Candidate sets as the two kinds of peer gather them on one Wi-Fi
// network with no STUN server.
var (
	browserOne = []Candidate{mdns("4c1f0b8e-3a1d-4b5f-9c2e-7d8a6b5c4e3f", 54400)}
	browserTwo = append(browserOne[:1:1], mdns("0a9d3b52-61e4-4f07-8b3c-d2e1f0a9b8c7", 60123))
	browserV6  = append(browserTwo[:2:2], mdns("e5d4c3b2-a1f0-4e9d-8c7b-6a5f4e3d2c1b", 49152))
	nativeLoop = []Candidate{ip("127.0.0.1", 41234)}
	nativeLAN  = []Candidate{ip("192.168.1.20", 41234), ip("2001:db8::20", 41235)}
)

func offer(ufrag, pwd string, c []Candidate) Code {
	return Code{Kind: Offer, Ufrag: ufrag, Pwd: pwd, Fingerprint: fp, Candidates: c}
}

func answerTo(o Code, c []Candidate) Code {
	return Code{Kind: Answer, Ufrag: "pQ3r", Pwd: "Zz0123456789+/abcdefGHIJ", Fingerprint: fp, OfferTag: o.Tag(), Candidates: c}
}

const (
	chromeUfrag, chromePwd = "ZMKx", "r2GJR7HRgFo6TaIV8wG6rN5D" // Chromium: 4 and 24 characters
	pionUfrag, pionPwd     = "aBcDeFgHiJkLmNoP", "qRsTuVwXyZaBcDeFgHiJkLmNoPqRsTuV"
)

func TestRoundTrip(t *testing.T) {
	o := offer(chromeUfrag, chromePwd, browserTwo)
	tests := []struct {
		name string
		code Code
	}{
		{"browser offer, one mDNS name", offer(chromeUfrag, chromePwd, browserOne)},
		{"browser offer, three mDNS names", offer(chromeUfrag, chromePwd, browserV6)},
		{"browser answer", answerTo(o, browserOne)},
		{"passive answer", func() Code { a := answerTo(o, nativeLAN); a.Passive = true; return a }()},
		{"pion offer, IPv4 and IPv6", offer(pionUfrag, pionPwd, nativeLAN)},
		{"a name that is no UUID", offer(chromeUfrag, chromePwd, []Candidate{mdns("tablet-7", 9000)})},
		{"odd credential lengths", offer("abcde", "0123456789012345678901+/x", nativeLoop)},
		{"every candidate", offer(chromeUfrag, chromePwd, slicesRepeat(nativeLoop, MaxCandidates))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.code.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var got Code
			if err := got.UnmarshalBinary(b); err != nil {
				t.Fatalf("UnmarshalBinary: %v", err)
			}
			if !reflect.DeepEqual(got, tt.code) {
				t.Fatalf("binary round trip = %+v, want %+v", got, tt.code)
			}
			s := tt.code.String()
			for _, form := range []string{s, tt.code.Digits(), Group(tt.code.Digits(), 4), Group(s, 5), strings.ToLower(Group(s, 4)), strings.NewReplacer("O", "0", "I", "1", "B", "8").Replace(s)} {
				got, err := Parse(form)
				if err != nil {
					t.Fatalf("Parse(%q): %v", form, err)
				}
				if !reflect.DeepEqual(got, tt.code) {
					t.Fatalf("Parse(%q) = %+v, want %+v", form, got, tt.code)
				}
			}
		})
	}
}

func slicesRepeat(c []Candidate, n int) []Candidate {
	var out []Candidate
	for i := range n {
		x := c[0]
		x.Port += uint16(i)
		out = append(out, x)
	}
	return out
}

// The sizes reached, and the goal: one QR code of version 6 or less at
// level M for what a browser gathers on a network without internet (one
// or two mDNS names) and for native peers.
func TestSize(t *testing.T) {
	o := offer(chromeUfrag, chromePwd, browserOne)
	tests := []struct {
		name   string
		code   Code
		maxVer int
	}{
		{"browser offer, one mDNS name", o, 6},
		{"browser answer, one mDNS name", answerTo(o, browserOne), 6},
		{"browser offer, two mDNS names", offer(chromeUfrag, chromePwd, browserTwo), 6},
		{"browser answer, two mDNS names", answerTo(o, browserTwo), 6},
		{"browser answer, three mDNS names", answerTo(o, browserV6), 7},
		{"native offer, loopback (pion's credentials)", offer(pionUfrag, pionPwd, nativeLoop), 6},
		{"native answer, IPv4 and IPv6 (short credentials)", answerTo(o, nativeLAN), 6},
	}
	for _, tt := range tests {
		b, _ := tt.code.MarshalBinary()
		s, d := tt.code.String(), tt.code.Digits()
		qs, qd := qrVersion(t, s), qrVersion(t, d)
		t.Logf("%-48s %3d bytes, %3d characters (QR %d-M), %3d digits (QR %d-M)", tt.name, len(b), len(s), qs, len(d), qd)
		if qd > tt.maxVer {
			t.Errorf("%s: QR version %d, want at most %d", tt.name, qd, tt.maxVer)
		}
	}
}

func qrVersion(t *testing.T, s string) int {
	t.Helper()
	q, err := qrcode.New(s, qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	return q.VersionNumber
}

func TestRefused(t *testing.T) {
	o := offer(chromeUfrag, chromePwd, browserOne)
	good := o.String()
	b, _ := o.MarshalBinary()
	other := offer("Wxyz", chromePwd, browserOne)
	// A valid code of version 2: the same framing, another version byte.
	v2 := append([]byte{2}, b[1:len(b)-4]...)
	v2 = appendCRC(v2)
	// A checksum that holds over a body this version cannot read.
	badFlags := appendCRC(append([]byte{Version, b[1] | 0x30}, b[2:len(b)-4]...))
	tests := []struct {
		name  string
		parse func() error
		want  error
	}{
		{"empty", func() error { _, err := Parse("  "); return err }, ErrFormat},
		{"a stray character", func() error { _, err := Parse(good[:10] + "!" + good[10:]); return err }, ErrFormat},
		{"far too long", func() error { _, err := Parse(strings.Repeat("A", 2000)); return err }, ErrFormat},
		{"one character changed", func() error { _, err := Parse(swap(good, 40)); return err }, ErrChecksum},
		{"two characters swapped", func() error { _, err := Parse(good[:20] + good[21:22] + good[20:21] + good[22:]); return err }, ErrChecksum},
		{"cut short", func() error { _, err := Parse(good[:len(good)-8]); return err }, ErrChecksum},
		{"cut to one character", func() error { _, err := Parse(good[:1]); return err }, ErrChecksum},
		{"digits, one changed", func() error { _, err := Parse(swapDigit(o.Digits(), 30)); return err }, ErrChecksum},
		{"digits, cut short", func() error { _, err := Parse(o.Digits()[:100]); return err }, ErrChecksum},
		{"digits, a group too large", func() error { _, err := Parse("999"); return err }, ErrChecksum},
		{"another version", func() error { _, err := Parse(enc(v2)); return err }, ErrVersion},
		{"unknown flags", func() error { _, err := Parse(enc(badFlags)); return err }, ErrFormat},
		{"an answer for an offer", func() error { _, err := ParseOffer(answerTo(o, browserOne).String()); return err }, ErrKind},
		{"an offer for an answer", func() error { _, err := ParseAnswer(good, o); return err }, ErrKind},
		{"an answer to another offer", func() error { _, err := ParseAnswer(answerTo(other, browserOne).String(), o); return err }, ErrOtherOffer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse()
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// Codes that cannot be written are refused, not written wrongly.
func TestMarshalRefuses(t *testing.T) {
	o := offer(chromeUfrag, chromePwd, browserOne)
	tests := []struct {
		name string
		edit func(*Code)
	}{
		{"short ufrag", func(c *Code) { c.Ufrag = "abc" }},
		{"long ufrag", func(c *Code) { c.Ufrag = strings.Repeat("a", 20) }},
		{"long password", func(c *Code) { c.Pwd = strings.Repeat("a", 38) }},
		{"short password", func(c *Code) { c.Pwd = "abc" }},
		{"a character outside ICE's", func(c *Code) { c.Ufrag = "ab-d" }},
		{"no candidate", func(c *Code) { c.Candidates = nil }},
		{"too many candidates", func(c *Code) { c.Candidates = slicesRepeat(nativeLoop, MaxCandidates+1) }},
		{"port 0", func(c *Code) { c.Candidates = []Candidate{ip("10.0.0.1", 0)} }},
		{"a name not .local", func(c *Code) { c.Candidates = []Candidate{{Name: "example.org", Port: 1}} }},
		{"a name and an address", func(c *Code) {
			c.Candidates = []Candidate{{Name: "a.local", Addr: netip.MustParseAddr("10.0.0.1"), Port: 1}}
		}},
		{"an offer with a role", func(c *Code) { c.Passive = true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := o
			c.Candidates = append([]Candidate(nil), o.Candidates...)
			tt.edit(&c)
			if _, err := c.MarshalBinary(); !errors.Is(err, ErrFormat) {
				t.Fatalf("MarshalBinary: %v, want ErrFormat", err)
			}
			if s := c.String(); s != "" {
				t.Fatalf("String = %q, want empty", s)
			}
		})
	}
}

func swap(s string, i int) string {
	ch := byte('A')
	if s[i] == 'A' {
		ch = 'B'
	}
	return s[:i] + string(ch) + s[i+1:]
}

func swapDigit(s string, i int) string {
	return s[:i] + string('0'+(s[i]-'0'+1)%10) + s[i+1:]
}

func enc(b []byte) string { return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b) }

// FuzzUnmarshalBinary: any bytes either decode to a code that writes back
// to the same bytes, or fail with an error.
func FuzzUnmarshalBinary(f *testing.F) {
	o := offer(chromeUfrag, chromePwd, browserTwo)
	for _, c := range []Code{o, answerTo(o, nativeLAN), offer(pionUfrag, pionPwd, []Candidate{mdns("x-1", 5)})} {
		b, _ := c.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 0, 0, 0})
	for _, c := range []Code{o, answerTo(o, nativeLAN)} {
		b, _ := c.MarshalBinary()
		f.Add(b[:len(b)-4]) // the body alone: the fuzzer adds the checksum
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// As they come, and with the checksum made right, so that the
		// fuzzer reaches past it.
		for _, d := range [][]byte{data, appendCRC(bytes.Clone(data))} {
			var c Code
			if err := c.UnmarshalBinary(d); err != nil {
				continue
			}
			b, err := c.MarshalBinary()
			if err != nil {
				t.Fatalf("decoded %+v but cannot write it back: %v", c, err)
			}
			if !bytes.Equal(b, d) {
				t.Fatalf("decoded and written back as %x, read %x", b, d)
			}
		}
	})
}

// FuzzParse: any text either parses to a code whose own text parses to the
// same code, or fails with an error.
func FuzzParse(f *testing.F) {
	o := offer(chromeUfrag, chromePwd, browserOne)
	f.Add(o.String())
	f.Add(Group(answerTo(o, nativeLoop).String(), 5))
	f.Add("")
	f.Add("AEAA 0018 ----")
	f.Add(o.Digits())
	f.Add("00000000000000000")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		for _, form := range []string{c.String(), c.Digits()} {
			again, err := Parse(form)
			if err != nil || !reflect.DeepEqual(again, c) {
				t.Fatalf("Parse(%q) = %+v, but %q parses to %+v, %v", s, c, form, again, err)
			}
		}
	})
}
