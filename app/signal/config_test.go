//go:build !js

package signal

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestFromProxies(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("192.0.2.0/28"), netip.MustParsePrefix("2001:db8::/64")}
	name := FromProxies("X-Forwarded-For", trusted)
	for _, tt := range []struct {
		peer   string
		header []string
		want   string
	}{
		{"192.0.2.9:4321", nil, "192.0.2.9"},
		{"192.0.2.9:4321", []string{"203.0.113.5"}, "203.0.113.5"},
		{"192.0.2.9:4321", []string{"198.51.100.1, 203.0.113.5"}, "203.0.113.5"}, // the client may forge the first
		{"192.0.2.9:4321", []string{"198.51.100.1", "203.0.113.6"}, "203.0.113.6"},
		{"192.0.2.9:4321", []string{"203.0.113.7, 192.0.2.3"}, "203.0.113.7"}, // two proxies of ours
		{"192.0.2.9:4321", []string{"192.0.2.3"}, "192.0.2.3"},                // only proxies
		{"192.0.2.9:4321", []string{" , "}, "192.0.2.9"},
		{"192.0.2.9:4321", []string{"junk, 203.0.113.8:5555"}, "203.0.113.8"},
		{"192.0.2.9:4321", []string{"203.0.113.9, junk"}, "192.0.2.9"}, // not what a proxy writes
		{"[2001:db8::7]:443", []string{"2001:db8:5::1"}, "2001:db8:5::1"},
		// A client that reaches the hub directly cannot name itself.
		{"198.51.100.20:4321", []string{"203.0.113.5"}, "198.51.100.20"},
		{"[2001:db8:1::7]:443", []string{"203.0.113.5"}, "2001:db8:1::7"},
	} {
		r := httptest.NewRequest("GET", "/signal", nil)
		r.RemoteAddr = tt.peer
		for _, v := range tt.header {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := name(r); got != tt.want {
			t.Errorf("from %s with header %q: %q, want %q", tt.peer, tt.header, got, tt.want)
		}
	}
}

func TestTruncateUTF8(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 123, "short"},
		{"abcdef", 3, "abc"},
		{"a💥b", 3, "a"},
		{"a💥b", 5, "a💥"},
		{"\xff\xc0\x80ok", 10, "\uFFFDok"},
	} {
		if got := truncateUTF8(tt.in, tt.n); got != tt.want {
			t.Errorf("truncateUTF8(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
