package pool

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestRunAll(t *testing.T) {
	jobs := []int{1, 2, 3, 4, 5, 6, 7}
	for _, workers := range []int{0, 1, 3} {
		var got []int
		err := Run(context.Background(), jobs, workers,
			func(_ context.Context, j int) (int, error) { return j * j, nil },
			func(j, r int) error {
				if r != j*j {
					t.Errorf("job %d finished with %d", j, r)
				}
				got = append(got, j)
				return nil
			})
		slices.Sort(got)
		if err != nil || !slices.Equal(got, jobs) {
			t.Errorf("%d workers: Run = %v, finished %v; want every job", workers, err, got)
		}
	}
}

// The first error stops the handing out; no result after it is finished.
func TestRunStopsAtTheFirstError(t *testing.T) {
	bad := errors.New("bad job")
	jobs := make([]int, 100)
	for i := range jobs {
		jobs[i] = i
	}
	finished := 0
	err := Run(context.Background(), jobs, 1,
		func(_ context.Context, j int) (int, error) {
			if j == 3 {
				return 0, bad
			}
			return j, nil
		},
		func(int, int) error { finished++; return nil })
	if !errors.Is(err, bad) || finished != 3 {
		t.Errorf("Run = %v after %d results, want the job's error after 3", err, finished)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, jobs, 2, func(context.Context, int) (int, error) { return 0, nil }, func(int, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a cancelled context = %v", err)
	}
}
