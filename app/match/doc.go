// Package match is the game protocol of online play: a [Match] owns the
// game record on one side, whatever carries its [Frame]s (package p2p's
// WebRTC peers in the app, a pipe in tests).
//
// A frame is a versioned envelope {v, type, seq, ...}: hello, setup, move,
// swap, resign, undo and rematch requests and answers, sync, ping and
// pong, end, error. Every incoming action is checked by the real engine;
// anything illegal, out of turn, malformed, oversized, of another version
// or too frequent is refused with a reason and changes nothing. Sequence
// numbers, a state hash after every action and acts kept until they are
// acknowledged (ack.go) catch what is lost or diverges; a sync mends it.
//
// A Match reads frames through [Match.Receive] and writes them through a
// [Transport]; [Drive] makes the [Handlers] a link reports to. Its
// [Saved] form brings a side back after a reload ([Resume]).
package match
