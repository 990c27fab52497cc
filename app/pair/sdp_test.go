package pair

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// chromeOffer is an offer for one data channel as Chromium writes it once
// gathering is complete, with local addresses hidden behind mDNS names.
const chromeOffer = `v=0
o=- 4215775240449105457 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 54400 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:3806260575 1 udp 2113937151 4c1f0b8e-3a1d-4b5f-9c2e-7d8a6b5c4e3f.local 54400 typ host generation 0 network-cost 10
a=candidate:3806260576 1 udp 2113939711 E5D4C3B2-A1F0-4E9D-8C7B-6A5F4E3D2C1B.local 49152 typ host generation 0 network-cost 900
a=candidate:1150120150 1 tcp 1518280447 4c1f0b8e-3a1d-4b5f-9c2e-7d8a6b5c4e3f.local 9 typ host tcptype active generation 0 network-cost 10
a=candidate:842163049 1 udp 1677729535 203.0.113.9 54400 typ srflx raddr 0.0.0.0 rport 0 generation 0
a=ice-ufrag:ZMKx
a=ice-pwd:r2GJR7HRgFo6TaIV8wG6rN5D
a=ice-options:trickle
a=fingerprint:sha-256 7B:1E:55:02:C4:9A:31:EE:08:60:D7:2F:93:4B:A0:1C:5D:E6:70:88:3F:B2:19:CC:04:AA:61:D3:2E:97:45:F8
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`

func TestFromSDP(t *testing.T) {
	got, err := FromSDP(Offer, strings.ReplaceAll(chromeOffer, "\n", "\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	// The TCP and server-reflexive candidates go, and the cellular one
	// while a Wi-Fi one is there.
	want := offer(chromeUfrag, chromePwd, browserOne)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("FromSDP = %+v, want %+v", got, want)
	}
	onlyCellular := strings.Replace(chromeOffer, "network-cost 10\n", "network-cost 999\n", 1)
	if got, _ := FromSDP(Offer, onlyCellular); len(got.Candidates) != 2 || got.Candidates[1].Name != "e5d4c3b2-a1f0-4e9d-8c7b-6a5f4e3d2c1b.local" {
		t.Errorf("with no cheap network: candidates %v, want both names, in small letters", got.Candidates)
	}
}

// SDP writes what FromSDP reads back to the same code, for either kind.
func TestSDPRoundTrip(t *testing.T) {
	o := offer(pionUfrag, pionPwd, append(nativeLAN[:2:2], browserOne...))
	a := answerTo(o, nativeLoop)
	p := a
	p.Passive = true
	for _, c := range []Code{o, a, p} {
		sdp := c.SDP()
		got, err := FromSDP(c.Kind, sdp)
		if err != nil {
			t.Fatalf("%v: FromSDP(SDP()): %v\n%s", c.Kind, err, sdp)
		}
		got.OfferTag = c.OfferTag // not in a description
		if !reflect.DeepEqual(got, c) {
			t.Errorf("FromSDP(SDP()) = %+v, want %+v", got, c)
		}
	}
	for _, want := range []string{"m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n", "a=setup:actpass\r\n", "a=mid:0\r\n",
		"a=sctp-port:5000\r\n", "a=candidate:1 1 udp 2130706431 192.168.1.20 41234 typ host\r\n",
		"a=candidate:2 1 udp 2130706175 2001:db8::20 41235 typ host\r\n", "a=end-of-candidates\r\n"} {
		if !strings.Contains(o.SDP(), want) {
			t.Errorf("the offer's SDP lacks %q:\n%s", want, o.SDP())
		}
	}
}

func TestFromSDPRefuses(t *testing.T) {
	tests := []struct{ name, sdp string }{
		{"no fingerprint", strings.Replace(chromeOffer, "a=fingerprint:sha-256", "a=fingerprint:sha-1", 1)},
		{"no candidate", strings.Replace(strings.Replace(chromeOffer, "54400 typ host", "0 typ host", 1), "49152 typ host", "0 typ host", 1)},
		{"an answer's role in an offer", strings.Replace(chromeOffer, "actpass", "active", 1)},
		{"a short password", strings.Replace(chromeOffer, chromePwd, "short", 1)},
	}
	for _, tt := range tests {
		if _, err := FromSDP(Offer, tt.sdp); !errors.Is(err, ErrSDP) {
			t.Errorf("%s: FromSDP: %v, want ErrSDP", tt.name, err)
		}
	}
	if _, err := FromSDP(Answer, chromeOffer); !errors.Is(err, ErrSDP) {
		t.Errorf("an offer read as an answer: %v, want ErrSDP", err)
	}
}

// FuzzFromSDP: any description either gives a code that can be written,
// or an error.
func FuzzFromSDP(f *testing.F) {
	f.Add(chromeOffer)
	f.Add(offer(pionUfrag, pionPwd, nativeLAN).SDP())
	f.Fuzz(func(t *testing.T, sdp string) {
		for _, k := range []Kind{Offer, Answer} {
			c, err := FromSDP(k, sdp)
			if err != nil {
				continue
			}
			if _, err := c.MarshalBinary(); err != nil {
				t.Fatalf("FromSDP gave %+v, which cannot be written: %v", c, err)
			}
		}
	})
}
