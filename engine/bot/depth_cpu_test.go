//go:build linux

package bot

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// threadCPU is the CPU time used so far by the calling thread.
func threadCPU(t testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // 1: RUSAGE_THREAD
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadClock is a clock that reads threadCPU: a bot's Timing.Now that
// counts only its own thread's work, so that a busy machine does not cut
// its budget short. The caller locks its goroutine to its thread.
func threadClock(t testing.TB) func() time.Time {
	return func() time.Time { return time.Unix(0, int64(threadCPU(t))) }
}

// envInt and envDuration read a measuring test's setting from the
// environment, def when it is not set; a malformed one stops the test.
func envInt(t *testing.T, name string, def int) int { return envValue(t, name, def, strconv.Atoi) }

func envDuration(t *testing.T, name string, def time.Duration) time.Duration {
	return envValue(t, name, def, time.ParseDuration)
}

func envValue[T any](t *testing.T, name string, def T, parse func(string) (T, error)) T {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := parse(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return v
}
