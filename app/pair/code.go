package pair

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"net/netip"
	"strings"
)

// Version is the version of the binary form this package writes and reads.
const Version = 1

// Limits of a code: what a browser gathers fits well inside them, and
// nothing larger is read.
const (
	MaxCandidates = 12
	// RFC 8839 allows 4 to 256 ice-chars in a ufrag, 22 to 256 in a
	// password; a code takes 4 to 19 and 22 to 37, which holds what
	// Chromium (4, 24), Firefox (8, 32) and pion (16, 32) make.
	minUfrag, maxUfrag = 4, 19
	minPwd, maxPwd     = 22, 37
	maxName            = 63 // one DNS label
	// TagSize is the size of an offer's tag in its answer: enough to
	// catch an answer to another offer, and cheap (an answer that slips
	// through anyway only fails to connect).
	TagSize = 2
)

// The errors a code is refused with, wrapped with what exactly is wrong.
var (
	// ErrFormat: not a pairing code (a stray character, nonsense inside).
	ErrFormat = errors.New("pair: not a pairing code")
	// ErrChecksum: the code was mistyped, misread or cut short.
	ErrChecksum = errors.New("pair: the code is altered or incomplete")
	// ErrVersion: a code from another version of the app.
	ErrVersion = errors.New("pair: the code comes from another version of the app")
	// ErrKind: an answer where an offer is expected, or the reverse.
	ErrKind = errors.New("pair: the wrong kind of code")
	// ErrOtherOffer: an answer to an offer other than the one on screen.
	ErrOtherOffer = errors.New("pair: the answer is to another offer")
	// ErrSDP: a session description that cannot be put into a code.
	ErrSDP = errors.New("pair: the connection cannot be described by a code")
	// ErrNoCandidate (with ErrSDP): the description has no address to
	// put into a code.
	ErrNoCandidate = errors.New("no local address was found (is the device on a network?)")
)

// Kind says which of the two codes of a pairing a code is.
type Kind uint8

// The kinds: the first device shows an offer, the second its answer.
const (
	Offer Kind = iota
	Answer
)

// String returns "offer" or "answer".
func (k Kind) String() string {
	if k == Answer {
		return "answer"
	}
	return "offer"
}

// Code is what one device must tell the other to open a WebRTC data
// channel without a server: everything else in the session description
// is the same for every game and is rebuilt by SDP.
type Code struct {
	Kind Kind
	// Ufrag and Pwd are the ICE username fragment and password.
	Ufrag, Pwd string
	// Fingerprint is the SHA-256 of the DTLS certificate.
	Fingerprint [32]byte
	// Passive (answers only) says the answering side is the DTLS server
	// (a=setup:passive); otherwise it is the client (active), as both
	// pion and the browsers answer. An offer is always actpass.
	Passive bool
	// OfferTag (answers only) is the Tag of the offer answered.
	OfferTag [TagSize]byte
	// Candidates are the addresses gathered, best first: host
	// candidates over UDP only, since no STUN or TURN server is used.
	Candidates []Candidate
}

// Candidate is one address where a device listens.
type Candidate struct {
	// Addr is an IP address; zero when Name is set.
	Addr netip.Addr
	// Name is a multicast DNS name ("….local") behind which a browser
	// hides a local address; it resolves on the same network segment
	// only. A random UUID name (what browsers and pion make) takes 16
	// bytes in the code.
	Name string
	Port uint16
}

// String returns the candidate as "address:port".
func (c Candidate) String() string {
	if c.Name != "" {
		return fmt.Sprintf("%s:%d", c.Name, c.Port)
	}
	return netip.AddrPortFrom(c.Addr, c.Port).String()
}

// Tag is a short hash of an offer's credentials and fingerprint: an answer
// carries its offer's tag so that it fits that offer only.
func (c Code) Tag() [TagSize]byte {
	h := sha256.New()
	h.Write([]byte(c.Ufrag))
	h.Write([]byte{0})
	h.Write([]byte(c.Pwd))
	h.Write(c.Fingerprint[:])
	var t [TagSize]byte
	copy(t[:], h.Sum(nil))
	return t
}

