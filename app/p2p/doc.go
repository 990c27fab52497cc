// Package p2p carries online play between two devices: a WebRTC peer
// (the same code natively and in the browser, over package rtc: pion
// natively, the browser's own RTCPeerConnection in app.wasm) with one
// reliable, ordered data channel. The game protocol that runs over it is
// package match; a peer is its match.Transport, and reports to the
// match.Handlers that match.Drive makes.
//
// A [Peer] meets the other through the signalling hub (package signal):
// it creates or joins a room, negotiates with trickle ICE, and negotiates
// afresh in the same room whenever the channel drops, the other side
// comes back after a reload, or a negotiation has not opened the channel
// in time (Config.NegotiateWithin: a lost offer or answer would otherwise
// leave both waiting).
//
// A [CodePeer] needs no server at all: the two devices exchange pairing
// codes (package pair: an offer, then its answer, shown as text or a QR
// code), which carry all either side must know of the other. With no hub
// to meet again through, a connection that drops for good ends the
// pairing ([ErrLost]); the saved game resumes on a new pairing. Browsers
// name their local addresses by multicast DNS, so the two devices must be
// on one network that lets multicast through.
//
// Both report their states as session.Conn. Each has one queue and one
// goroutine between the connection and the handlers: the connection's
// callbacks only push on the queue, and the peer's loop takes from it,
// runs the connection and calls the handlers, so a frame and the states
// around it reach the match in the order they happened.
package p2p
