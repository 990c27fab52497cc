package match

import (
	"fmt"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// A timed game's clocks run on both sides from the think times the
// acting side reports with each action (Frame.Think), never from the two
// devices' wall clocks, which differ: both charge the same times and so
// agree to the millisecond on what is left, and the state hash covers the
// clocks. The receiver checks the claim against the time it saw pass:
// reporting much less than that is refused. While the connection is down
// the clock of the side to act stops, for at most the grace period.
//
// A game also ends off the board here: the side whose time ran out may say
// so, the other may claim the win on time or, once the opponent has been
// gone for longer than the grace period, by abandonment; and until both
// sides have acted the game may be aborted. Each of these travels as an
// end frame (and in every sync), and the receiver checks what it can see
// itself before it agrees.

// maxThink bounds one reported think time.
const maxThink = 24 * time.Hour

// thinkSlack is how much less than the time seen passing a peer may
// report: the network's delays, and a little more.
const thinkSlack = 3 * time.Second

// claimSlack is how early a claim may come: the claimant sees a turn start
// a little later than the side to act does.
const claimSlack = 2 * time.Second

// timing is the clocks and the turn under way, and the absences that
// stop them.
type timing struct {
	clk       clock.Clock
	turnStart time.Time     // when the turn under way began here
	paused    time.Duration // of the turn under way, while disconnected
	away      bool          // the connection is down (after it was up once)
	awaySince time.Time
	lastAway  time.Duration // how long the last completed absence lasted
}

// start starts the turn under way at now.
func (t *timing) start(now time.Time) {
	t.turnStart, t.paused = now, 0
	if t.away {
		t.awaySince = now
	}
}

// run is how long the turn under way has run at now, without the time the
// connection was down (up to grace each time).
func (t *timing) run(now time.Time, grace time.Duration) time.Duration {
	d := now.Sub(t.turnStart) - t.paused
	if t.away {
		d -= min(now.Sub(t.awaySince), grace)
	}
	return max(0, d)
}

// leave starts an absence at now.
func (t *timing) leave(now time.Time) {
	if !t.away {
		t.away, t.awaySince = true, now
	}
}

// back ends an absence at now: the turn under way is paused for it, up to
// grace.
func (t *timing) back(now time.Time, grace time.Duration) {
	if !t.away {
		return
	}
	d := now.Sub(t.awaySince)
	t.lastAway, t.paused, t.away = d, t.paused+min(d, grace), false
}

// gone is how long the absence under way, or else the last one, lasted.
func (t *timing) gone(now time.Time) time.Duration {
	if t.away {
		return now.Sub(t.awaySince)
	}
	return t.lastAway
}

// startTurn starts the clock of the turn under way.
func (m *Match) startTurn() { m.timing.start(m.cfg.Now()) }

// running is how long the turn under way has run, without the time the
// connection was down (up to the grace period each time). Each side's
// first action is free (free): its clock starts with its second.
func (m *Match) running() time.Duration {
	if m.free() {
		return 0
	}
	return m.timing.run(m.cfg.Now(), m.cfg.Grace)
}

// free reports whether the turn under way is a side's first action, which
// costs no time: as over a board with a clock started by the first move
// (and as lichess does), a person reads the board and the opponent before
// the clocks go; until then the game may still be aborted. It holds m.mu.
func (m *Match) free() bool {
	return m.rules != nil && m.rules.Len() < game.AbortableUntil
}

// takeTurnTime follows the side to act's own reckoning of the turn under
// way, sent with its pings and pongs (Frame.Think), so that both screens
// show the same time left: the two sides count an absence from different
// moments (the one that left from when it left, the other from when it
// noticed), and the mover's reckoning is what its action will be charged.
// More time than seen here is always taken (no side gains by it); less
// only by what an absence in this turn can explain. It holds m.mu.
func (m *Match) takeTurnTime(f Frame) {
	if !m.timing.clk.Control.On() || m.state != playing || m.rules == nil || m.rules.Result().Over() || m.timing.away ||
		f.Think <= 0 || f.Game != m.acts.game || f.Ply != m.rules.Len() || m.rules.Turn() != m.me.Other() || m.free() {
		return
	}
	theirs := time.Duration(f.Think)*time.Millisecond + m.pings.rtt/2
	seen := m.running()
	if theirs < seen && (m.timing.paused == 0 || seen-theirs > m.cfg.Grace) {
		return
	}
	m.timing.turnStart, m.timing.paused = m.cfg.Now().Add(-theirs), 0
}

// turnTime is this side's reckoning of the turn under way for its pings
// and pongs, when it is to act in a timed game (0 otherwise). It holds
// m.mu.
func (m *Match) turnTime() int64 {
	if m.state != playing || m.rules == nil || m.rules.Result().Over() || m.rules.Turn() != m.me {
		return 0
	}
	return thinkMs(m.timing.clk, m.running())
}

// thinkMs is a think time for the wire: only timed games send one.
func thinkMs(c clock.Clock, d time.Duration) int64 {
	if !c.Control.On() {
		return 0
	}
	return d.Milliseconds()
}

// Disconnected must be called when the channel to the peer closes (the
// driver does it): the clock of the side to act stops, and the absence
// counts towards a claim.
func (m *Match) Disconnected() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state == playing {
		m.timing.leave(m.cfg.Now())
	}
}

