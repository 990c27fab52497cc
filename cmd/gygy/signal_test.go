package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gygy/app/netlimit"
	"gygy/app/signal"
	"gygy/app/signal/signaltest"
)

// dialSignal runs gygy signal with args on a loopback port and connects a
// client to it.
func dialSignal(t *testing.T, ctx context.Context, args ...string) *signal.Client {
	t.Helper()
	var stderr bytes.Buffer
	srv, ln, hub, err := signalServer(append([]string{"--addr", "127.0.0.1:0"}, args...), &stderr)
	if err != nil {
		t.Fatalf("signalServer: %v (%s)", err, stderr.String())
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	c, err := signal.Dial(ctx, "ws://"+ln.Addr().String()+"/signal")
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestSignalCommand(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := dialSignal(t, ctx, "--ice", "stun:stun.test:3478,turn:turn.test:3478|u|p", "--rate", "5")
	ice := c.ICEServers()
	if len(ice) != 2 || ice[1].Username != "u" || ice[1].Credential != "p" {
		t.Fatalf("ICEServers() = %+v, want the STUN and the TURN server of --ice", ice)
	}
	if _, err := c.Create(ctx); err != nil {
		t.Fatalf("Create: %v", err)
	}
}

func TestSignalCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--ice", "http://nope"},
		{"--ice", "turn:t.test:3478"},
		{"--bogus"},
		{"extra"},
	} {
		var stderr bytes.Buffer
		if _, _, _, err := signalServer(args, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("signalServer(%q) = %v, want a usage error", args, err)
		}
		if code := run(append([]string{"signal"}, args...), nil, &stderr, &stderr); code != 2 {
			t.Errorf("gygy signal %q exit code %d, want 2", args, code)
		}
	}
}

// TestSignalCommandRelay: with --turn the hub hands each player the relay
// with credentials of its own.
func TestSignalCommandRelay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := dialSignal(t, ctx, "--turn", "127.0.0.1:0")
	ice := c.ICEServers()
	if len(ice) != 1 || !strings.HasPrefix(ice[0].URLs[0], "turn:127.0.0.1:") || ice[0].Username == "" || ice[0].Credential == "" {
		t.Fatalf("ICEServers() = %+v, want the relay with credentials", ice)
	}
	var e2 bytes.Buffer
	if _, _, _, err := signalServer([]string{"--turn", "0.0.0.0:0"}, &e2); !errors.Is(err, errUsage) {
		t.Errorf("--turn on 0.0.0.0 without --turn-ip = %v, want a usage error", err)
	}
}

// startSignal runs gygy signal with args on a loopback port and returns
// its listener and the hub's URL.
func startSignal(t *testing.T, args ...string) (*netlimit.Listener, string, *bytes.Buffer) {
	t.Helper()
	stderr := &bytes.Buffer{}
	srv, ln, hub, err := signalServer(append([]string{"--addr", "127.0.0.1:0"}, args...), stderr)
	if err != nil {
		t.Fatalf("signalServer: %v (%s)", err, stderr)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	return ln.(*netlimit.Listener), "ws://" + ln.Addr().String() + "/signal", stderr
}

// Issue 19, item 1: idle keep-alive connections and slow headers are
// closed, and open connections are capped per address when accepted, so
// that one client cannot use up the descriptors.
func TestSignalIdleConnectionsCapped(t *testing.T) {
	const perAddr, tries = 120, 300
	ln, url, _ := startSignal(t, "--max-open", "150", "--open-per-addr", fmt.Sprint(perAddr), "--idle-timeout", "300ms", "--header-timeout", "300ms")
	done := signaltest.Honest(t, url) // two of the address's connections
	addr := strings.TrimPrefix(strings.TrimSuffix(url, "/signal"), "ws://")
	answered, refused := 0, 0
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < tries; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		conns = append(conns, c)
		if i%10 == 9 {
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n") // a slow header: never finished
			continue
		}
		// One whole request, and then silence on a kept-alive connection.
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			refused++
			continue
		}
		resp.Body.Close()
		answered++
	}
	held := ln.Open()
	t.Logf("%d connections from one address: %d answered and held, %d refused at accept; %d open (cap %d)", tries, answered, refused, held, perAddr)
	if held > perAddr {
		t.Errorf("%d connections open, more than the cap of %d per address", held, perAddr)
	}
	if refused == 0 {
		t.Errorf("no connection refused past the cap")
	}
	start := time.Now()
	for ln.Open() > 2 && time.Since(start) < 10*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	if n := ln.Open(); n != 2 {
		t.Fatalf("%d connections open after the idle and header timeouts, want the honest pair's 2", n)
	}
	t.Logf("idle and half-sent connections closed %v after the storm (idle and header timeouts 300ms)", time.Since(start).Round(10*time.Millisecond))
	// The address may connect again.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := signal.Dial(ctx, url)
	if err != nil {
		t.Fatalf("dial after the storm: %v", err)
	}
	c.Close()
	done()
}

// The cap on open connections stays under the descriptor limit.
func TestSignalOpenCapFitsDescriptors(t *testing.T) {
	ln, _, stderr := startSignal(t, "--max-open", "100000000")
	if !strings.Contains(stderr.String(), "capped at") {
		t.Skipf("no descriptor limit below 100,000,000 here (log %q)", stderr)
	}
	t.Logf("%s", strings.TrimSpace(stderr.String()))
	ln.Close()
}

// Issue 19, item 9: the client-ip header is believed only from the
// trusted proxies.
func TestSignalTrustedProxies(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tests := []struct {
		name    string
		proxies string
		want    int // of 20 connections, each naming another client
	}{
		{"direct client", "192.0.2.1", 3}, // 5 for the address, the honest pair's 2 among them
		{"from a trusted proxy", "127.0.0.1/32,::1", 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, url, _ := startSignal(t, "--trusted-proxies", tt.proxies, "--client-ip-header", "X-Forwarded-For",
				"--conns-per-addr", "5", "--open-per-addr", "10")
			done := signaltest.Honest(t, url)
			admitted := 0
			for i := 0; i < 20; i++ {
				h := http.Header{"X-Forwarded-For": {fmt.Sprintf("203.0.113.%d", i+1)}}
				ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
				if err != nil {
					continue // refused at accept: the per-address cap on open connections
				}
				defer ws.CloseNow()
				_, data, err := ws.Read(ctx)
				if err == nil && strings.Contains(string(data), `"welcome"`) {
					admitted++
				}
			}
			if admitted != tt.want {
				t.Errorf("%d of 20 connections with forged addresses admitted, want %d", admitted, tt.want)
			}
			done()
		})
	}
	for _, args := range [][]string{
		{"--client-ip-header", "X-Forwarded-For"},
		{"--trusted-proxies", "10.0.0.0/33"},
		{"--trusted-proxies", "proxy.example"},
	} {
		var stderr bytes.Buffer
		if _, _, _, err := signalServer(args, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("signalServer(%q) = %v, want a usage error", args, err)
		}
	}
}
