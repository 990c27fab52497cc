//go:build !js

package signaltest

import (
	"io"
	"net"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"gygy/app/signal"
)

// Instance is one hub instance of a shared deployment: a hub with a
// RedisStore on its own test server, reaching Redis through a link that
// Kill cuts.
type Instance struct {
	Hub  *signal.Hub
	URL  string // the hub's WebSocket URL
	srv  *httptest.Server
	ln   *tracked
	link *Link
}

// StartInstance serves a hub with cfg whose rooms live in the Redis at
// addr (host:port), closed with the test (or by Kill).
func StartInstance(t testing.TB, addr string, cfg signal.Config) *Instance {
	t.Helper()
	link := NewLink(t, addr)
	store, err := signal.NewRedisStore(signal.RedisConfig{URL: "redis://" + link.Addr() + "/0", HealthEvery: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = store
	h := signal.NewHub(cfg)
	srv := httptest.NewUnstartedServer(h)
	ln := &tracked{Listener: srv.Listener, conns: map[net.Conn]struct{}{}}
	srv.Listener = ln
	srv.Start()
	in := &Instance{Hub: h, URL: "ws" + strings.TrimPrefix(srv.URL, "http"), srv: srv, ln: ln, link: link}
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return in
}

// Kill makes the instance vanish as a crashed process does: its link to
// Redis is cut and its clients' connections drop, so it tells nobody
// that it goes and leaves its seats named in Redis.
func (in *Instance) Kill() {
	in.link.Cut()
	in.ln.closeAll()
}

// tracked is a listener that can drop every connection it accepted,
// hijacked WebSockets included.
type tracked struct {
	net.Listener
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (l *tracked) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns[c] = struct{}{}
		l.mu.Unlock()
	}
	return c, err
}

func (l *tracked) closeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.conns {
		c.Close()
	}
}

// Link forwards TCP to a target until Cut.
type Link struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	conns  []net.Conn
	cut    bool
}

// NewLink listens on a loopback port and forwards each connection to
// target; it is cut when the test ends.
func NewLink(t testing.TB, target string) *Link {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &Link{ln: ln, target: target}
	go l.serve()
	t.Cleanup(l.Cut)
	return l
}

// Addr is where the link listens.
func (l *Link) Addr() string { return l.ln.Addr().String() }

func (l *Link) serve() {
	for {
		a, err := l.ln.Accept()
		if err != nil {
			return
		}
		b, err := net.DialTimeout("tcp", l.target, time.Second)
		if err != nil {
			a.Close()
			continue
		}
		l.mu.Lock()
		if l.cut {
			l.mu.Unlock()
			a.Close()
			b.Close()
			return
		}
		l.conns = append(l.conns, a, b)
		l.mu.Unlock()
		go func() { io.Copy(a, b); a.Close(); b.Close() }()
		go func() { io.Copy(b, a); a.Close(); b.Close() }()
	}
}

// Cut closes the link and every connection through it.
func (l *Link) Cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cut = true
	l.ln.Close()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// Balancer is a load balancer for the test: a reverse proxy that passes
// each request, WebSockets included, to the instance it is pointed at.
type Balancer struct {
	URL    string // its WebSocket URL
	mu     sync.Mutex
	target *url.URL
}

// NewBalancer starts a balancer pointed at the instance at wsURL.
func NewBalancer(t testing.TB, wsURL string) *Balancer {
	t.Helper()
	b := &Balancer{}
	b.Use(wsURL)
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		b.mu.Lock()
		target := b.target
		b.mu.Unlock()
		r.SetURL(target)
		r.Out.URL.Path = r.In.URL.Path
	}}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	b.URL = "ws" + strings.TrimPrefix(srv.URL, "http")
	return b
}

// Use points the balancer at the instance at wsURL, for new requests.
func (b *Balancer) Use(wsURL string) {
	u, err := url.Parse("http" + strings.TrimPrefix(wsURL, "ws"))
	if err != nil {
		panic(err)
	}
	b.mu.Lock()
	b.target = u
	b.mu.Unlock()
}
