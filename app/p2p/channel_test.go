package p2p

import (
	"fmt"
	"strings"
	"testing"

	"gygy/app/conn"
)

// Frames that wait for the loop are bounded: past maxBacklog a frame is
// dropped and counted, never blocks its callback, and the loop logs the
// count when it takes the next frame; the queue takes frames again once
// the loop has caught up.
func TestBacklogIsBounded(t *testing.T) {
	var logged []string
	c := newChannel(conn.Waiting, func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) })
	frame := make([]byte, 1000)
	queued := 0
	for c.backlog.Load()+frameCost(frame) <= maxBacklog {
		c.frameIn(1, frame)
		queued++
	}
	c.frameIn(1, frame)
	c.frameIn(1, frame)
	if got := c.dropped.Load(); got != 2 {
		t.Fatalf("dropped %d frames past the bound, want 2", got)
	}
	events := c.events.Take()
	if len(events) != queued {
		t.Fatalf("%d frames queued, want %d", len(events), queued)
	}
	for _, e := range events {
		c.took(e)
	}
	if b, d := c.backlog.Load(), c.dropped.Load(); b != 0 || d != 0 {
		t.Errorf("after the loop took every frame: backlog %d, dropped %d; want 0, 0", b, d)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "2 frames dropped") {
		t.Errorf("logged %q, want one line saying 2 frames dropped", logged)
	}
	c.frameIn(1, frame)
	if got := len(c.events.Take()); got != 1 {
		t.Errorf("%d frames queued after the loop caught up, want 1", got)
	}
}
