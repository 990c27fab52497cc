package p2p

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"gygy/app/conn"
	"gygy/app/match"
)

// A hub that does not answer: Start fails with ErrNoHub, which the app
// words for the player and offers to try again.
func TestStartWithoutHubIsErrNoHub(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the hub is down", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	p := NewPeer(Config{SignalURL: "ws" + down.URL[len("http"):] + "/signal", Loopback: true})
	err := p.Start(context.Background(), match.Handlers{OnState: func(conn.State) {}, OnFrame: func([]byte) {}})
	if !errors.Is(err, ErrNoHub) {
		t.Fatalf("Start with the hub down = %v, want ErrNoHub", err)
	}
}
