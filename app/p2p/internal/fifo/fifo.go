// Package fifo is the unbounded queue that app/p2p hands work over with:
// its Push never blocks, so a pion callback, or a JavaScript callback in
// the browser, only queues and returns.
package fifo

import "sync"

// Queue is an unbounded first-in, first-out queue, safe for concurrent use.
type Queue[T any] struct {
	mu    sync.Mutex
	items []T
	// Wake holds a token whenever something was pushed since the last
	// Take: select on it, then Take.
	Wake chan struct{}
}

// New returns an empty queue.
func New[T any]() *Queue[T] { return &Queue[T]{Wake: make(chan struct{}, 1)} }

// Push appends v; it never blocks.
func (q *Queue[T]) Push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	select {
	case q.Wake <- struct{}{}:
	default:
	}
}

// Take returns everything queued so far, oldest first, and empties the queue.
func (q *Queue[T]) Take() []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}
