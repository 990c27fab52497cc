//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

// negotiate runs one room through a negotiation-shaped exchange: create,
// join, ready, offer, answer and a few candidates each way. It leaves both
// clients connected.
func negotiate(ctx context.Context, url string) (host, guest *Client, err error) {
	host, err = Dial(ctx, url)
	if err != nil {
		return nil, nil, err
	}
	created, err := host.Create(ctx)
	if err != nil {
		return host, nil, err
	}
	guest, err = Dial(ctx, url)
	if err != nil {
		return host, nil, err
	}
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		return host, guest, err
	}
	expect := func(c *Client, typ string) error {
		m, err := c.recvCtx(ctx)
		if err != nil {
			return err
		}
		if m.Type != typ {
			return fmt.Errorf("got %s, want %s", m.Type, typ)
		}
		return nil
	}
	sdp := json.RawMessage(`{"type":"offer","sdp":"v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"}`)
	cand := json.RawMessage(`{"candidate":"candidate:1 1 udp 2130706431 127.0.0.1 50000 typ host","sdpMid":"0","sdpMLineIndex":0}`)
	steps := []struct {
		from, to *Client
		typ      string
		payload  json.RawMessage
	}{
		{nil, host, TypeReady, nil},
		{nil, guest, TypeReady, nil},
		{guest, host, TypeOffer, sdp},
		{host, guest, TypeAnswer, sdp},
		{guest, host, TypeCandidate, cand},
		{host, guest, TypeCandidate, cand},
		{guest, host, TypeCandidate, cand},
		{host, guest, TypeCandidate, cand},
	}
	for _, s := range steps {
		if s.from != nil {
			if err := s.from.Send(ctx, Message{Type: s.typ, Epoch: 1, Payload: s.payload}); err != nil {
				return host, guest, err
			}
		}
		if err := expect(s.to, s.typ); err != nil {
			return host, guest, fmt.Errorf("%s: %w", s.typ, err)
		}
	}
	return host, guest, nil
}

// loadRooms opens n rooms at once, all negotiated and held open together,
// and returns the heap and stack growth per room (both ends of both
// connections live in this process, so the hub's share is about half).
func loadRooms(t testing.TB, n int) (perRoom float64, elapsed time.Duration) {
	// One address stands for thousands of clients: its allowance is
	// theirs together. The clients stop reading once negotiated, so
	// they would not answer pings.
	h, url := startHub(t, Config{MaxConns: 4 * n, MaxRooms: 2 * n, MaxConnsPerAddr: 4 * n, MaxRoomsPerAddr: 2 * n,
		AddrBytesPerSecond: float64(n * 8 << 10), PingInterval: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		clients []*Client
		errs    []error
	)
	gate := make(chan struct{}, 64) // dials in flight, not rooms held
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gate <- struct{}{}
			host, guest, err := negotiate(ctx, url)
			<-gate
			mu.Lock()
			defer mu.Unlock()
			for _, c := range []*Client{host, guest} {
				if c != nil {
					clients = append(clients, c)
				}
			}
			if err != nil {
				errs = append(errs, err)
			}
		}()
	}
	wg.Wait()
	elapsed = time.Since(start)
	defer func() {
		for _, c := range clients {
			c.ws.CloseNow()
		}
	}()
	if len(errs) > 0 {
		t.Fatalf("%d of %d rooms failed; first: %v", len(errs), n, errs[0])
	}
	if rooms, conns := h.Stats(); rooms != n || conns != 2*n {
		t.Fatalf("hub holds %d rooms and %d connections, want %d and %d", rooms, conns, n, 2*n)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := float64(after.HeapAlloc+after.StackInuse) - float64(before.HeapAlloc+before.StackInuse)
	return grown / float64(n), elapsed
}

func TestLoadThousandRooms(t *testing.T) {
	const n = 1000
	perRoom, elapsed := loadRooms(t, n)
	t.Logf("%d concurrent rooms negotiated in %v; memory per room (heap+stacks, both ends in one process): %.1f KiB; the hub's share is about half",
		n, elapsed.Round(time.Millisecond), perRoom/1024)
}

func BenchmarkRooms(b *testing.B) {
	for i := 0; i < b.N; i++ {
		perRoom, _ := loadRooms(b, 1000)
		b.ReportMetric(perRoom, "B/room")
	}
}
