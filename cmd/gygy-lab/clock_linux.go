package main

import (
	"syscall"
	"time"
)

// threadClock reads the CPU time of the calling OS thread as a time: a
// bot given it as its clock is bounded by its own work, whatever else the
// machine runs. The caller must lock its goroutine to its thread.
func threadClock() (func() time.Time, error) {
	now := func() time.Time {
		var ru syscall.Rusage
		if syscall.Getrusage(1, &ru) != nil { // 1: RUSAGE_THREAD
			return time.Time{}
		}
		return time.Unix(0, ru.Utime.Nano()+ru.Stime.Nano())
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil {
		return nil, err
	}
	return now, nil
}
