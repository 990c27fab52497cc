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
//
// Hosts ask through one entry point: Next takes a game.Game (either
// game), a level, a seed and a timing, and returns the next action in the
// game's notation (a setup, a move or the swap) with a typed Reason. A
// host that plays a whole game keeps a Player per seat. Tuning, which
// fixes the work a move and switches the GYRE bot's knowledge, is for the
// laboratory's measurements only.
package bot
