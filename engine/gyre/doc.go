// Package gyre implements the rules of GYRE, a connection game on a ring of
// hexagonal cells, as set out in the project's rulebook (rules/GYRE.md).
//
// The board is an annulus of R rings by C columns; columns wrap around the
// hole. Spoke wins with a group that touches both rims (a bridge across the
// ring); Gyre wins with a group that goes once around the hole (a loop).
// Exactly one of the two holds on a full board, so there are no draws.
//
// The package has three layers:
//
//   - [Geometry] knows a board size: cells, their hex neighbours and the polar
//     layout a client draws from. It is immutable and shared.
//   - [Board] is a position: the stones plus a union-find that tracks, for
//     every group, which rims it touches and whether it winds around the
//     hole. Placing a stone updates it in near-constant time, so a bridge or
//     a loop is known the moment it appears, never by searching the board.
//   - [Game] adds turns, the swap (pie) rule and its generalisation
//     `opening K` ([Variant], [Opening]), who controls which colour, the
//     record and undo. [Game.Play] validates a move and changes nothing when
//     it is illegal.
//
// Notation: a cell is its ring letter (a = inner rim) and 1-based column
// (d7); a position lists the rings from inner to outer separated by '/'
// (s Spoke, g Gyre, . empty); a record is a header "GYRE 7x14" (or
// "GYRE 7x14 opening3", "GYRE 5x10 noswap") followed by the moves, with
// "swap" for the swap decision.
package gyre
