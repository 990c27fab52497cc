package pair

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// FromSDP takes what a code needs from a complete local session
// description (after gathering: its candidates are in it) of a data
// channel. Only host candidates over UDP are kept: without STUN or TURN
// there are no others worth sending, and a TCP candidate of a browser
// only dials out.
func FromSDP(kind Kind, sdp string) (Code, error) {
	c := Code{Kind: kind}
	var fp, setup string
	seen := map[Candidate]bool{}
	var costly []Candidate
	for _, line := range strings.Split(sdp, "\n") {
		line = strings.TrimSpace(line)
		key, val, _ := strings.Cut(line, ":")
		switch key {
		case "a=ice-ufrag":
			if c.Ufrag != "" && c.Ufrag != val {
				return Code{}, fmt.Errorf("%w: two ICE username fragments", ErrSDP)
			}
			c.Ufrag = val
		case "a=ice-pwd":
			c.Pwd = val
		case "a=fingerprint":
			if alg, v, _ := strings.Cut(val, " "); strings.EqualFold(alg, "sha-256") {
				fp = v
			}
		case "a=setup":
			setup = val
		case "a=candidate":
			cand, cost, ok := hostCandidate(val)
			switch {
			case !ok || seen[cand]:
			case cost >= cellularCost:
				costly = append(costly, cand)
			default:
				c.Candidates = append(c.Candidates, cand)
			}
			seen[cand] = true
		}
	}
	if len(c.Candidates) == 0 {
		c.Candidates = costly
	}
	c.Candidates = c.Candidates[:min(len(c.Candidates), MaxCandidates)]
	raw, err := hex.DecodeString(strings.ReplaceAll(fp, ":", ""))
	if err != nil || len(raw) != 32 {
		return Code{}, fmt.Errorf("%w: no SHA-256 fingerprint", ErrSDP)
	}
	copy(c.Fingerprint[:], raw)
	switch {
	case kind == Offer && setup == "actpass":
	case kind == Answer && setup == "active":
	case kind == Answer && setup == "passive":
		c.Passive = true
	default:
		return Code{}, fmt.Errorf("%w: a=setup:%s in an %v", ErrSDP, setup, kind)
	}
	if len(c.Candidates) == 0 {
		return Code{}, fmt.Errorf("%w: %w", ErrSDP, ErrNoCandidate)
	}
	if err := c.check(); err != nil {
		return Code{}, fmt.Errorf("%w: %v", ErrSDP, err)
	}
	return c, nil
}

// cellularCost is the network cost from which libwebrtc's networks are
// cellular (900) or of unknown kind (999): no use for reaching a device
// nearby when a cheaper network is there, and a code has room for few
// candidates.
const cellularCost = 900

// hostCandidate reads a UDP host candidate of component 1:
// "foundation 1 udp priority address port typ host [name value]...",
// and its network cost if it says one (Chromium does).
func hostCandidate(v string) (c Candidate, cost int, ok bool) {
	f := strings.Fields(v)
	if len(f) < 8 || f[1] != "1" || !strings.EqualFold(f[2], "udp") || f[6] != "typ" || f[7] != "host" {
		return Candidate{}, 0, false
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil || port == 0 {
		return Candidate{}, 0, false
	}
	for i := 8; i+1 < len(f); i += 2 {
		if f[i] == "network-cost" {
			cost, _ = strconv.Atoi(f[i+1])
		}
	}
	c = Candidate{Port: uint16(port)}
	if a, err := netip.ParseAddr(f[4]); err == nil {
		c.Addr = a.WithZone("").Unmap()
	} else {
		c.Name = strings.ToLower(f[4])
	}
	return c, cost, c.check() == nil
}

// SDP rebuilds the session description that c stands for: one data
// channel (m=application, UDP/DTLS/SCTP, mid 0, SCTP port 5000), the
// credentials, the fingerprint, the DTLS role and every candidate, all
// gathered (end-of-candidates). It is what pion and the browsers write
// for a data channel, less what they do not need from the other side.
func (c Code) SDP() string {
	var b strings.Builder
	tag := c.Tag()
	id := binary.BigEndian.Uint16(tag[:])
	setup := "actpass"
	switch {
	case c.Kind == Answer && c.Passive:
		setup = "passive"
	case c.Kind == Answer:
		setup = "active"
	}
	lines := []string{
		"v=0",
		fmt.Sprintf("o=- %d 2 IN IP4 127.0.0.1", id),
		"s=-",
		"t=0 0",
		"a=group:BUNDLE 0",
		"m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
		"c=IN IP4 0.0.0.0",
		"a=ice-ufrag:" + c.Ufrag,
		"a=ice-pwd:" + c.Pwd,
		"a=fingerprint:sha-256 " + fingerprintText(c.Fingerprint),
		"a=setup:" + setup,
		"a=mid:0",
		"a=sctp-port:5000",
		"a=max-message-size:262144",
	}
	for _, l := range lines {
		b.WriteString(l)
		b.WriteString("\r\n")
	}
	for i, cand := range c.Candidates {
		// RFC 8445 priority of a host candidate: type preference 126,
		// local preference in the order gathered, component 1.
		prio := 126<<24 | (65535-i)<<8 | 255
		addr := cand.Name
		if addr == "" {
			addr = cand.Addr.String()
		}
		fmt.Fprintf(&b, "a=candidate:%d 1 udp %d %s %d typ host\r\n", i+1, prio, addr, cand.Port)
	}
	b.WriteString("a=end-of-candidates\r\n")
	return b.String()
}

func fingerprintText(fp [32]byte) string {
	h := strings.ToUpper(hex.EncodeToString(fp[:]))
	parts := make([]string, 32)
	for i := range parts {
		parts[i] = h[2*i : 2*i+2]
	}
	return strings.Join(parts, ":")
}
