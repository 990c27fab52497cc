package match

import (
	"fmt"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// A side keeps its match across a reload: the saved form, and Resume.

// Saved is what a side keeps to resume after a reload.
type Saved struct {
	Role   Role
	Hello  Hello
	Record string
	// Ended is how the game ended off the board, if it did.
	Ended *game.Result `json:",omitempty"`
	// Clock is both clocks of a timed game (clock.Clock's String).
	Clock string `json:",omitempty"`
	// Resigned is read from games saved before Ended.
	Resigned game.Seat `json:",omitempty"`
	// Seen is when this side was last there (its wall clock, when it
	// saved): a page closed and opened again counts the time between as an
	// absence, as a dropped connection does.
	Seen time.Time `json:",omitempty"`
	// Turn is how long the turn under way had run when it was seen.
	Turn time.Duration `json:",omitempty"`
}

// Saved returns the match's saved form; ok is false before the game is
// agreed.
func (m *Match) Saved() (s Saved, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || m.state == waiting && m.role == Guest {
		return Saved{}, false
	}
	return Saved{Role: m.role, Hello: m.hello, Record: m.rules.Record(), Ended: endedOf(m.rules), Clock: m.clk.String(), Seen: m.cfg.Now(), Turn: m.running()}, true
}

// Resume rebuilds a match from its saved form (see Saved), e.g. after a
// page reload. The record is replayed and checked.
func Resume(s Saved, t Transport, cfg MatchConfig) (*Match, error) {
	r, err := RulesFromRecord(s.Hello, s.Record)
	if err != nil {
		return nil, err
	}
	m := newMatch(s.Role, t, cfg)
	ended := s.Ended
	if ended == nil && s.Resigned != game.NoSeat { // saved before Ended
		ended = &game.Result{Winner: s.Resigned.Other(), Method: game.Resignation}
	}
	if ended != nil {
		if err := r.End(*ended); err != nil {
			return nil, fmt.Errorf("%w: saved match: %v", ErrRejected, err)
		}
	}
	if m.clk, err = clock.Parse(s.Clock); err != nil {
		return nil, fmt.Errorf("%w: saved match: %v", ErrRejected, err)
	}
	if m.clk.Control != s.Hello.Clock {
		m.clk = clock.New(s.Hello.Clock)
	}
	m.hello, m.rules, m.state = s.Hello, r, playing
	if now := m.cfg.Now(); !s.Seen.IsZero() && s.Seen.Before(now) && now.Sub(s.Seen) < 30*24*time.Hour {
		// The page was closed: away since it was last seen.
		m.away, m.awaySince = true, s.Seen
		m.turnStart = s.Seen.Add(-max(0, min(s.Turn, maxThink)))
	}
	m.me = s.Hello.Host
	if s.Role == Guest {
		m.me = m.me.Other()
	}
	return m, nil
}

// endedOf returns how g ended off the board, or nil.
func endedOf(g game.Game) *game.Result {
	if r := g.Result(); r.Method.OffBoard() {
		return &r
	}
	return nil
}
