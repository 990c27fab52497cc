// Package gyre implements the rules of GYRE, a connection game on a ring of
// hexagonal cells, as set out in the project's rulebook (rules/GYRE.md).
// Spoke wins with a group that touches both rims, Gyre with one that goes
// once around the hole; a full board has exactly one of the two.
//
// [Geometry] knows a board size: cells, neighbours and the polar layout a
// client draws. [Board] is a position whose union-find knows a bridge or a
// loop the moment it appears. [Game] adds turns, the swap rule and its
// generalisation `opening K` ([Variant]), the record and undo; [Game.Play]
// changes nothing when a move is illegal. A cell reads ring letter then
// column ("d7"); a record is a header such as "GYRE 7x14 opening3" and the
// moves, "swap" among them ([ParseRecord], [ParsePosition]).
package gyre
