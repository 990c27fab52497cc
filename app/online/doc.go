// Package online is the table of a game played with a person on another
// device: a match.Match (which owns the record and checks every action
// with the engine) behind the same session.Table the local games use, plus
// what only online play has: the lobby before the game is agreed (the
// host's offer, the guest's acceptance), the connection, the opponent's
// questions (undo, rematch) and the saved form that brings a page back
// into its seat after a reload. It pings the other device every few
// seconds; a channel that brings nothing for three intervals is treated
// as dead (Silent, Conn says Reconnecting) and the link revived (a
// Reviver: an ICE restart, then a new negotiation).
//
// It knows nothing of the browser nor of WebRTC: the connection is a Link
// (a p2p.Peer or p2p.CodePeer in the app, an in-process pipe in tests),
// and everything the network reports reaches the table on its owner's
// goroutine through Config.Run, so the table needs no locks of its own and
// its tests need no browser.
package online
