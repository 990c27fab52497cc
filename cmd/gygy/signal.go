package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"gygy/app/netlimit"
	"gygy/app/signal"
)

// hubFlags registers the signalling hub's flags on fs (for gygy signal and
// gygy serve) and returns a function that builds the hub's configuration
// once fs is parsed.
func hubFlags(fs *flag.FlagSet) func() (signal.Config, error) {
	var ice, origins []string
	list := func(dst *[]string) func(string) error {
		return func(v string) error {
			for _, s := range strings.Split(v, ",") {
				if s = strings.TrimSpace(s); s != "" {
					*dst = append(*dst, s)
				}
			}
			return nil
		}
	}
	fs.Func("ice", "STUN or TURN server handed to the players: URL, or URL|user|credential for TURN (repeatable or comma-separated)", list(&ice))
	fs.Func("origins", "hosts of the pages allowed to use the hub, e.g. example.org or *.example.org (repeatable or comma-separated; default: the hub's own host)", list(&origins))
	maxMsg := fs.Int64("max-message", 16<<10, "largest signalling message in bytes")
	rate := fs.Float64("rate", 10, "signalling messages per second per connection")
	burst := fs.Int("burst", 40, "signalling messages a connection may send at once")
	connsPerAddr := fs.Int("conns-per-addr", 32, "connections one address may hold")
	roomsPerAddr := fs.Int("rooms-per-addr", 16, "rooms one address may hold")
	maxConns := fs.Int("max-conns", 10000, "connections the hub holds in total")
	maxRooms := fs.Int("max-rooms", 5000, "rooms the hub holds in total")
	idle := fs.Duration("room-idle", 10*time.Minute, "how long a room lives without a message")
	grace := fs.Duration("room-grace", time.Minute, "how long a room lives once nobody is connected to it (a reload's worth)")
	pingEvery := fs.Duration("ping-interval", 15*time.Second, "how often the hub pings each connection")
	pingWait := fs.Duration("ping-timeout", 10*time.Second, "how long the hub waits for a pong before it drops the connection as dead")
	bytesRate := fs.Float64("bytes-rate", 8<<10, "bytes per second the hub reads from one connection (more is slowed down)")
	addrBytesRate := fs.Float64("addr-bytes-rate", 32<<10, "bytes per second the hub reads from one address, all its connections together")
	relayFlags := turnFlags(fs, list) // turn.go
	return func() (signal.Config, error) {
		servers, err := signal.ParseICEServers(ice)
		if err != nil {
			return signal.Config{}, err
		}
		relay, err := relayFlags()
		if err != nil {
			return signal.Config{}, err
		}
		return signal.Config{
			Relay:              relay,
			ICEServers:         servers,
			OriginPatterns:     origins,
			MaxMessageBytes:    *maxMsg,
			MessagesPerSecond:  *rate,
			Burst:              *burst,
			MaxConnsPerAddr:    *connsPerAddr,
			MaxRoomsPerAddr:    *roomsPerAddr,
			MaxConns:           *maxConns,
			MaxRooms:           *maxRooms,
			RoomIdle:           *idle,
			EmptyGrace:         *grace,
			PingInterval:       *pingEvery,
			PingTimeout:        *pingWait,
			BytesPerSecond:     *bytesRate,
			AddrBytesPerSecond: *addrBytesRate,
		}, nil
	}
}

// edge holds the flags of the network edge that gygy signal and gygy serve
// share: the caps on open connections, the HTTP timeouts and the reverse
// proxies to trust.
type edge struct {
	maxOpen, perAddr    int
	header, idle, write time.Duration
	ipHeader, proxyList string
	trusted             []netip.Prefix
}

// edgeFlags registers the network edge's flags on fs.
func edgeFlags(fs *flag.FlagSet) *edge {
	e := &edge{}
	fs.IntVar(&e.maxOpen, "max-open", 12000, "open TCP connections in total (lowered to fit the descriptor limit)")
	fs.IntVar(&e.perAddr, "open-per-addr", 64, "open TCP connections from one address (an IPv6 address by its /64); trusted proxies are exempt")
	fs.DurationVar(&e.header, "header-timeout", 10*time.Second, "how long a client may take to send a request")
	fs.DurationVar(&e.idle, "idle-timeout", 30*time.Second, "how long an idle keep-alive connection stays open")
	fs.DurationVar(&e.write, "write-timeout", 30*time.Second, "how long a response may take to write (for app.wasm: each 64 KiB of it)")
	fs.StringVar(&e.proxyList, "trusted-proxies", "", "reverse proxies in front of the server, CIDR,...: only from them is the client-ip header believed")
	fs.StringVar(&e.ipHeader, "client-ip-header", "", "the header in which the trusted proxies name the client, for the per-address limits (default X-Forwarded-For with --trusted-proxies)")
	return e
}

