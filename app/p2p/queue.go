package p2p

import "gygy/app/p2p/internal/fifo"

// queue is an unbounded FIFO whose push never blocks, so that the
// connection's callbacks only hand work over to a goroutine and return.
type queue[T any] = fifo.Queue[T]

func newQueue[T any]() *queue[T] { return fifo.New[T]() }
