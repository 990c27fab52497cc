package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	ossignal "os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"gygy/app/signal"
)

// ops holds what an operator of gygy signal and gygy serve sets beside the
// hub itself: the log's form and level, the metrics' address, and how
// long a drain may take.
type ops struct {
	format, level string
	addrs         bool
	metricsAddr   string
	drainTimeout  time.Duration

	logger *slog.Logger
	reg    *prometheus.Registry
}

// opsFlags registers the operator's flags on fs.
func opsFlags(fs *flag.FlagSet) *ops {
	o := &ops{}
	fs.StringVar(&o.format, "log-format", "text", "the log's form: text (key=value lines) or json (one object a line)")
	fs.StringVar(&o.level, "log-level", "info", "the least severe records logged: debug, info, warn or error")
	fs.BoolVar(&o.addrs, "log-addrs", false, "log clients' addresses in clear (default: a keyed hash, the same within one run)")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics, on a listener of their own, e.g. 127.0.0.1:9464 (default: no metrics)")
	fs.DurationVar(&o.drainTimeout, "drain-timeout", 30*time.Second, "on SIGTERM, how long to wait for the peers told to reconnect elsewhere to leave")
	return o
}

// parse checks the flags once fs is parsed and makes the logger, writing
// to stderr, and the metrics' registry.
func (o *ops) parse(stderr io.Writer) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.level)); err != nil {
		return fmt.Errorf("%w: --log-level %q: want debug, info, warn or error", errUsage, o.level)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch strings.ToLower(o.format) {
	case "text":
		o.logger = slog.New(slog.NewTextHandler(stderr, opts))
	case "json":
		o.logger = slog.New(slog.NewJSONHandler(stderr, opts))
	default:
		return fmt.Errorf("%w: --log-format %q: want text or json", errUsage, o.format)
	}
	o.reg = prometheus.NewRegistry()
	o.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return nil
}

// hubConfig adds the logger and the metrics to the hub's configuration.
func (o *ops) hubConfig(config func() (signal.Config, error)) func() (signal.Config, error) {
	return func() (signal.Config, error) {
		cfg, err := config()
		if err == nil {
			cfg.Logger, cfg.LogAddrs = o.logger, o.addrs
			cfg.Metrics = signal.NewMetrics(o.reg)
		}
		return cfg, err
	}
}

// metricsHandler serves the registry in Prometheus's text format.
func (o *ops) metricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(o.reg, promhttp.HandlerOpts{Registry: o.reg}))
	return mux
}

// serveMetrics listens on --metrics-addr, if set, and serves the metrics
// until the returned stop is called.
func (o *ops) serveMetrics() (addr net.Addr, stop func(), err error) {
	if o.metricsAddr == "" {
		return nil, func() {}, nil
	}
	ln, err := net.Listen("tcp", o.metricsAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("--metrics-addr: %w", err)
	}
	srv := &http.Server{Handler: o.metricsHandler(), ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	go srv.Serve(ln)
	o.logger.Info("metrics served", "url", "http://"+ln.Addr().String()+"/metrics")
	return ln.Addr(), func() { srv.Close() }, nil
}

// serveUntilStopped serves until the server fails or the process is told
// to stop. On SIGTERM or Ctrl-C the hub drains (a rolling deploy's step:
// /healthz says "draining", no new WebSocket is taken, the peers here are
// told to reconnect to another instance) for at most --drain-timeout;
// then the hub closes and the server shuts down gently. It returns the
// exit code.
func serveUntilStopped(srv *http.Server, ln net.Listener, hub *signal.Hub, o *ops, name string, stderr io.Writer) int {
	defer hub.Close()
	_, stopMetrics, err := o.serveMetrics()
	if err != nil {
		fmt.Fprintln(stderr, name+":", err)
		return 1
	}
	defer stopMetrics()
	ctx, stop := ossignal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		drain, cancel := context.WithTimeout(context.Background(), o.drainTimeout)
		hub.Drain(drain)
		cancel()
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

// addrName is how the logs name a client's address (see --log-addrs).
func (o *ops) addrName() func(string) string { return signal.AddrNamer(o.addrs) }
