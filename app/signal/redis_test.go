//go:build !js

package signal_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
	"gygy/app/signal/redistest"
	"gygy/app/signal/signaltest"
)

// cluster starts a Redis and n hub instances sharing it.
func cluster(t *testing.T, n int, cfg signal.Config) (*redistest.Redis, []*signaltest.Instance) {
	t.Helper()
	r := redistest.Start(t)
	ins := make([]*signaltest.Instance, n)
	for i := range ins {
		ins[i] = signaltest.StartInstance(t, r.Addr(), cfg)
	}
	return r, ins
}

// exchange relays a negotiation's messages between host and guest, each
// way, and fails the test if one does not arrive unchanged.
func exchange(t *testing.T, host, guest *signal.Client, epoch int) {
	t.Helper()
	steps := []struct {
		from, to *signal.Client
		typ      string
	}{
		{guest, host, signal.TypeOffer},
		{host, guest, signal.TypeAnswer},
		{guest, host, signal.TypeCandidate},
		{host, guest, signal.TypeCandidate},
		{host, guest, signal.TypeOffer},
		{guest, host, signal.TypeAnswer},
	}
	for i, s := range steps {
		payload := json.RawMessage(fmt.Sprintf(`{"step":%d}`, i))
		if err := s.from.Send(testCtx(t), signal.Message{Type: s.typ, Epoch: epoch, Payload: payload}); err != nil {
			t.Fatalf("step %d: send %s: %v", i, s.typ, err)
		}
		m := recvType(t, s.to, s.typ)
		if string(m.Payload) != string(payload) || m.Epoch != epoch {
			t.Fatalf("step %d: %s arrived as %s (epoch %d), want %s (epoch %d)", i, s.typ, m.Payload, m.Epoch, payload, epoch)
		}
	}
}

// meet makes a room on host's hub and joins it from guest's, and returns
// both clients once ready.
func meet(t *testing.T, hostURL, guestURL string) (host, guest *signal.Client, created signal.Message, epoch int) {
	t.Helper()
	host = dial(t, hostURL)
	created, err := host.Create(testCtx(t))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	guest = dial(t, guestURL)
	if _, err := guest.Join(testCtx(t), created.Room, ""); err != nil {
		t.Fatalf("join: %v", err)
	}
	hr, gr := recvType(t, host, signal.TypeReady), recvType(t, guest, signal.TypeReady)
	if hr.Offer || !gr.Offer || hr.Epoch != gr.Epoch {
		t.Fatalf("ready: host %+v, guest %+v; want the guest to offer, one epoch", hr, gr)
	}
	return host, guest, created, hr.Epoch
}

func TestRedisRoomsAcrossInstances(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprintf("%d instances", n), func(t *testing.T) {
			_, ins := cluster(t, n, signal.Config{})
			host, guest, created, epoch := meet(t, ins[0].URL, ins[n-1].URL)
			exchange(t, host, guest, epoch)
			third := dial(t, ins[n/2].URL)
			if _, err := third.Join(testCtx(t), created.Room, ""); !errors.Is(err, signal.ErrRefused) || !strings.Contains(err.Error(), "room is full") {
				t.Fatalf("third peer: %v, want refused: room is full", err)
			}
			guest.Close()
			if m := recvType(t, host, signal.TypeLeft); m.Reason == "" {
				t.Fatal("left without a reason")
			}
			for i, in := range ins {
				if err := in.Hub.Health(); err != nil {
					t.Fatalf("instance %d: Health() = %v, want nil", i, err)
				}
			}
		})
	}
}

// A token replayed on another instance takes its seat over, as on one
// instance: the old connection hears that it was replaced, the other peer
// a fresh negotiation; a stranger with no token is still refused.
func TestRedisTokenReplayedOnAnotherInstance(t *testing.T) {
	_, ins := cluster(t, 3, signal.Config{})
	host, guest, created, epoch := meet(t, ins[0].URL, ins[1].URL)
	again := dial(t, ins[2].URL)
	joined, err := again.Join(testCtx(t), created.Room, created.Token)
	if err != nil || joined.Seat != 0 || joined.Token != created.Token {
		t.Fatalf("replay the host's token on a third instance: %+v, %v; want seat 0, same token", joined, err)
	}
	closedWith(t, host, "replaced")
	gr, ar := recvType(t, guest, signal.TypeReady), recvType(t, again, signal.TypeReady)
	if gr.Epoch != ar.Epoch || gr.Epoch <= epoch {
		t.Fatalf("after the replay: ready epochs %d and %d, want one epoch past %d", gr.Epoch, ar.Epoch, epoch)
	}
	exchange(t, again, guest, gr.Epoch)
	stranger := dial(t, ins[0].URL)
	if _, err := stranger.Join(testCtx(t), created.Room, "not-a-token"); !errors.Is(err, signal.ErrRefused) {
		t.Fatalf("a wrong token: %v, want refused", err)
	}
	// Gone and back: the seat waits for its token on any instance.
	again.Close()
	recvType(t, guest, signal.TypeLeft)
	back := dial(t, ins[1].URL)
	if j, err := back.Join(testCtx(t), created.Room, created.Token); err != nil || j.Seat != 0 {
		t.Fatalf("reclaim after leaving: %+v, %v", j, err)
	}
	br, gr2 := recvType(t, back, signal.TypeReady), recvType(t, guest, signal.TypeReady)
	exchange(t, back, guest, br.Epoch)
	if gr2.Epoch != br.Epoch {
		t.Fatalf("epochs %d and %d differ", gr2.Epoch, br.Epoch)
	}
}

