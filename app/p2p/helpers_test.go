package p2p

import (
	"testing"
	"time"

	"gygy/app/match"
	"gygy/engine/game"
)

// fast: random games go faster than people, so no rate limit.
var fast = match.MatchConfig{FramesPerSecond: 1e6, Burst: 1e6}

// mustSpec reads a game's header line, e.g. "GYRE 5x10".
func mustSpec(text string) game.Spec {
	s, err := game.ParseSpec(text)
	if err != nil {
		panic(err)
	}
	return s
}

// mustParse replays a record.
func mustParse(t testing.TB, record string) game.Game {
	t.Helper()
	g, err := game.Parse(record)
	if err != nil {
		t.Fatalf("record %q: %v", record, err)
	}
	return g
}

// fakeClock is a match's clock that moves only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }
