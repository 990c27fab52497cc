// Package puzzles holds the two games' puzzle sets and checks an answer.
//
// A GYRE puzzle is a position the exact solver proved won for the side to
// move, with few winning stones; every winning stone is listed and any of
// them is a solution. A Gygès puzzle is "win in N" (N = 1..3): the side to
// move can force its way into the goal within N of its own moves, and every
// first move that does is listed. A set is a JSON file shipped beside the
// app ([Set], [Parse]); the page fetches it when the puzzle screen opens.
//
// [WinIn] and [GygesWinning] are the exhaustive search that decides a Gygès
// puzzle; the builder (package puzzles/build) and the tests use it.
package puzzles