// The room caps count every instance's rooms.
func TestRedisRoomCapsAcrossInstances(t *testing.T) {
	_, ins := cluster(t, 2, signal.Config{MaxRoomsPerAddr: 2, MaxRooms: 3})
	create := func(in *signaltest.Instance) (*signal.Client, error) {
		c := dial(t, in.URL)
		_, err := c.Create(testCtx(t))
		return c, err
	}
	a1, _ := create(ins[0])
	if _, err := create(ins[1]); err != nil {
		t.Fatalf("second room: %v", err)
	}
	if _, err := create(ins[1]); err == nil || !strings.Contains(err.Error(), "too many rooms from your address (limit 2)") {
		t.Fatalf("third room from one address on the other instance: %v, want the per-address cap", err)
	}
	a1.Close()
	// The room lives on through its grace: its allowance comes back
	// only when it expires, on either instance.
	if _, err := create(ins[0]); err == nil {
		t.Fatal("a room in its grace still counts, but a new one was made")
	}
}

// Rooms expire by their keys' lifetimes: idle, and empty after the grace.
func TestRedisRoomsExpire(t *testing.T) {
	t.Run("idle", func(t *testing.T) {
		_, ins := cluster(t, 2, signal.Config{RoomIdle: 400 * time.Millisecond})
		host, guest, _, _ := meet(t, ins[0].URL, ins[1].URL)
		closedWith(t, host, "room expired")
		closedWith(t, guest, "room expired")
	})
	t.Run("empty", func(t *testing.T) {
		_, ins := cluster(t, 2, signal.Config{EmptyGrace: 200 * time.Millisecond})
		host := dial(t, ins[0].URL)
		created, err := host.Create(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		host.Close()
		// Past the grace, on the server's own clock, however late the
		// hub saw the close; the room idle time is ten minutes.
		time.Sleep(time.Second)
		late := dial(t, ins[1].URL)
		if _, err := late.Join(testCtx(t), created.Room, created.Token); err == nil || !strings.Contains(err.Error(), "no such room") {
			t.Fatalf("join after the grace: %v, want no such room", err)
		}
	})
}

// Redis stopped under the hubs: they say so, refuse new rooms with the
// reason, close joins for a retry; back up, they recover by themselves
// and put back the seats of the rooms Redis forgot.
func TestRedisStoppedAndRestarted(t *testing.T) {
	r, ins := cluster(t, 2, signal.Config{})
	host, guest, created, epoch := meet(t, ins[0].URL, ins[1].URL)
	r.Stop()
	for i, in := range ins {
		signaltest.WaitFor(t, func() bool { return in.Hub.Health() != nil })
		if err := in.Hub.Health(); !errors.Is(err, signal.ErrStoreDown) {
			t.Fatalf("instance %d: Health() = %v, want ErrStoreDown", i, err)
		}
	}
	c := dial(t, ins[0].URL)
	if _, err := c.Create(testCtx(t)); !errors.Is(err, signal.ErrRefused) || !strings.Contains(err.Error(), "room store is unreachable") {
		t.Fatalf("create with Redis down: %v, want refused: the room store is unreachable", err)
	}
	j := dial(t, ins[1].URL)
	_, err := j.Join(testCtx(t), created.Room, "")
	var ce *signal.CloseError
	if !errors.As(err, &ce) || ce.Code != 1013 {
		t.Fatalf("join with Redis down: %v, want closed with 1013 (try again later)", err)
	}
	r.Start()
	for _, in := range ins {
		signaltest.WaitFor(t, func() bool { return in.Hub.Health() == nil })
	}
	// The seats held through the outage are back in the emptied Redis:
	// the room relays, and its tokens still count.
	signaltest.WaitFor(t, func() bool {
		m := signal.Message{Type: signal.TypeCandidate, Epoch: epoch, Payload: json.RawMessage(`{"probe":1}`)}
		return host.Send(testCtx(t), m) == nil
	})
	recvType(t, guest, signal.TypeCandidate)
	exchange(t, host, guest, epoch)
	third := dial(t, ins[0].URL)
	if _, err := third.Join(testCtx(t), created.Room, ""); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("a third peer after the restart: %v, want room is full", err)
	}
	h2, g2, _, e2 := meet(t, ins[1].URL, ins[0].URL)
	exchange(t, h2, g2, e2)
}
