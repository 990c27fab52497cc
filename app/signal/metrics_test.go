//go:build !js

package signal_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"gygy/app/signal"
	"gygy/app/signal/redistest"
	"gygy/app/signal/signaltest"
)

// scrape reads the registry as Prometheus does, over HTTP in the text
// format, and returns each series' value by its name and labels.
func scrape(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("metrics served as %q, want Prometheus's text format", ct)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// wantSeries checks series against wanted values; a negative wanted
// value asks for at least its absolute value.
func wantSeries(t *testing.T, got map[string]float64, want map[string]float64) {
	t.Helper()
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("no series %s", name)
		case w >= 0 && g != w:
			t.Errorf("%s = %v, want %v", name, g, w)
		case w < 0 && g < -w:
			t.Errorf("%s = %v, want at least %v", name, g, -w)
		}
	}
}

// relayRoom creates a room, joins it and relays an offer and an answer.
func relayRoom(t *testing.T, hostURL, guestURL string) (host, guest *signal.Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	host, err := signal.Dial(ctx, hostURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	guest, err = signal.Dial(ctx, guestURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { guest.Close() })
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		t.Fatal(err)
	}
	recv := func(c *signal.Client, typ string) {
		t.Helper()
		m, err := c.Recv()
		if err != nil || m.Type != typ {
			t.Fatalf("got %+v, %v; want %s", m, err, typ)
		}
	}
	recv(host, signal.TypeReady)
	recv(guest, signal.TypeReady)
	sdp := json.RawMessage(`{"type":"offer","sdp":"v=0"}`)
	if err := guest.Send(ctx, signal.Message{Type: signal.TypeOffer, Epoch: 1, Payload: sdp}); err != nil {
		t.Fatal(err)
	}
	recv(host, signal.TypeOffer)
	if err := host.Send(ctx, signal.Message{Type: signal.TypeAnswer, Epoch: 1, Payload: sdp}); err != nil {
		t.Fatal(err)
	}
	recv(guest, signal.TypeAnswer)
	return host, guest
}

// The counters move as a room is created, joined and relayed through,
// and as clients are refused; the gauges say what the hub holds.
func TestMetricsCountRoomsRelaysAndRefusals(t *testing.T) {
	reg := prometheus.NewRegistry()
	h, url := signaltest.StartHub(t, signal.Config{Metrics: signal.NewMetrics(reg), MaxMessageBytes: 1024, Burst: 6, MessagesPerSecond: 1})
	relayRoom(t, url, url)
	// Each write is timed once done, a moment after its reader has it.
	signaltest.WaitFor(t, func() bool { return scrape(t, reg)[`gygy_signal_relay_seconds_count{path="local"}`] == 2 })
	wantSeries(t, scrape(t, reg), map[string]float64{
		"gygy_signal_rooms_open":                                   1,
		"gygy_signal_connections_open":                             2,
		"gygy_signal_rooms_created_total":                          1,
		"gygy_signal_rooms_joined_total":                           1,
		"gygy_signal_negotiations_total":                           1,
		`gygy_signal_relayed_total{type="offer"}`:                  1,
		`gygy_signal_relayed_total{type="answer"}`:                 1,
		`gygy_signal_relay_seconds_count{path="local"}`:            2,
		`gygy_signal_refusals_total{reason="size"}`:                0,
		`gygy_signal_draining`:                                     0,
		`gygy_signal_relay_seconds_bucket{path="local",le="+Inf"}`: 2,
	})

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	refuse := func(m signal.Message) {
		c, err := signal.Dial(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		c.Send(ctx, m)
		if m, err := c.Recv(); err != nil || m.Type != signal.TypeError {
			t.Fatalf("got %+v, %v; want an error", m, err)
		}
	}
	refuse(signal.Message{Type: signal.TypeCreate, Device: strings.Repeat("x", 2000)})
	refuse(signal.Message{Type: "dance"})
	refuse(signal.Message{Type: signal.TypeJoin, Room: "nowhere"})
	flood, err := signal.Dial(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer flood.CloseNow()
	if _, err := flood.Create(ctx); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		flood.Send(ctx, signal.Message{Type: signal.TypeKeepAlive})
	}
	if _, err := signal.DialAs(ctx, url, http.Header{"Origin": {"https://elsewhere.example"}}); err == nil {
		t.Fatal("a page of another origin was let in")
	}
	signaltest.WaitFor(t, func() bool { _, conns := h.Stats(); return conns == 2 })
	wantSeries(t, scrape(t, reg), map[string]float64{
		`gygy_signal_refusals_total{reason="size"}`:      1,
		`gygy_signal_refusals_total{reason="bad_frame"}`: 1,
		`gygy_signal_refusals_total{reason="room"}`:      1,
		`gygy_signal_refusals_total{reason="origin"}`:    1,
		`gygy_signal_refusals_total{reason="rate"}`:      1,
		"gygy_signal_connections_open":                   2,
	})
}

// With Redis the relay's latency is measured across instances, and
// Redis's round trips are timed by command.
func TestMetricsAcrossInstances(t *testing.T) {
	r := redistest.Start(t)
	regs := [2]*prometheus.Registry{prometheus.NewRegistry(), prometheus.NewRegistry()}
	a := signaltest.StartInstance(t, r.Addr(), signal.Config{Metrics: signal.NewMetrics(regs[0])})
	b := signaltest.StartInstance(t, r.Addr(), signal.Config{Metrics: signal.NewMetrics(regs[1])})
	relayRoom(t, a.URL, b.URL)
	signaltest.WaitFor(t, func() bool {
		return scrape(t, regs[0])[`gygy_signal_relay_seconds_count{path="redis"}`] == 1 &&
			scrape(t, regs[1])[`gygy_signal_relay_seconds_count{path="redis"}`] == 1
	})
	ma, mb := scrape(t, regs[0]), scrape(t, regs[1])
	wantSeries(t, ma, map[string]float64{
		"gygy_signal_rooms_created_total":                    1,
		"gygy_signal_rooms_joined_total":                     0,
		`gygy_signal_relay_seconds_count{path="redis"}`:      1, // the offer, delivered here
		`gygy_signal_relayed_total{type="answer"}`:           1, // sent from here
		`gygy_signal_redis_seconds_count{command="evalsha"}`: -2,
	})
	wantSeries(t, mb, map[string]float64{
		"gygy_signal_rooms_joined_total":                1,
		"gygy_signal_negotiations_total":                1,
		`gygy_signal_relay_seconds_count{path="redis"}`: 1, // the answer
		`gygy_signal_relayed_total{type="offer"}`:       1,
	})
}
