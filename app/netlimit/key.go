package netlimit

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
)

// Key returns the key under which per-address limits count addr, an IP
// address with or without a port: an IPv4 address (also in its IPv6-mapped
// form) counts as itself, an IPv6 address as its /64 network. Anything
// else counts as its own text.
func Key(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	return KeyAddr(a)
}

// KeyAddr is Key for a parsed address.
func KeyAddr(a netip.Addr) string {
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// ParsePrefixes reads a list of networks such as a flag's
// "10.0.0.0/8,2001:db8::/32,192.0.2.7": CIDR prefixes, or single
// addresses, which stand for themselves alone.
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if strings.Contains(s, "/") {
			p, err := netip.ParsePrefix(s)
			if err != nil {
				return nil, fmt.Errorf("netlimit: network %q: %w", s, err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("netlimit: address %q: %w", s, err)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// Contains reports whether one of the networks holds a.
func Contains(nets []netip.Prefix, a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, p := range nets {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// AddrOf is the IP address of a network address such as a connection's
// RemoteAddr, or the zero Addr if it has none.
func AddrOf(addr net.Addr) netip.Addr {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		a, _ := netip.AddrFromSlice(tcp.IP)
		return a.Unmap()
	}
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}
