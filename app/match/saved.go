package match

import (
	"fmt"
	"slices"
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
	// Game, Sent, Got, Acked and Pending are the acts' bookkeeping (see
	// ack.go): the acts not yet acknowledged go again after the reload.
	Game    int     `json:",omitempty"`
	Sent    uint64  `json:",omitempty"`
	Got     uint64  `json:",omitempty"`
	Acked   uint64  `json:",omitempty"`
	Pending []Frame `json:",omitempty"`
	// Undo and Rematch are the open questions, asked and offered: they
	// outlive a reload as they outlive a drop. Undo holds the record
	// length each is about, plus one (0: none).
	Undo    [2]int  `json:",omitzero"`
	Rematch [2]bool `json:",omitzero"`
}

// Saved returns the match's saved form; ok is false before the game is
// agreed.
func (m *Match) Saved() (s Saved, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || m.state == waiting && m.role == Guest {
		return Saved{}, false
	}
	a := m.acts
	s = Saved{Role: m.role, Hello: m.hello, Record: m.rules.Record(), Ended: endedOf(m.rules), Clock: m.timing.clk.String(), Seen: m.cfg.Now(), Turn: m.running(),
		Game: a.game, Sent: a.sent, Got: a.got, Acked: a.acked, Pending: slices.Clone(a.pending)}
	s.Undo, s.Rematch = m.questions.saved()
	return s, true
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
	if m.timing.clk, err = clock.Parse(s.Clock); err != nil {
		return nil, fmt.Errorf("%w: saved match: %v", ErrRejected, err)
	}
	if m.timing.clk.Control != s.Hello.Clock {
		m.timing.clk = clock.New(s.Hello.Clock)
	}
	if err := checkActs(s); err != nil {
		return nil, err
	}
	m.hello, m.rules, m.state = s.Hello, r, playing
	m.acts = acts{game: s.Game, sent: s.Sent, got: s.Got, acked: s.Acked, pending: slices.Clone(s.Pending)}
	m.questions = savedQuestions(s.Undo, s.Rematch)
	if now := m.cfg.Now(); !s.Seen.IsZero() && s.Seen.Before(now) && now.Sub(s.Seen) < 30*24*time.Hour {
		// The page was closed: away since it was last seen.
		m.timing.leave(s.Seen)
		m.timing.turnStart = s.Seen.Add(-max(0, min(s.Turn, maxThink)))
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

// checkActs checks the saved acts' bookkeeping: what a damaged save could
// make of it must not stall the match.
func checkActs(s Saved) error {
	if s.Game < 0 || s.Acked > s.Sent || len(s.Pending) > maxPending {
		return fmt.Errorf("%w: saved match: acts %d sent, %d acknowledged, %d pending, game %d", ErrRejected, s.Sent, s.Acked, len(s.Pending), s.Game)
	}
	if len(s.Pending) == 0 {
		return nil
	}
	next := max(s.Acked+1, s.Sent+1-uint64(len(s.Pending)))
	for _, f := range s.Pending {
		if !isAct(f.Type) || f.Act != next {
			return fmt.Errorf("%w: saved match: pending %s frame numbered %d, want act %d", ErrRejected, f.Type, f.Act, next)
		}
		next++
	}
	if next != s.Sent+1 {
		return fmt.Errorf("%w: saved match: pending acts end at %d, %d sent", ErrRejected, next-1, s.Sent)
	}
	return nil
}
