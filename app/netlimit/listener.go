package netlimit

import (
	"errors"
	"net"
	"net/netip"
	"sync"
)

// Config sets up a Listener. A zero cap means no cap.
type Config struct {
	// MaxConns caps the connections open at once, in total.
	MaxConns int
	// MaxPerAddr caps the connections open at once from one Key.
	MaxPerAddr int
	// Exempt lists peers held to MaxConns only: the reverse proxies in
	// front of the server, which carry everybody's connections.
	Exempt []netip.Prefix
	// Log, if set, hears of every refused connection.
	Log *RefusalLog
}

// Listener accepts connections within its caps and closes the others at
// once, before they cost more than a descriptor for a moment. A
// connection counts until it is closed (also after an http.Server hijacks
// it for a WebSocket). Make one with NewListener.
type Listener struct {
	net.Listener
	cfg Config

	mu     sync.Mutex
	open   int
	byAddr map[string]int
}

// NewListener wraps ln with the caps of cfg.
func NewListener(ln net.Listener, cfg Config) *Listener {
	return &Listener{Listener: ln, cfg: cfg, byAddr: make(map[string]int)}
}

// Reasons the Listener gives its log for a refused connection.
const (
	ReasonFull    = "too many open connections"
	ReasonPerAddr = "too many open connections from one address"
)

// Accept returns the next connection within the caps.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := AddrOf(c.RemoteAddr())
		key := KeyAddr(addr)
		if !addr.IsValid() {
			key = c.RemoteAddr().String()
		}
		exempt := Contains(l.cfg.Exempt, addr)
		if reason := l.take(key, exempt); reason != "" {
			c.Close()
			if l.cfg.Log != nil {
				l.cfg.Log.Refuse(key, reason)
			}
			continue
		}
		return &conn{Conn: c, l: l, key: key}, nil
	}
}

// take counts a new connection from key, or says why it may not open.
func (l *Listener) take(key string, exempt bool) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cfg.MaxConns > 0 && l.open >= l.cfg.MaxConns {
		return ReasonFull
	}
	if !exempt && l.cfg.MaxPerAddr > 0 && l.byAddr[key] >= l.cfg.MaxPerAddr {
		return ReasonPerAddr
	}
	l.open++
	l.byAddr[key]++
	return ""
}

func (l *Listener) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// Open returns the number of connections open now.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// conn gives its place back when it is closed, once.
type conn struct {
	net.Conn
	l    *Listener
	key  string
	once sync.Once
}

// CloseWrite shuts down the sending side, if the connection has one to
// shut down (TCP does), for a lingering close.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.key) })
	return err
}
