//go:build unix

package netlimit

import (
	"fmt"
	"syscall"
)

// RaiseFileLimit raises the process's soft limit on open descriptors to
// its hard limit, where the system allows it, and returns the soft limit
// in force afterwards.
func RaiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("netlimit: reading the descriptor limit: %w", err)
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = raised.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return uint64(lim.Cur), fmt.Errorf("netlimit: raising the descriptor limit to %d: %w", lim.Max, err)
		}
		lim = raised
	}
	return uint64(lim.Cur), nil
}