// Clocks is what a timed game's clocks show now.
type Clocks struct {
	Control clock.Control // none for an untimed game
	Left    [2]time.Duration
	Running game.Seat // whose clock runs, NoSeat when none does
}

// Clocks returns both sides' time left now, the running turn included.
func (m *Match) Clocks() Clocks {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.clocks()
}

// clocks is Clocks. It holds m.mu.
func (m *Match) clocks() Clocks {
	clk := m.timing.clk
	c := Clocks{Control: clk.Control}
	if !c.Control.On() {
		return c
	}
	c.Left = [2]time.Duration{clk.Left(game.One), clk.Left(game.Two)}
	if m.state == playing && m.rules != nil && !m.rules.Result().Over() && !m.free() {
		c.Running = m.rules.Turn()
		if c.Running != game.NoSeat {
			c.Left[c.Running-1] = clk.Remaining(c.Running, m.running())
		}
	}
	if m.rules != nil && m.rules.Result().Method == game.Timeout {
		c.Left[m.rules.Result().Loser()-1] = 0
	}
	return c
}

// Away reports whether the peer is gone, for how long, and whether this
// side may claim the win now.
func (m *Match) Away() (away bool, since time.Duration, claimable bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a := m.absence()
	return a.Gone, a.For, a.Claimable
}

// Absence is the opponent's absence.
type Absence struct {
	Gone      bool
	For       time.Duration // how long, so far
	Grace     time.Duration // after which the win may be claimed
	Claimable bool
}

// absence is the opponent's absence now. It holds m.mu.
func (m *Match) absence() Absence {
	if !m.timing.away || m.rules == nil || m.rules.Result().Over() {
		return Absence{Grace: m.cfg.Grace}
	}
	d := m.timing.gone(m.cfg.Now())
	return Absence{Gone: true, For: d, Grace: m.cfg.Grace, Claimable: d >= m.cfg.Grace}
}

// Grace is the grace period before an absent opponent's game may be
// claimed.
func (m *Match) Grace() time.Duration { return m.cfg.Grace }

// Claim claims the win: on time when the opponent's clock has run out, or
// by abandonment when the opponent has been gone longer than the grace
// period. The result stands here at once; the opponent hears of it now or,
// if gone, in the sync when it comes back, and checks it.
func (m *Match) Claim() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || m.rules.Result().Over() {
		return fmt.Errorf("%w: claim: no game under way", ErrState)
	}
	opp := m.me.Other()
	how := game.Unfinished
	switch {
	case m.rules.Turn() == opp && m.timing.clk.Flagged(opp, m.running()):
		how = game.Timeout
	case m.timing.away && m.timing.gone(m.cfg.Now()) >= m.cfg.Grace:
		how = game.Abandonment
	default:
		return fmt.Errorf("%w: claim: the opponent still has time and is here", ErrState)
	}
	return m.end(game.Result{Winner: m.me, Method: how})
}