// Same reports whether two codes describe the same side of the same
// pairing (the same credentials and certificate).
func (c Code) Same(o Code) bool {
	return c.Kind == o.Kind && c.Ufrag == o.Ufrag && c.Pwd == o.Pwd && c.Fingerprint == o.Fingerprint
}

// Answers checks that c is an answer to offer.
func (c Code) Answers(offer Code) error {
	if c.Kind != Answer {
		return fmt.Errorf("%w: this is an offer, and the answer from the other device is needed here", ErrKind)
	}
	if c.OfferTag != offer.Tag() {
		return fmt.Errorf("%w: it was made for an older or another device's code; show the other device the code on this screen", ErrOtherOffer)
	}
	return nil
}

// The address forms of a candidate in the binary form.
const (
	formIPv4 = iota
	formIPv6
	formUUID  // a UUID name, 16 bytes
	formLabel // another .local name: a length and its label
)

// MarshalBinary returns the compact form:
//
//	version   1 byte (Version)
//	head      1 byte: bit 7 answer, bit 6 passive, bits 4-5 zero,
//	          bits 0-3 the number of candidates (1 to MaxCandidates)
//	lengths   1 byte: the ufrag's length less 4 (high nibble) and the
//	          password's less 22 (low nibble)
//	ufrag     its ice-chars at 6 bits each, then the password's, packed
//	          together, the last byte padded with zero bits
//	fprint    32 bytes
//	offer tag TagSize bytes, answers only
//	each candidate: 1 byte form (IPv4, IPv6, UUID name, other name),
//	          4, 16 or 16 bytes, or a length and a label; 2 bytes port
//	check     CRC-32 (IEEE) of all the bytes before, 4 bytes
//
// The version first and the checksum last hold for every version, so that
// a code of another version is told apart from a damaged one.
func (c Code) MarshalBinary() ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	head := byte(len(c.Candidates))
	if c.Kind == Answer {
		head |= 0x80
	}
	if c.Passive {
		head |= 0x40
	}
	b := []byte{Version, head, byte(len(c.Ufrag)-minUfrag)<<4 | byte(len(c.Pwd)-minPwd)}
	b = appendChars(b, c.Ufrag+c.Pwd)
	b = append(b, c.Fingerprint[:]...)
	if c.Kind == Answer {
		b = append(b, c.OfferTag[:]...)
	}
	for _, cand := range c.Candidates {
		switch {
		case cand.Name != "":
			label := strings.TrimSuffix(cand.Name, ".local")
			if u, ok := parseUUID(label); ok {
				b = append(b, formUUID)
				b = append(b, u[:]...)
			} else {
				b = append(b, formLabel, byte(len(label)))
				b = append(b, label...)
			}
		case cand.Addr.Is4():
			a := cand.Addr.As4()
			b = append(b, formIPv4)
			b = append(b, a[:]...)
		default:
			a := cand.Addr.As16()
			b = append(b, formIPv6)
			b = append(b, a[:]...)
		}
		b = binary.BigEndian.AppendUint16(b, cand.Port)
	}
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// check says whether c can be written.
func (c Code) check() error {
	if c.Kind > Answer {
		return fmt.Errorf("%w: kind %d", ErrFormat, c.Kind)
	}
	if c.Kind == Offer && (c.Passive || c.OfferTag != [TagSize]byte{}) {
		return fmt.Errorf("%w: an offer has no DTLS role or offer tag", ErrFormat)
	}
	if err := checkChars("ufrag", c.Ufrag, minUfrag, maxUfrag); err != nil {
		return err
	}
	if err := checkChars("password", c.Pwd, minPwd, maxPwd); err != nil {
		return err
	}
	if n := len(c.Candidates); n == 0 || n > MaxCandidates {
		return fmt.Errorf("%w: %d candidates, want 1 to %d", ErrFormat, n, MaxCandidates)
	}
	for i, cand := range c.Candidates {
		if err := cand.check(); err != nil {
			return fmt.Errorf("candidate %d: %w", i+1, err)
		}
	}
	return nil
}

