// Package pool is the laboratory's one worker pool: jobs shared among
// workers, each on an OS thread of its own, results handed back one at a
// time.
package pool

import (
	"context"
	"runtime"
	"sync"
)

// Run hands the jobs, in order, to workers goroutines (at least one), and
// passes every result to finish, one call at a time, in the order they
// complete. Each worker keeps to one OS thread, so that a bot given that
// thread's CPU clock is timed by its own work. Run stops handing out jobs
// after the first error, from work or from finish, or when ctx is done,
// waits for the jobs under way, and returns that error.
func Run[J, R any](ctx context.Context, jobs []J, workers int, work func(context.Context, J) (R, error), finish func(J, R) error) error {
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	ch := make(chan J)
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for j := range ch {
				r, err := work(ctx, j)
				mu.Lock()
				if err == nil && first == nil {
					err = finish(j, r)
				}
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		mu.Lock()
		stop := first != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		ch <- j
	}
	close(ch)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}
