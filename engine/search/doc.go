// Package search holds game-independent search: Monte Carlo tree search
// (UCT with RAVE) for games decided by random playouts, and
// iterative-deepening alpha-beta with a transposition table for games with
// a good static evaluation.
//
// Each search declares the small interface it needs of a position and
// works on positions that are plain values (copying one must copy the
// position). Searches are deterministic for a given seed, bounded by
// iterations or nodes, cancellable through a context (give the context a
// deadline to bound by time: this package never reads the clock), and
// resumable: calling Search again continues from where the last call
// stopped, so a single-threaded page can interleave search with rendering.
package search
