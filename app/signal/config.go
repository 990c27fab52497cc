//go:build !js

package signal

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"gygy/app/netlimit"
)

// Config sets up a Hub. The zero value of every field means its default,
// so Config{} is a sane configuration for a small public server.
//
// Every limit (message size, messages and control frames per second,
// connections and rooms per address and in total) closes only the
// offending connection: the error message first, then a close frame whose
// reason says which limit it broke. With a RedisStore the room caps count
// every instance's rooms; the others stay per instance. Bandwidth per
// connection and per address is bounded by reading more slowly. An address
// is an IPv4 address, or an IPv6 /64.
type Config struct {
	// ICEServers are handed to every client in its welcome message.
	ICEServers []ICEServer
	// Relay, if set, is a TURN relay whose servers, with credentials made
	// for each client, are handed out besides ICEServers; the hub closes
	// it when it closes.
	Relay *Relay
	// Store keeps the rooms, seats and tokens; nil keeps them in this
	// hub's memory. A RedisStore shares them between hub instances.
	Store Store
	// OriginPatterns lists the hosts of the pages allowed to connect
	// (coder/websocket's AcceptOptions.OriginPatterns, e.g.
	// "example.org" or "*.example.org"). Empty: the page must be served
	// from the hub's own host.
	OriginPatterns []string

	// MaxMessageBytes caps one message; a larger one closes the
	// connection. Default 16 KiB: an SDP offer is a few KiB.
	MaxMessageBytes int64
	// MessagesPerSecond and Burst are the token bucket of each
	// connection: Burst messages at once, refilled at MessagesPerSecond.
	// Ping and pong frames count as messages. Defaults 10 and 40: a
	// negotiation with trickle ICE sends a dozen.
	MessagesPerSecond float64
	Burst             int
	// BytesPerSecond and AddrBytesPerSecond bound what the hub reads from
	// one connection and from one address (all its connections together),
	// frames and all; a client that sends more is slowed down, not
	// refused. Each may send eight seconds' worth at once. Defaults 8 KiB
	// and 32 KiB: a whole negotiation is a few KiB.
	BytesPerSecond     float64
	AddrBytesPerSecond float64
	// MaxConnsPerAddr and MaxRoomsPerAddr cap what one remote address
	// (an IPv6 address by its /64) may hold at once. A room counts
	// against the address that created it until it expires. Defaults 32
	// and 16.
	MaxConnsPerAddr int
	MaxRoomsPerAddr int
	// MaxConns and MaxRooms cap the whole hub. Defaults 10,000 and 5,000.
	MaxConns int
	MaxRooms int

	// RoomIdle is how long a room lives without a message from either
	// peer; clients send keepalive messages to keep it. Default 10
	// minutes.
	RoomIdle time.Duration
	// EmptyGrace is how long a room lives once nobody is connected to it,
	// from the last disconnect: long enough for a reload. Default 60
	// seconds.
	EmptyGrace time.Duration
	// JoinTimeout is how long a new connection may take to create or
	// join a room. Default 20 seconds.
	JoinTimeout time.Duration
	// PingInterval is how often the hub pings each connection, and
	// PingTimeout how long it waits for the pong before it closes the
	// connection as dead (and tells the other peer). Defaults 15 and 10
	// seconds: a dead peer is noticed within 25 seconds.
	PingInterval time.Duration
	PingTimeout  time.Duration
	// WriteTimeout bounds one write to a client. Default 10 seconds.
	WriteTimeout time.Duration
	// SendQueue is how many messages may wait for a slow client before
	// the hub drops it. Default 64.
	SendQueue int

	// RemoteAddr names the client of a request for the per-address
	// limits. Default: the host part of http.Request.RemoteAddr. Behind a
	// reverse proxy, set it with FromProxies.
	RemoteAddr func(*http.Request) string
	// Logger, if set, receives the hub's structured log: every refusal
	// (at most one record per kind of refusal per LogEvery, default 10
	// seconds, and then a count) and every step of a room's life, the
	// room's id hashed and addresses hashed unless LogAddrs.
	Logger   *slog.Logger
	LogAddrs bool
	// Logf, if set and Logger is not, receives the refusals and the
	// store's outages as lines.
	Logf     func(format string, args ...any)
	LogEvery time.Duration
	// Metrics, if set, are the hub's Prometheus series (NewMetrics).
	Metrics *Metrics
	// Now is the clock of room expiry and of the rate limits. Default
	// time.Now.
	Now func() time.Time
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	setInt := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	setFloat := func(p *float64, v float64) {
		if *p <= 0 {
			*p = v
		}
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = 16 << 10
	}
	setFloat(&c.MessagesPerSecond, 10)
	setFloat(&c.BytesPerSecond, 8<<10)
	setFloat(&c.AddrBytesPerSecond, 32<<10)
	setInt(&c.Burst, 40)
	setInt(&c.MaxConnsPerAddr, 32)
	setInt(&c.MaxRoomsPerAddr, 16)
	setInt(&c.MaxConns, 10000)
	setInt(&c.MaxRooms, 5000)
	setInt(&c.SendQueue, 64)
	setDur := func(p *time.Duration, v time.Duration) {
		if *p <= 0 {
			*p = v
		}
	}
	setDur(&c.RoomIdle, 10*time.Minute)
	setDur(&c.EmptyGrace, time.Minute)
	setDur(&c.JoinTimeout, 20*time.Second)
	setDur(&c.PingInterval, 15*time.Second)
	setDur(&c.PingTimeout, 10*time.Second)
	setDur(&c.WriteTimeout, 10*time.Second)
	setDur(&c.LogEvery, 10*time.Second)
	if c.RemoteAddr == nil {
		c.RemoteAddr = peerHost
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// byteBurst is how many bytes a bucket of rate bytes per second lets
// through at once: eight seconds' worth, and never less than two of the
// largest messages.
func (c *Config) byteBurst(rate float64) float64 {
	return max(8*rate, 2*float64(c.MaxMessageBytes+14))
}

// peerHost is the host part of the request's remote address.
func peerHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// FromProxies names clients by a header that the reverse proxies in front
// of the hub set, such as X-Forwarded-For or X-Real-IP, and only when the
// request comes from one of the trusted networks: anyone else could write
// the header too. The header is read from the right, the end the proxies
// append to, skipping the proxies' own addresses; the first other address
// is the client's. A request from elsewhere, or without a usable header,
// counts as the connection's own address.
func FromProxies(header string, trusted []netip.Prefix) func(*http.Request) string {
	return func(r *http.Request) string {
		peer := peerHost(r)
		a, err := netip.ParseAddr(peer)
		if err != nil || !netlimit.Contains(trusted, a) {
			return peer
		}
		client := peer
		values := r.Header.Values(header)
		for i := len(values) - 1; i >= 0; i-- {
			hops := strings.Split(values[i], ",")
			for j := len(hops) - 1; j >= 0; j-- {
				hop := strings.TrimSpace(hops[j])
				a, err := netip.ParseAddr(hop)
				if err != nil {
					ap, err := netip.ParseAddrPort(hop)
					if err != nil {
						return client // not written by a proxy of ours
					}
					a = ap.Addr()
				}
				client = a.Unmap().String()
				if !netlimit.Contains(trusted, a) {
					return client
				}
			}
		}
		return client
	}
}
