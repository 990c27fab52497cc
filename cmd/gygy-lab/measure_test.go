//go:build linux

package main

// The measuring tests (measure_*_test.go) print figures and assert
// nothing: each runs only when its environment variable asks for it, and
// most read the CPU time of their thread, so they run on Linux only.

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"gygy/engine/bot"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// mustThreadClock is threadClock for a test, which stops if it fails.
// The caller locks its goroutine to its thread.
func mustThreadClock(t testing.TB) func() time.Time {
	t.Helper()
	clock, err := threadClock()
	if err != nil {
		t.Fatal(err)
	}
	return clock
}

// threadCPU is the CPU time used so far by the calling thread.
func threadCPU(t testing.TB) time.Duration {
	return time.Duration(mustThreadClock(t)().UnixNano())
}

// envInt and envDuration read a measuring test's setting from the
// environment, def when it is not set; a malformed one stops the test.
func envInt(t *testing.T, name string, def int) int { return envValue(t, name, def, strconv.Atoi) }

func envDuration(t *testing.T, name string, def time.Duration) time.Duration {
	return envValue(t, name, def, time.ParseDuration)
}

func envValue[T any](t *testing.T, name string, def T, parse func(string) (T, error)) T {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := parse(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return v
}

// gyreGame is a new GYRE game of the size and variant.
func gyreGame(t *testing.T, size gyre.Size, v gyre.Variant) *gyre.Game {
	t.Helper()
	g, err := gyre.NewGame(size, v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// think is b's move in g, which must be legal.
func think(t *testing.T, b *bot.GyreBot, g *gyre.Game) gyre.Move {
	t.Helper()
	m, err := b.Think(context.Background(), g, nil)
	if err != nil {
		t.Fatalf("%v.Think: %v", b, err)
	}
	if err := g.Clone().Play(m); err != nil {
		t.Fatalf("%v chose an illegal move %s: %v", b, g.Geometry().MoveName(m), err)
	}
	return m
}

// gygesPosition parses a Gygès position for a test.
func gygesPosition(t testing.TB, s string) gyges.Position {
	t.Helper()
	p, err := gyges.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}
