//go:build !js

package bot

import (
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
