// Package gyges implements the rules of Gygès as set out in the project's
// rulebook (rules/GYGES.md): setup, the active row and its fallback,
// movement with bounces and the edge rule, replacing with its drop
// restriction, goals, the nodisplace variant, and the notation.
//
// The package has four layers:
//
//   - [Square] is a compact index (a1 = 0 … f6 = 35) with a readable name
//     ("c3") at the edges; [SquareSet] is a set of squares in one word.
//   - [Position] is a small value: the pieces, the side to move, the
//     variant. [Position.Moves] appends every legal [Move] to a caller's
//     buffer. A move is an outcome (from, to, drop), not a path: a
//     depth-first search over (square, steps left, boundaries used) records
//     where runs end, so a position with tens of thousands of paths costs
//     only the distinct states. [Position.Path] returns one witness path
//     of a move for animation, and [Position.CheckPath] re-walks a path.
//   - The queries a board needs while a piece is dragged:
//     [Position.Movable], [Position.Targets] and [Position.Drops]; for an
//     evaluation, [Position.AllTargets] and [Position.Reach], which counts
//     what AllTargets lists without building the list.
//   - [Game] holds the record: the two setups and the moves, with
//     [Game.Play] (checked; changes nothing on error), [Game.Apply]
//     (trusted), [Game.Undo] and the record notation.
//
// Notation: a move is "c1-c3", "c1-d4:a3" (replace, the displaced piece to
// a3), "c5-G" (into the goal) or "pass". A position is rows 1 to 6 joined
// by '/', then the side to move: "321123/....../....../....../....../321123 S".
// A record is a header line "GYGES" (or "GYGES nodisplace"), then South's
// setup, North's setup and the moves, separated by spaces.
//
// [Perft] counts move sequences; the start position gives 224, 57,374 and
// 16,825,500 at depths 1 to 3.
package gyges
