// Package bot holds the computer players of both games: adapters from each
// game's rules to the searches of package search, the knowledge each game
// needs, and three levels of strength.
//
// Hosts ask through one entry point, [Next]: a game, a [Level], a seed and a
// [Timing] give the next action in the game's notation with its [Reason]; a
// host that plays a whole game keeps a [Player] per seat. A bot thinks in
// slices and calls a yield function between them, so a single-threaded
// host can answer input meanwhile. It stops at its level's work budget, at
// its time budget when given a clock, or when its context is done, and is
// deterministic for a seed when bounded by work alone. [Tuning] is for the
// laboratory's measurements only.
package bot
