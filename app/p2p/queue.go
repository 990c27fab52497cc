package p2p

import "sync"

// queue is an unbounded FIFO whose push never blocks, so that pion's
// callbacks (JavaScript callbacks in the browser) only hand work over to
// a goroutine and return.
type queue[T any] struct {
	mu    sync.Mutex
	items []T
	wake  chan struct{}
}

func newQueue[T any]() *queue[T] { return &queue[T]{wake: make(chan struct{}, 1)} }

func (q *queue[T]) push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// take returns everything queued so far.
func (q *queue[T]) take() []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}
