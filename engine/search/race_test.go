//go:build race

package search

// raceEnabled: the race detector runs, and sync.Pool drops some of what
// is put in it at random.
const raceEnabled = true
