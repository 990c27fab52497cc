package bot

import "time"

// Timing bounds a bot's thinking by time, beside its level's work budget:
// the bot stops at whichever comes first (and always when its context is
// done). Both bots embed it.
type Timing struct {
	// Now reads the clock. Without it the bot has no time budget: it is
	// bounded by its work budget and its context only, and is then
	// deterministic for a seed. Hosts pass time.Now; tests a fake clock.
	Now func() time.Time
	// MoveTime, when positive, replaces the level's time budget per move
	// (level.MoveTime).
	MoveTime time.Duration
	// Long asks Hard for its "think longer" budget (level.LongMoveTime).
	Long bool
}

// Budget returns the time the bot may think per move at level l.
func (t Timing) Budget(l Level) time.Duration {
	if t.MoveTime > 0 {
		return t.MoveTime
	}
	return l.MoveTime(t.Long)
}

// deadline is the end of one move's thinking time.
type deadline struct {
	now func() time.Time
	at  time.Time
}

// start reads the clock at the beginning of a move.
func (t Timing) start(l Level) deadline {
	if t.Now == nil {
		return deadline{}
	}
	return deadline{now: t.Now, at: t.Now().Add(t.Budget(l))}
}

// passed reads the clock and reports whether the time is up.
func (d deadline) passed() bool { return d.now != nil && !d.now().Before(d.at) }

// share returns a deadline for one of n equal shares of the time left,
// the first: it ends when 1/n of what remains of d has passed. Without
// a clock it is d, which never passes.
func (d deadline) share(n int) deadline {
	if d.now == nil || n <= 1 {
		return d
	}
	now := d.now()
	return deadline{now: d.now, at: now.Add(d.at.Sub(now) / time.Duration(n))}
}

// longWork is how many times its work budget Hard may spend when it
// thinks longer, so that its time budget, not its work budget, ends the
// search.
const longWork = 5

// work scales a level's work budget n for the time budget: Hard thinking
// longer may do longWork times more.
func (t Timing) work(l Level, n int) int {
	if t.Long && l >= Hard && t.MoveTime <= 0 {
		return n * longWork
	}
	return n
}
