package p2p

import "time"

// loopTimer is a timer that a peer's loop selects on and that may never
// have been set: its channel is then nil, which never fires. Set again, it
// starts over; stopped or fired, it stays quiet until set (Go's timers
// deliver nothing stale after Stop or Reset).
type loopTimer struct{ t *time.Timer }

// set fires the timer d from now.
func (l *loopTimer) set(d time.Duration) {
	if l.t == nil {
		l.t = time.NewTimer(d)
		return
	}
	l.t.Reset(d)
}

// isSet reports whether the timer was ever set.
func (l *loopTimer) isSet() bool { return l.t != nil }

// due fires when the timer does; never if it was never set.
func (l *loopTimer) due() <-chan time.Time {
	if l.t == nil {
		return nil
	}
	return l.t.C
}

func (l *loopTimer) stop() {
	if l.t != nil {
		l.t.Stop()
	}
}