// parse checks the edge's flags once fs is parsed.
func (e *edge) parse() error {
	trusted, err := netlimit.ParsePrefixes(e.proxyList)
	if err != nil {
		return fmt.Errorf("%w: --trusted-proxies: %w", errUsage, err)
	}
	e.trusted = trusted
	switch {
	case e.ipHeader != "" && len(trusted) == 0:
		return fmt.Errorf("%w: --client-ip-header %s needs --trusted-proxies: anyone can send the header", errUsage, e.ipHeader)
	case e.ipHeader == "" && len(trusted) > 0:
		e.ipHeader = "X-Forwarded-For"
	}
	return nil
}

// hubConfig is the hub's configuration with the edge's view of clients.
func (e *edge) hubConfig(config func() (signal.Config, error)) func() (signal.Config, error) {
	return func() (signal.Config, error) {
		cfg, err := config()
		if err == nil && e.ipHeader != "" {
			cfg.RemoteAddr = signal.FromProxies(e.ipHeader, e.trusted)
		}
		return cfg, err
	}
}

// listen is listenLog with a text log to stderr, addresses in clear.
func (e *edge) listen(addr string, stderr io.Writer) (*netlimit.Listener, error) {
	return e.listenLog(addr, slog.New(slog.NewTextHandler(stderr, nil)), signal.AddrNamer(true))
}

// listenLog listens on addr with the caps on open connections, the total
// fitted under the process's descriptor limit (raised to its hard limit
// first). Refused connections go to lg, their addresses named as the
// hub's log names them.
func (e *edge) listenLog(addr string, lg *slog.Logger, name func(string) string) (*netlimit.Listener, error) {
	lg = lg.With("component", "net")
	nofile, err := netlimit.RaiseFileLimit()
	if err != nil {
		lg.Warn("descriptor limit", "err", err.Error())
	}
	total := netlimit.FitCap(e.maxOpen, nofile)
	if total < e.maxOpen {
		lg.Warn(fmt.Sprintf("open connections capped at %d to fit the descriptor limit of %d", total, nofile), "cap", total, "nofile", nofile)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return netlimit.NewListener(ln, netlimit.Config{
		MaxConns:   total,
		MaxPerAddr: e.perAddr,
		Exempt:     e.trusted,
		Log:        netlimit.NewRefusalLogger(lg, name, 0, nil),
	}), nil
}

// server is an http.Server for h with the edge's timeouts. A WebSocket
// leaves them behind when it is hijacked (net/http clears the deadlines),
// and the hub keeps its own: a write timeout per message and pings.
func (e *edge) server(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: e.header,
		ReadTimeout:       e.header,
		WriteTimeout:      e.write,
		IdleTimeout:       e.idle,
	}
}

// lockedWriter serialises writes from the hub's and the listener's logs.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// serialized is w safe for the concurrent writes of several logs.
func serialized(w io.Writer) io.Writer {
	if _, ok := w.(*lockedWriter); ok {
		return w
	}
	return &lockedWriter{w: w}
}

// newHub makes the hub from parsed flags, logging to stderr.
func newHub(config func() (signal.Config, error), stderr io.Writer) (*signal.Hub, error) {
	cfg, err := config()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errUsage, err)
	}
	if cfg.Logger == nil {
		cfg.Logf = func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	}
	return signal.NewHub(cfg), nil
}

// withHub serves the hub at /signal and everything else from h.
func withHub(h http.Handler, hub *signal.Hub) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/signal", hub)
	mux.Handle("/healthz", healthz(hub))
	mux.Handle("/", h)
	return mux
}

// signalServer parses gygy signal's command line and listens.
func signalServer(args []string, stderr io.Writer) (*http.Server, net.Listener, *signal.Hub, error) {
	srv, ln, hub, _, err := signalServerOps(args, stderr)
	return srv, ln, hub, err
}

// signalServerOps is signalServer with the operator's settings.
func signalServerOps(args []string, stderr io.Writer) (*http.Server, net.Listener, *signal.Hub, *ops, error) {
	stderr = serialized(stderr)
	fs := flag.NewFlagSet("gygy signal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8081", "address to listen on; the hub answers at /signal")
	config := roomFlags(fs, hubFlags(fs))
	e := edgeFlags(fs)
	o := opsFlags(fs)
	rest, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if len(rest) > 0 {
		return nil, nil, nil, nil, fmt.Errorf("%w: unexpected argument %q", errUsage, rest[0])
	}
	if err := e.parse(); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := o.parse(stderr); err != nil {
		return nil, nil, nil, nil, err
	}
	hub, err := newHub(o.hubConfig(e.hubConfig(config)), stderr)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	ln, err := e.listenLog(*addr, o.logger, o.addrName())
	if err != nil {
		hub.Close()
		return nil, nil, nil, nil, err
	}
	return e.server(withHub(http.NotFoundHandler(), hub)), ln, hub, o, nil
}

// runSignal runs the signalling hub alone, for an app hosted elsewhere.
func runSignal(args []string, stdout, stderr io.Writer) int {
	srv, ln, hub, o, err := signalServerOps(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gygy signal:", err)
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stdout, "gygy signal: hub on ws://%s/signal\n", ln.Addr())
	return serveUntilStopped(srv, ln, hub, o, "gygy signal", stderr)
}
