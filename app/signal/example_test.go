//go:build !js

package signal_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"

	"gygy/app/signal"
)

// A host creates a room, a guest joins it with the room id from the share
// link, and the hub tells the guest to make the offer.
func Example() {
	hub := signal.NewHub(signal.Config{})
	defer hub.Close()
	srv := httptest.NewServer(hub)
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	ctx := context.Background()

	host, err := signal.Dial(ctx, url)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer host.Close()
	created, _ := host.Create(ctx)

	guest, err := signal.Dial(ctx, url)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer guest.Close()
	joined, _ := guest.Join(ctx, created.Room, "")

	h, _ := host.Recv()
	g, _ := guest.Recv()
	fmt.Println("guest seat:", joined.Seat)
	fmt.Println("host:", h.Type, "offer:", h.Offer)
	fmt.Println("guest:", g.Type, "offer:", g.Offer)
	// Output:
	// guest seat: 1
	// host: ready offer: false
	// guest: ready offer: true
}
