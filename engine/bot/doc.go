// Package bot holds the computer players of both games: adapters from each
// game's rules engine to the game-independent searches of package search,
// the knowledge each game needs, and three levels of strength.
//
// A bot thinks in bounded slices and calls a yield function between them,
// so a single-threaded host (a browser page running WebAssembly) can render
// and answer input while it searches. A bot is bounded by its level's work
// budget, by its level's time budget per move when it is given a clock
// (Timing: the host passes time.Now, tests a fake clock; the budgets are
// level.MoveTime), and by its context. It never reads the clock unless
// given one, and is deterministic for a seed when bounded by its work
// budget alone.
package bot
