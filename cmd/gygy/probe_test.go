package main

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"gygy/app/signal/redistest"
	"gygy/app/signal/signaltest"
)

// hubAt runs gygy signal with args on a loopback port and returns its
// address (host:port) and its log.
func hubAt(t *testing.T, args ...string) (addr string, log *lockedWriter) {
	t.Helper()
	log = &lockedWriter{w: &bytes.Buffer{}}
	srv, ln, hub, err := signalServer(append([]string{"--addr", "127.0.0.1:0"}, args...), log)
	if err != nil {
		t.Fatalf("signalServer: %v (%s)", err, log)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	return ln.Addr().String(), log
}

// String is what a lockedWriter over a bytes.Buffer holds: a log that a
// test may read while the hub writes it.
func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.(*bytes.Buffer).String()
}

// probeRun runs gygy probe with args and returns its exit code and output.
func probeRun(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := run(append([]string{"probe"}, args...), nil, &out, &errs)
	return code, out.String() + errs.String()
}

// health reads /healthz at addr.
func health(t *testing.T, addr string) (int, string) {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestProbeTwoInstances(t *testing.T) {
	r := redistest.Start(t)
	a, _ := hubAt(t, "--redis", r.URL(), "--turn", "127.0.0.1:0")
	b, _ := hubAt(t, "--redis", r.URL(), "--turn", "127.0.0.1:0")
	for _, args := range [][]string{
		{"ws://" + a + "/signal", "ws://" + b + "/signal"},
		{"--turn", "http://" + b, "http://" + a},
	} {
		code, out := probeRun(t, args...)
		t.Logf("gygy probe %s\n%s", strings.Join(args, " "), out)
		if code != 0 || !strings.Contains(out, "probe passed") || strings.Contains(out, "FAIL") {
			t.Fatalf("gygy probe %q: exit %d, want 0 and every step ok:\n%s", args, code, out)
		}
	}
	if code, out := probeRun(t, "--turn", "ws://"+a); !strings.Contains(out, "TURN: frame guest → host") || code != 0 {
		t.Fatalf("probe --turn with one URL: exit %d:\n%s", code, out)
	}
}

func TestProbeFailures(t *testing.T) {
	r := redistest.Start(t)
	noTurn, _ := hubAt(t, "--redis", r.URL())
	down, _ := hubAt(t, "--redis", "redis://127.0.0.1:1/0")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"ws://" + down}, 1, "FAIL host: create a room"},
		{[]string{"ws://" + noTurn, "ws://" + down}, 1, "FAIL guest: join the room"},
		{[]string{"--turn", "ws://" + noTurn}, 1, "hands out no turn: server"},
		{[]string{"ftp://" + noTurn}, 2, "must start with ws://"},
		{nil, 2, "usage: gygy probe"},
	} {
		code, out := probeRun(t, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("gygy probe %q: exit %d, want %d with %q:\n%s", tc.args, code, tc.code, tc.want, out)
		}
	}
}

func TestHealthz(t *testing.T) {
	mem, _ := hubAt(t)
	if code, body := health(t, mem); code != 200 || body != "ok\n" {
		t.Fatalf("/healthz in memory: %d %q, want 200 ok", code, body)
	}
	r := redistest.Start(t)
	addr, log := hubAt(t, "--redis", r.URL())
	if code, body := health(t, addr); code != 200 {
		t.Fatalf("/healthz with Redis up: %d %q, want 200", code, body)
	}
	r.Stop()
	signaltest.WaitFor(t, func() bool { code, _ := health(t, addr); return code == 503 })
	if _, body := health(t, addr); !strings.Contains(body, "room store unreachable") {
		t.Fatalf("/healthz with Redis down: %q, want the reason", body)
	}
	r.Start()
	signaltest.WaitFor(t, func() bool { code, _ := health(t, addr); return code == 200 })
	for _, want := range []string{"redis unreachable", "redis answers again"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the hub's log lacks %q:\n%s", want, log)
		}
	}
	if code, out := probeRun(t, "ws://"+addr); code != 0 {
		t.Fatalf("probe after Redis came back: exit %d:\n%s", code, out)
	}
}

func TestRedisFlagUsage(t *testing.T) {
	var stderr bytes.Buffer
	if _, _, _, err := signalServer([]string{"--addr", "127.0.0.1:0", "--redis", "ftp://example.org"}, &stderr); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "--redis") {
		t.Fatalf("gygy signal --redis ftp://example.org: %v, want a usage error naming --redis", err)
	}
}
