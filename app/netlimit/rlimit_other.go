//go:build !unix

package netlimit

// RaiseFileLimit reports no limit where the system has none to raise.
func RaiseFileLimit() (uint64, error) { return 0, nil }
