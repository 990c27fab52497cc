// Package match is the game protocol of online play: a [Match] owns the
// game record on one side, whatever carries its frames (package p2p's
// WebRTC peers in the app, a pipe in tests).
//
// Every frame is a versioned envelope {v, type, seq, ...} (see [Frame]):
// hello, setup, move, swap, resign, undo and rematch requests and
// answers, sync, ping and pong, end, error. Every incoming action is
// checked by the real engine (game.Game, one implementation per game);
// anything illegal, out of turn, malformed, oversized, of another version
// or too frequent is refused with a reason and changes nothing. Sequence
// numbers catch duplicates and gaps; a state hash after every action
// catches divergence; both lead to a sync from the records. Every act
// (an action, an ending, a question, an answer) is numbered and kept until
// the other side acknowledges it, and goes again on the next channel,
// after a reload (it is saved) and whenever a ping shows it missing; pings
// carry each side's record length and state hash, and a difference starts
// a sync at once (see ack.go).
//
// A Match reads frames through [Match.Receive] and writes them through a
// [Transport]; [Drive] makes the [Handlers] a link reports to. Its
// [Saved] form brings a side back after a reload ([Resume]).
package match
