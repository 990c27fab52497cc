package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
)

// opsHub runs gygy signal's server with args, its metrics served on a
// port of their own, and returns its URL, the metrics' URL, the hub and
// its log.
func opsHub(t *testing.T, args ...string) (base, metrics string, hub *signal.Hub, log func() string) {
	t.Helper()
	buf := &lockedWriter{w: &bytes.Buffer{}}
	srv, ln, hub, o, err := signalServerOps(append([]string{"--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"}, args...), buf)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	addr, stop, err := o.serveMetrics()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(); hub.Close(); srv.Close() })
	return "http://" + ln.Addr().String(), "http://" + addr.String() + "/metrics", hub, func() string {
		buf.mu.Lock()
		defer buf.mu.Unlock()
		return buf.w.(*bytes.Buffer).String()
	}
}

func getURL(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// gygy signal serves its metrics on --metrics-addr (Go's runtime
// included) and not on the public listener, and logs a room's life as
// JSON records with the room id hashed and no address in clear.
func TestSignalMetricsAndJSONLog(t *testing.T) {
	base, metrics, _, log := opsHub(t, "--log-format", "json")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := "ws" + strings.TrimPrefix(base, "http") + "/signal"
	host, err := signal.Dial(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	guest, err := signal.Dial(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	defer guest.Close()
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := guest.Join(ctx, created.Room, ""); err == nil {
		t.Fatal("a second join on one connection was let through")
	}

	code, body := getURL(t, metrics)
	if code != 200 {
		t.Fatalf("GET /metrics: %d", code)
	}
	for _, want := range []string{"gygy_signal_rooms_created_total 1", "gygy_signal_rooms_joined_total 1",
		"gygy_signal_negotiations_total 1", `gygy_signal_refusals_total{reason="bad_frame"} 1`,
		"go_goroutines ", "process_open_fds ", "gygy_signal_draining 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if code, _ := getURL(t, base+"/metrics"); code != http.StatusNotFound {
		t.Errorf("GET /metrics on the public listener: %d, want 404", code)
	}

	events := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(log()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		if msg, _ := rec["msg"].(string); msg != "" {
			events[msg] = rec
		}
	}
	for _, msg := range []string{"room created", "room joined", "negotiation", "refused"} {
		rec, ok := events[msg]
		if !ok {
			t.Errorf("no %q record in the log:\n%s", msg, log())
			continue
		}
		if msg != "refused" && (len(rec["room"].(string)) != 12 || rec["component"] != "signal") {
			t.Errorf("%q record %v: want a 12-digit room hash and component signal", msg, rec)
		}
	}
	if rec := events["room created"]; rec != nil && !strings.HasPrefix(rec["addr"].(string), "h:") {
		t.Errorf("room created names its address %v, want a hash", rec["addr"])
	}
	if l := log(); strings.Contains(l, created.Room) || strings.Contains(l, "127.0.0.1\"") || strings.Contains(l, created.Token) {
		t.Errorf("the log holds a room id, a token or an address in clear:\n%s", l)
	}
}

// --log-addrs logs addresses in clear, in text; /healthz says draining
// from the start of a drain.
func TestSignalLogAddrsAndHealthDraining(t *testing.T) {
	base, _, hub, log := opsHub(t, "--log-addrs")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := signal.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/signal")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Create(ctx); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log(), "addr=127.0.0.1") || !strings.Contains(log(), `msg="room created"`) {
		t.Errorf("text log with --log-addrs lacks the address in clear:\n%s", log())
	}
	if code, body := getURL(t, base+"/healthz"); code != 200 {
		t.Fatalf("/healthz before the drain: %d %q", code, body)
	}
	drained := make(chan error, 1)
	go func() { drained <- hub.Drain(ctx) }()
	if m, err := c.Recv(); err != nil || m.Type != signal.TypeReconnect {
		t.Fatalf("the client got %+v, %v; want reconnect", m, err)
	}
	if code, body := getURL(t, base+"/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "draining") {
		t.Fatalf("/healthz during the drain: %d %q, want 503 draining", code, body)
	}
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
}

func TestOpsFlagsRefused(t *testing.T) {
	for _, args := range [][]string{{"--log-format", "xml"}, {"--log-level", "loud"}} {
		var stderr bytes.Buffer
		if _, _, _, err := signalServer(args, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("signalServer(%q) = %v, want a usage error", args, err)
		}
	}
}
