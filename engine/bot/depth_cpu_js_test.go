//go:build js

package bot

import (
	"testing"
	"time"
)

// threadCPU has no thread clock in WebAssembly: the depth measure, which
// runs natively only, skips there.
func threadCPU(t testing.TB) time.Duration {
	t.Skip("no thread CPU clock in WebAssembly")
	return 0
}
