//go:build !js

package signal

import (
	"net"
	"net/http"
	"strings"
	"time"
)

// Config sets up a Hub. The zero value of every field means its default,
// so Config{} is a sane configuration for a small public server.
type Config struct {
	// ICEServers are handed to every client in its welcome message.
	ICEServers []ICEServer
	// Relay, if set, is a TURN relay whose servers, with credentials made
	// for each client, are handed out besides ICEServers; the hub closes
	// it when it closes.
	Relay *Relay
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
	// Defaults 10 and 40: a negotiation with trickle ICE sends a dozen.
	MessagesPerSecond float64
	Burst             int
	// MaxConnsPerAddr and MaxRoomsPerAddr cap what one remote address
	// may hold at once. Defaults 32 and 16.
	MaxConnsPerAddr int
	MaxRoomsPerAddr int
	// MaxConns and MaxRooms cap the whole hub. Defaults 10,000 and 5,000.
	MaxConns int
	MaxRooms int

	// RoomIdle is how long a room lives without a message from either
	// peer; clients send keepalive messages to keep it. The room survives
	// a peer leaving and coming back within that time. Default 10 minutes.
	RoomIdle time.Duration
	// JoinTimeout is how long a new connection may take to create or
	// join a room. Default 20 seconds.
	JoinTimeout time.Duration
	// WriteTimeout bounds one write to a client. Default 10 seconds.
	WriteTimeout time.Duration
	// SendQueue is how many messages may wait for a slow client before
	// the hub drops it. Default 64.
	SendQueue int

	// RemoteAddr names the client of a request for the per-address
	// limits. Default: the host part of http.Request.RemoteAddr. Behind a
	// reverse proxy, set it to read the proxy's header.
	RemoteAddr func(*http.Request) string
	// Logf, if set, receives one line per refused or dropped connection.
	Logf func(format string, args ...any)
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	setInt := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = 16 << 10
	}
	if c.MessagesPerSecond <= 0 {
		c.MessagesPerSecond = 10
	}
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
	setDur(&c.JoinTimeout, 20*time.Second)
	setDur(&c.WriteTimeout, 10*time.Second)
	if c.RemoteAddr == nil {
		c.RemoteAddr = peerHost
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	return c
}

// peerHost is the host part of the request's remote address.
func peerHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// FromHeader names clients by a header that a reverse proxy in front of
// the hub sets, such as X-Forwarded-For or X-Real-IP: the last address in
// it, which is the one the proxy itself saw (earlier ones come from the
// client and may be forged). Without the header, the connection's own
// address counts.
func FromHeader(name string) func(*http.Request) string {
	return func(r *http.Request) string {
		v := r.Header.Values(name)
		if len(v) == 0 {
			return peerHost(r)
		}
		last := v[len(v)-1]
		if i := strings.LastIndexByte(last, ','); i >= 0 {
			last = last[i+1:]
		}
		if last = strings.TrimSpace(last); last == "" {
			return peerHost(r)
		}
		return last
	}
}
