// Package gyges implements the rules of Gygès as set out in the project's
// rulebook (rules/GYGES.md): setup, the active row, movement with bounces,
// replacing, goals, the nodisplace variant, and the notation.
//
// [Square] is a compact index with a readable name ("c3") at the edges.
// [Position] is a small value whose [Position.Moves] appends every legal
// [Move] to a caller's buffer; a move is an outcome (from, to, drop), not a
// path, and [Position.Path] gives one witness path for animation.
// [Position.Targets], [Position.Drops] and [Position.Reach] answer a board
// and an evaluation. [Game] holds the record, with [Game.Play] (checked)
// and [Game.Apply] (trusted). Moves read "c1-c3", "c1-d4:a3" (replace),
// "c5-G" (goal) or "pass"; a record is "GYGES", the two setups and the
// moves ([ParseMove], [ParseRecord]). [Perft] counts move sequences.
package gyges