func (c Candidate) check() error {
	if c.Port == 0 {
		return fmt.Errorf("%w: port 0", ErrFormat)
	}
	if c.Name == "" {
		if !c.Addr.IsValid() {
			return fmt.Errorf("%w: no address", ErrFormat)
		}
		return nil
	}
	if c.Addr.IsValid() {
		return fmt.Errorf("%w: both a name and an address", ErrFormat)
	}
	label, ok := strings.CutSuffix(c.Name, ".local")
	if !ok || !validLabel(label) {
		return fmt.Errorf("%w: %q is not a one-label .local name", ErrFormat, c.Name)
	}
	return nil
}

// validLabel: lowercase letters, digits and hyphens, as the names browsers
// make (a name is matched without case, so the code keeps one case).
func validLabel(s string) bool {
	if s == "" || len(s) > maxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-') {
			return false
		}
	}
	return true
}

// UnmarshalBinary reads the compact form; anything but a valid code of
// this version is refused with an error, never a panic.
func (c *Code) UnmarshalBinary(data []byte) error {
	if len(data) < 6 {
		return fmt.Errorf("%w: %d bytes", ErrChecksum, len(data))
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return fmt.Errorf("%w: the check digits do not match", ErrChecksum)
	}
	if body[0] != Version {
		return fmt.Errorf("%w: version %d, this app reads version %d", ErrVersion, body[0], Version)
	}
	r := reader{b: body[1:]}
	var out Code
	head := r.byte()
	if head&0x30 != 0 {
		return fmt.Errorf("%w: unknown flags %#x", ErrFormat, head)
	}
	out.Kind, out.Passive = Kind(head>>7), head&0x40 != 0
	n := int(head & 0x0f)
	if n > MaxCandidates {
		return fmt.Errorf("%w: %d candidates", ErrFormat, n)
	}
	lengths := r.byte()
	nu, np := minUfrag+int(lengths>>4), minPwd+int(lengths&0x0f)
	creds := r.chars(nu + np)
	if r.err != nil {
		return r.err
	}
	out.Ufrag, out.Pwd = creds[:nu], creds[nu:]
	copy(out.Fingerprint[:], r.take(32))
	if out.Kind == Answer {
		copy(out.OfferTag[:], r.take(TagSize))
	}
	for i := 0; i < n && r.err == nil; i++ {
		out.Candidates = append(out.Candidates, r.candidate())
	}
	if r.err != nil {
		return r.err
	}
	if len(r.b) != 0 {
		return fmt.Errorf("%w: %d bytes too many", ErrFormat, len(r.b))
	}
	if err := out.check(); err != nil {
		return err
	}
	*c = out
	return nil
}

// reader takes bytes off the front; the first shortage or bad value sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || len(r.b) < n {
		if r.err == nil {
			r.err = fmt.Errorf("%w: cut short", ErrFormat)
		}
		return make([]byte, n)
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

func (r *reader) byte() byte { return r.take(1)[0] }

func (r *reader) chars(n int) string {
	s, err := unpackChars(r.take((6*n+7)/8), n)
	if err != nil && r.err == nil {
		r.err = err
	}
	return s
}

func (r *reader) candidate() Candidate {
	var c Candidate
	switch form := r.byte(); form {
	case formIPv4:
		c.Addr = netip.AddrFrom4([4]byte(r.take(4)))
	case formIPv6:
		c.Addr = netip.AddrFrom16([16]byte(r.take(16)))
		if c.Addr.Is4In6() {
			r.fail("an IPv4 address written as IPv6")
		}
	case formUUID:
		c.Name = formatUUID([16]byte(r.take(16))) + ".local"
	case formLabel:
		label := string(r.take(int(r.byte())))
		if _, ok := parseUUID(label); ok {
			r.fail("a UUID name written as a label")
		}
		c.Name = label + ".local"
	default:
		r.fail(fmt.Sprintf("address form %d", form))
	}
	c.Port = binary.BigEndian.Uint16(r.take(2))
	return c
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrFormat, what)
	}
}
