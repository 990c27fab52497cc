package main

import (
	"flag"
	"fmt"
	"net/http"

	"gygy/app/signal"
)

// roomFlags registers where the hub keeps its rooms (--redis) on fs, for
// gygy signal and gygy serve, and adds it to the hub's configuration.
func roomFlags(fs *flag.FlagSet, config func() (signal.Config, error)) func() (signal.Config, error) {
	url := fs.String("redis", "", "share rooms with other hub instances through the Redis at this URL, e.g. redis://redis.example.org:6379/0 (default: rooms in this process's memory)")
	return func() (signal.Config, error) {
		cfg, err := config()
		if err != nil || *url == "" {
			return cfg, err
		}
		store, err := signal.NewRedisStore(signal.RedisConfig{URL: *url})
		if err != nil {
			if cfg.Relay != nil {
				cfg.Relay.Close()
			}
			return signal.Config{}, fmt.Errorf("--redis: %w", err)
		}
		cfg.Store = store
		return cfg, nil
	}
}

// healthz answers a load balancer's health check: 200 "ok" while the hub
// can open rooms, 503 with the reason while it cannot (its Redis is
// unreachable, or it is shutting down). A GET or HEAD; never cached.
func healthz(hub *signal.Hub) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if err := hub.Health(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "unavailable: %v\n", err)
			return
		}
		fmt.Fprintln(w, "ok")
	})
}
