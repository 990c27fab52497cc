package main

import (
	"fmt"
	"net/http"

	"gygy/app/signal"
)

// redisStore is the hub's store for --redis: nil (rooms in memory) when
// url is empty.
func redisStore(url string) (signal.Store, error) {
	if url == "" {
		return nil, nil
	}
	s, err := signal.NewRedisStore(signal.RedisConfig{URL: url})
	if err != nil {
		return nil, fmt.Errorf("--redis: %w", err)
	}
	return s, nil
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
