// Package build makes the puzzle sets that package puzzles reads: GYRE
// positions from computer games that the exact solver proves won with few
// winning stones, and Gygès positions from computer games where the side
// to move forces a win within one to three moves, found and checked by
// exhaustive search. It is for the `gygy puzzles` command, never linked
// into the page.
package build