// Flag ends the game when this side's own time has run out: it has lost
// on time. It reports whether it did.
func (m *Match) Flag() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || m.rules.Result().Over() || m.rules.Turn() != m.me || !m.timing.clk.Flagged(m.me, m.running()) {
		return false
	}
	return m.end(game.Result{Winner: m.me.Other(), Method: game.Timeout}) == nil
}

// Abort calls the game off before both sides have acted.
func (m *Match) Abort() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing {
		return fmt.Errorf("%w: abort: no game under way", ErrState)
	}
	return m.end(game.Result{Method: game.Aborted})
}

// end ends the game here and tells the peer. It holds m.mu.
func (m *Match) end(r game.Result) error {
	if err := m.rules.End(r); err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	m.sendAct(Frame{Type: TypeEnd, Ended: &r})
	return nil
}

// checkThink refuses a think time much shorter than the time this side saw
// pass, and an action that came after the mover's time ran out.
func (m *Match) checkThink(f Frame) (time.Duration, error) {
	clk := m.timing.clk
	if !clk.Control.On() {
		return 0, nil
	}
	think := time.Duration(f.Think) * time.Millisecond
	opp := m.me.Other()
	if seen := m.running(); think < seen-thinkSlack-2*m.pings.rtt {
		return 0, rejectf("%s %q: the sender reports %v of thought; %v passed here", f.Type, f.Action, think, seen.Round(time.Millisecond))
	}
	if clk.Flagged(opp, think) {
		return 0, rejectf("%s %q came after the sender's time ran out", f.Type, f.Action)
	}
	return think, nil
}

// checkEnded decides whether the peer's word on how the game ended
// stands: the peer may always lose, resign, run out of time by its own
// word, or abort a game not yet under way; a claim against this side
// stands only if this side sees it too.
func (m *Match) checkEnded(r game.Result) error {
	switch {
	case r.Method == game.Aborted:
		if n := m.rules.Len(); n >= game.AbortableUntil {
			return rejectf("abort after %d actions", n)
		}
	case !r.Method.OffBoard() || r.Winner != game.One && r.Winner != game.Two:
		return rejectf("end: %v by %v", r.Winner, r.Method)
	case r.Winner == m.me:
		// The peer concedes.
	case r.Method == game.Resignation:
		return rejectf("end: this side did not resign")
	case r.Method == game.Timeout:
		if m.rules.Turn() != m.me || !m.timing.clk.Flagged(m.me, m.running()+claimSlack) {
			return rejectf("a claim on time with %v left here", m.timing.clk.Remaining(m.me, m.running()).Round(time.Millisecond))
		}
	case r.Method == game.Abandonment:
		if gone := m.timing.gone(m.cfg.Now()); gone < m.cfg.Grace-claimSlack {
			return rejectf("a claim of abandonment after %v away; the grace is %v", gone.Round(time.Second), m.cfg.Grace)
		}
	}
	return nil
}

// takeEnded applies the peer's word on how the game ended, if it stands.
func (m *Match) takeEnded(r game.Result) (Event, error) {
	if m.rules.Result().Over() {
		if m.rules.Result() == r {
			return Event{}, nil // we know
		}
		return Event{}, rejectf("end: the game is already over")
	}
	if err := m.checkEnded(r); err != nil {
		return Event{}, err
	}
	if err := m.rules.End(r); err != nil {
		return Event{}, rejectf("end: %v", err)
	}
	if r.Method == game.Resignation {
		return Event{Kind: EventResign}, nil
	}
	return Event{Kind: EventEnd}, nil
}
