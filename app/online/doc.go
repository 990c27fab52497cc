// Package online is the table of a game played with a person on another
// device: a match.Match (which owns the record and checks every action
// with the engine) behind a session.Table, with the abilities only online
// play has (the opponent's questions, a rematch offer, abort, claim, the
// clocks), the lobby before the game is agreed, the connection, and the
// saved form that brings a page back into its seat after a reload. It
// pings the other device every few seconds; a channel silent for three
// intervals is treated as dead ([Table.Silent]) and revived ([Reviver]).
//
// It knows nothing of the browser nor of WebRTC: the connection is a Link
// (a p2p.Peer or p2p.CodePeer in the app, an in-process pipe in tests),
// and everything the network reports reaches the table on its owner's
// goroutine through Config.Run, so the table needs no locks of its own and
// its tests need no browser.
package online
