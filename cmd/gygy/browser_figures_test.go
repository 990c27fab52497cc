package main

// The figures of online play the team follows. They assert nothing: the
// online test logs them, writes them to testout/online-figures.txt, and the
// game scripts only mark the moments they are made of.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// onlineFigures are the timings of TestBrowserOnline, in milliseconds.
type onlineFigures struct {
	mu        sync.Mutex
	channel   []float64 // data channel round trip in the bare harness
	open      []float64 // guest opens the link until the offer shows
	join      []float64 // guest opens the link until both are connected
	accept    []float64 // guest accepts until both are connected
	reconnect []float64 // guest reloads until both are connected again
	move      []float64 // pointer released on the mover's page until the other page shows the move
}

func (f *onlineFigures) add(dst *[]float64, ms ...float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	*dst = append(*dst, ms...)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// channelTrips takes the harness's ping round trips; the first, which
// includes warming up, does not count.
func (f *onlineFigures) channelTrips(times []float64) {
	if len(times) > 1 {
		f.add(&f.channel, times[1:]...)
	}
}

// joinClock times a guest joining: marks are made as the steps happen.
type joinClock struct {
	t                    *testing.T
	f                    *onlineFigures
	label                string
	start, offer, accept time.Time
}

// timeJoin starts the clock as the guest opens the link.
func (f *onlineFigures) timeJoin(t *testing.T, label string) *joinClock {
	return &joinClock{t: t, f: f, label: label, start: time.Now()}
}

func (c *joinClock) offerShown() { c.offer = time.Now() }
func (c *joinClock) accepted()   { c.accept = time.Now() }

// connected ends the clock and logs the times.
func (c *joinClock) connected() {
	done := time.Now()
	c.f.add(&c.f.open, ms(c.offer.Sub(c.start)))
	c.f.add(&c.f.join, ms(done.Sub(c.start)))
	c.f.add(&c.f.accept, ms(done.Sub(c.accept)))
	c.t.Logf("%s: link opened -> offer %v, accepted -> connected %v", c.label,
		c.offer.Sub(c.start).Round(time.Millisecond), done.Sub(c.accept).Round(time.Millisecond))
}

// timeReconnect starts a clock as the guest reloads; the function it
// returns stops it once both are connected again, and logs the time.
func (f *onlineFigures) timeReconnect(t *testing.T, label string) func() {
	start := time.Now()
	return func() {
		took := time.Since(start)
		f.add(&f.reconnect, ms(took))
		t.Logf("%s: the guest reloaded; connected again after %v", label, took.Round(time.Millisecond))
	}
}

// moveTrip takes the time from the pointer's release on the mover's page
// until the other page listed the move that made the list n long.
func (f *onlineFigures) moveTrip(mover, other *page, n int) {
	mover.t.Helper()
	up, _ := mover.moveTimes(n)
	_, shown := other.moveTimes(n)
	if up > 0 && shown > up {
		f.add(&f.move, shown-up)
	}
}

// report logs the figures and writes them to testout/online-figures.txt.
func (f *onlineFigures) report(t *testing.T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	line := func(what string, xs []float64) {
		if len(xs) == 0 {
			fmt.Fprintf(&b, "%-58s no samples\n", what)
			return
		}
		lo, hi := xs[0], xs[0]
		for _, x := range xs {
			lo, hi = min(lo, x), max(hi, x)
		}
		fmt.Fprintf(&b, "%-58s median %7.1f ms  (n=%d, min %.1f, max %.1f)\n", what, median(xs), len(xs), lo, hi)
	}
	line("bare data channel round trip (harness)", f.channel)
	line("guest opens the link -> offer shown", f.open)
	line("guest opens the link -> both connected (incl. accepting)", f.join)
	line("guest accepts -> both connected", f.accept)
	line("guest reloads mid-game -> both connected again", f.reconnect)
	line("move: pointer up on one page -> shown on the other", f.move)
	t.Logf("online play figures (two headless Chromium instances, one machine):\n%s", b.String())
	if err := os.WriteFile(filepath.Join(testOut(t), "online-figures.txt"), []byte(b.String()), 0o644); err != nil {
		t.Error(err)
	}
}
