//go:build !js

package signal_test

import (
	"strings"
	"testing"

	"gygy/app/signal"
	"gygy/app/signal/signaltest"
)

// A device that lost its seat's token (it left the game, or its save is
// gone) gets back the seat it held, whatever the hub still holds; nobody
// else does. Before Message.Device, reopening the link said "room is
// full".
func TestDeviceTakesBackItsSeat(t *testing.T) {
	t.Run("memory", func(t *testing.T) {
		_, url := signaltest.StartHub(t, signal.Config{})
		deviceSeats(t, url, url)
	})
	t.Run("redis", func(t *testing.T) {
		_, ins := cluster(t, 2, signal.Config{})
		deviceSeats(t, ins[0].URL, ins[1].URL)
	})
}

func deviceSeats(t *testing.T, hostURL, guestURL string) {
	ctx := testCtx(t)
	as := func(url, device string) *signal.Client {
		c := dial(t, url)
		c.Device = device
		return c
	}
	host := as(hostURL, "host-device")
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	guest := as(guestURL, "guest-device")
	joined, err := guest.Join(ctx, created.Room, "")
	if err != nil || joined.Seat != 1 {
		t.Fatalf("guest join: %+v, %v", joined, err)
	}
	recvType(t, host, signal.TypeReady)

	// The guest leaves, and opens the link again: no token.
	guest.Close()
	recvType(t, host, signal.TypeLeft)
	back := as(guestURL, "guest-device")
	j, err := back.Join(ctx, created.Room, "")
	if err != nil || j.Seat != 1 || j.Token != joined.Token {
		t.Fatalf("the guest's device back after leaving: %+v, %v; want seat 1, token %q", j, err, joined.Token)
	}
	recvType(t, host, signal.TypeReady)

	// Its connection dies unseen: the hub still holds it.
	again := as(guestURL, "guest-device")
	if j, err := again.Join(ctx, created.Room, ""); err != nil || j.Seat != 1 {
		t.Fatalf("the guest's device over a dead connection: %+v, %v", j, err)
	}
	closedWith(t, back, "replaced")
	recvType(t, again, signal.TypeReady)

	// Another device, or none, is a stranger.
	for _, device := range []string{"", "someone-else"} {
		if _, err := as(guestURL, device).Join(ctx, created.Room, ""); err == nil || !strings.Contains(err.Error(), "room is full") {
			t.Fatalf("a stranger (device %q): %v, want room is full", device, err)
		}
	}

	// The host's seat is not given back by the device: the host comes
	// back with its token (its save holds the game on offer).
	host.Close()
	recvType(t, again, signal.TypeLeft)
	if _, err := as(hostURL, "host-device").Join(ctx, created.Room, ""); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("the host's device without its token: %v, want room is full", err)
	}
	if h, err := as(hostURL, "host-device").Join(ctx, created.Room, created.Token); err != nil || h.Seat != 0 {
		t.Fatalf("the host back with its token: %+v, %v", h, err)
	}
}

// Two tabs of one browser share the device: the second, opening the
// link, is the guest, not the host's tab again.
func TestOneDeviceInTwoTabs(t *testing.T) {
	_, url := signaltest.StartHub(t, signal.Config{})
	ctx := testCtx(t)
	host := dial(t, url)
	host.Device = "one-browser"
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tab := dial(t, url)
	tab.Device = "one-browser"
	if j, err := tab.Join(ctx, created.Room, ""); err != nil || j.Seat != 1 {
		t.Fatalf("second tab: %+v, %v; want seat 1", j, err)
	}
	recvType(t, host, signal.TypeReady)
}

// A hub that restarted (memory store) has lost its rooms: its peers come
// back with their tokens, which name their seats, and the room is rebuilt
// for them, each in its own seat with its own token; a stranger is still
// refused, and a join without a token finds no room.
func TestRestartedHubRebuildsTheRoom(t *testing.T) {
	_, url := signaltest.StartHub(t, signal.Config{})
	ctx := testCtx(t)
	host := dial(t, url)
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	guest := dial(t, url)
	joined, err := guest.Join(ctx, created.Room, "")
	if err != nil {
		t.Fatal(err)
	}
	host.Close()
	guest.Close()

	_, fresh := signaltest.StartHub(t, signal.Config{}) // the restarted hub
	if _, err := dial(t, fresh).Join(ctx, created.Room, ""); err == nil || !strings.Contains(err.Error(), "no such room") {
		t.Fatalf("join without a token: %v, want no such room", err)
	}
	h := dial(t, fresh)
	if j, err := h.Join(ctx, created.Room, created.Token); err != nil || j.Seat != 0 || j.Token != created.Token {
		t.Fatalf("the host back: %+v, %v", j, err)
	}
	// The guest's seat waits for the guest: a stranger with the link
	// does not take it.
	if _, err := dial(t, fresh).Join(ctx, created.Room, ""); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("a stranger in the rebuilt room: %v, want room is full", err)
	}
	g := dial(t, fresh)
	if j, err := g.Join(ctx, created.Room, joined.Token); err != nil || j.Seat != 1 || j.Token != joined.Token {
		t.Fatalf("the guest back: %+v, %v", j, err)
	}
	recvType(t, h, signal.TypeReady)
	if _, err := dial(t, fresh).Join(ctx, created.Room, "made-up.1"); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("a stranger: %v, want room is full", err)
	}
}
