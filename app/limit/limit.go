// Package limit is a token bucket whose clock is its caller's: every method
// takes the current time, so the same code runs under time.Now in a server
// and under a fake clock in a test, and nothing in it sleeps.
//
// A Bucket holds at most burst tokens and gains rate tokens per second.
// Allow and AllowN spend tokens only when there are enough (a message limit
// that refuses); Take always spends them, going into debt, and says how
// long the caller should wait for the debt to be repaid (a bandwidth limit
// that slows its sender down).
package limit

import (
	"sync"
	"time"
)

// Bucket is a token bucket. Make one with NewBucket; it is full before
// its first use. It is safe for concurrent use.
type Bucket struct {
	mu     sync.Mutex
	rate   float64 // tokens per second
	burst  float64 // the most the bucket holds
	tokens float64 // may be negative after Take
	last   time.Time
	used   bool
}

// NewBucket returns a full bucket of burst tokens refilled at rate tokens
// per second. A rate of zero or less never refills; a burst of zero or
// less allows nothing.
func NewBucket(rate, burst float64) *Bucket {
	return &Bucket{rate: max(rate, 0), burst: max(burst, 0), tokens: max(burst, 0)}
}

// refill adds the tokens earned since the last call. A clock that goes
// backwards earns nothing (and is not held against the bucket).
func (b *Bucket) refill(now time.Time) {
	if !b.used {
		b.used, b.last = true, now
		return
	}
	if d := now.Sub(b.last); d > 0 {
		b.tokens = min(b.burst, b.tokens+d.Seconds()*b.rate)
		b.last = now
	}
}

// Allow spends one token if there is one, and reports whether it did.
func (b *Bucket) Allow(now time.Time) bool { return b.AllowN(now, 1) }

// AllowN spends n tokens if there are that many, and reports whether it
// did; it spends nothing otherwise. More than burst is never allowed.
func (b *Bucket) AllowN(now time.Time, n float64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(now)
	if n > b.tokens {
		return false
	}
	b.tokens -= n
	return true
}

// Take spends n tokens whether or not there are that many, and returns
// how long from now until the bucket is out of debt (zero if it is not in
// debt). With a rate of zero or less a debt is never repaid and Take
// returns the largest duration.
func (b *Bucket) Take(now time.Time, n float64) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(now)
	b.tokens -= n
	if b.tokens >= 0 {
		return 0
	}
	if b.rate <= 0 {
		return time.Duration(1<<63 - 1)
	}
	return time.Duration(-b.tokens / b.rate * float64(time.Second))
}

// Tokens returns the tokens the bucket holds at now (negative while in
// debt), without spending any.
func (b *Bucket) Tokens(now time.Time) float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(now)
	return b.tokens
}
