package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	ossignal "os/signal"
	"strings"
	"syscall"
	"time"

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
	ipHeader := fs.String("client-ip-header", "", "behind a reverse proxy: the header in which it names the client, e.g. X-Forwarded-For, for the per-address limits (default: the connection's address)")
	turnAddr := fs.String("turn", "", "also run a TURN relay on this UDP address, e.g. 0.0.0.0:3478, for players whose networks block direct connections (default: none)")
	turnIP := fs.String("turn-ip", "", "the relay's public IP address, as the players reach it (default: the --turn host)")
	return func() (signal.Config, error) {
		servers, err := signal.ParseICEServers(ice)
		if err != nil {
			return signal.Config{}, err
		}
		var relay *signal.Relay
		if *turnAddr != "" {
			if relay, err = signal.StartRelay(signal.RelayConfig{Listen: *turnAddr, PublicIP: *turnIP}); err != nil {
				return signal.Config{}, err
			}
		}
		var remote func(*http.Request) string
		if *ipHeader != "" {
			remote = signal.FromHeader(*ipHeader)
		}
		return signal.Config{
			RemoteAddr:        remote,
			Relay:             relay,
			ICEServers:        servers,
			OriginPatterns:    origins,
			MaxMessageBytes:   *maxMsg,
			MessagesPerSecond: *rate,
			Burst:             *burst,
			MaxConnsPerAddr:   *connsPerAddr,
			MaxRoomsPerAddr:   *roomsPerAddr,
			MaxConns:          *maxConns,
			MaxRooms:          *maxRooms,
			RoomIdle:          *idle,
		}, nil
	}
}

// newHub makes the hub from parsed flags, logging to stderr.
func newHub(config func() (signal.Config, error), stderr io.Writer) (*signal.Hub, error) {
	cfg, err := config()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errUsage, err)
	}
	cfg.Logf = func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	return signal.NewHub(cfg), nil
}

// withHub serves the hub at /signal and everything else from h.
func withHub(h http.Handler, hub *signal.Hub) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/signal", hub)
	mux.Handle("/", h)
	return mux
}

// signalServer parses gygy signal's command line and listens.
func signalServer(args []string, stderr io.Writer) (*http.Server, net.Listener, *signal.Hub, error) {
	fs := flag.NewFlagSet("gygy signal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8081", "address to listen on; the hub answers at /signal")
	config := hubFlags(fs)
	rest, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(rest) > 0 {
		return nil, nil, nil, fmt.Errorf("%w: unexpected argument %q", errUsage, rest[0])
	}
	hub, err := newHub(config, stderr)
	if err != nil {
		return nil, nil, nil, err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		hub.Close()
		return nil, nil, nil, err
	}
	return &http.Server{Handler: withHub(http.NotFoundHandler(), hub), ReadHeaderTimeout: 10 * time.Second}, ln, hub, nil
}

// runSignal runs the signalling hub alone, for an app hosted elsewhere.
func runSignal(args []string, stdout, stderr io.Writer) int {
	srv, ln, hub, err := signalServer(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gygy signal:", err)
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stdout, "gygy signal: hub on ws://%s/signal\n", ln.Addr())
	return serveUntilStopped(srv, ln, hub, "gygy signal", stderr)
}

// serveUntilStopped serves until the server fails or the process is told
// to stop (Ctrl-C, SIGTERM), then closes the hub (its WebSockets and its
// relay) and shuts the server down gently. It returns the exit code.
func serveUntilStopped(srv *http.Server, ln net.Listener, hub *signal.Hub, name string, stderr io.Writer) int {
	defer hub.Close()
	ctx, stop := ossignal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		hub.Close()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, name+":", err)
		return 1
	}
	return 0
}
