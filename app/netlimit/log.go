package netlimit

import (
	"log/slog"
	"strings"
	"sync"
	"time"
)

// RefusalLog keeps the log of refused clients short under a storm: within
// each interval, the first refusal of each kind is logged at once with its
// address, and the rest are counted and logged as one line per kind when
// the interval ends. The kind of a reason is its text up to the first
// quote, digit or colon, so that what a client sends cannot make new
// kinds. Make one with NewRefusalLog.
type RefusalLog struct {
	logf  func(format string, args ...any)
	slog  *slog.Logger             // structured records instead of logf, if set
	name  func(addr string) string // how slog names an address
	every time.Duration
	now   func() time.Time

	mu     sync.Mutex
	start  time.Time      // of the current interval; zero before any refusal
	counts map[string]int // refusals not yet logged, by kind
	kinds  []string       // the kinds in counts, in order of appearance
	timer  *time.Timer
}

// maxKinds bounds the kinds counted in one interval; later ones count as
// "other".
const maxKinds = 32

// NewRefusalLog returns a log that writes through logf and sums up every
// interval (default 10 s). now is the clock (default time.Now).
func NewRefusalLog(logf func(format string, args ...any), every time.Duration, now func() time.Time) *RefusalLog {
	if every <= 0 {
		every = 10 * time.Second
	}
	if now == nil {
		now = time.Now
	}
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &RefusalLog{logf: logf, every: every, now: now, counts: make(map[string]int)}
}

// NewRefusalLogger is NewRefusalLog writing structured records to lg at
// level Warn: "refused" with addr (as name gives it: a hash, say, so
// that no address is logged in clear), reason and kind for the first of
// each kind in an interval; "refused more" with kind, count and within
// for the others.
func NewRefusalLogger(lg *slog.Logger, name func(addr string) string, every time.Duration, now func() time.Time) *RefusalLog {
	l := NewRefusalLog(nil, every, now)
	l.slog, l.name = lg, name
	if l.name == nil {
		l.name = func(a string) string { return a }
	}
	return l
}

// Kind is the kind under which a refusal reason is counted.
func Kind(reason string) string {
	if i := strings.IndexAny(reason, "\"'`:0123456789("); i >= 0 {
		reason = reason[:i]
	}
	reason = strings.TrimSpace(reason)
	if len(reason) > 48 {
		reason = reason[:48]
	}
	if reason == "" {
		return "other"
	}
	return reason
}

// Refuse records that the client at addr was refused for reason.
func (l *RefusalLog) Refuse(addr, reason string) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.start.IsZero() && now.Sub(l.start) >= l.every {
		l.flushLocked()
	}
	if l.start.IsZero() {
		l.start = now
	}
	kind := Kind(reason)
	n, seen := l.counts[kind]
	if !seen {
		if len(l.kinds) >= maxKinds {
			kind = "other"
			n, seen = l.counts[kind]
		}
	}
	if !seen {
		// The first of its kind in this interval: log it whole.
		l.counts[kind] = 0
		l.kinds = append(l.kinds, kind)
		if l.slog != nil {
			l.slog.Warn("refused", "addr", l.name(addr), "reason", reason, "kind", kind)
			return
		}
		l.logf("%s refused: %s", addr, reason)
		return
	}
	l.counts[kind] = n + 1
	if l.timer == nil {
		l.timer = time.AfterFunc(l.every, l.Flush)
	}
}

// Flush logs the refusals counted so far and starts a new interval.
func (l *RefusalLog) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
}

func (l *RefusalLog) flushLocked() {
	for _, kind := range l.kinds {
		if n := l.counts[kind]; n > 0 && l.slog != nil {
			l.slog.Warn("refused more", "kind", kind, "count", n, "within", l.every.String())
		} else if n > 0 {
			l.logf("refused %d more in %s: %s", n, l.every, kind)
		}
	}
	clear(l.counts)
	l.kinds = l.kinds[:0]
	l.start = time.Time{}
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
}
