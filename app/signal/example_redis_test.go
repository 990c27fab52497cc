//go:build !js

package signal_test

import (
	"log"
	"net/http"

	"gygy/app/signal"
)

// Hub instances that share their rooms: each runs this with the same
// Redis, behind one load balancer, and a room's two players may reach
// different instances. (Not run: it needs a Redis.)
func ExampleNewRedisStore() {
	store, err := signal.NewRedisStore(signal.RedisConfig{URL: "redis://10.0.0.5:6379/0"})
	if err != nil {
		log.Fatal(err)
	}
	hub := signal.NewHub(signal.Config{Store: store, Logf: log.Printf})
	defer hub.Close()
	http.Handle("/signal", hub)
	http.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		if err := hub.Health(); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
		}
	})
	log.Fatal(http.ListenAndServe("10.0.0.11:8081", nil))
}
