package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
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
