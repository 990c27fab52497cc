//go:build !linux

package main

import (
	"errors"
	"time"
)

// threadClock needs Linux's per-thread CPU time.
func threadClock() (func() time.Time, error) {
	return nil, errors.New("--clock cpu needs Linux")
}
