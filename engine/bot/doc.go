// Package bot holds the computer players of both games: adapters from each
// game's rules engine to the game-independent searches of package search,
// the knowledge each game needs, and three levels of strength.
//
// A bot thinks in bounded slices and calls a yield function between them,
// so a single-threaded host (a browser page running WebAssembly) can render
// and answer input while it searches. A bot is bounded by its level's
// budget and by the context: give the context a deadline to bound it by
// time. It never reads the clock itself and is deterministic for a seed
// when bounded by its budget alone.
package bot
