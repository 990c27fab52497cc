// Package p2p carries online play between two devices: a WebRTC peer with
// one reliable, ordered data channel, the same code natively and in the
// browser over package rtc. The game protocol that runs over it is package
// match; a peer is its match.Transport and reports to the match.Handlers
// that match.Drive makes, as session.Conn states and frames.
//
// A [Peer] meets the other through the signalling hub (package signal)
// and negotiates afresh in the same room whenever the channel drops, the
// other side comes back, or a negotiation has not opened the channel in
// time ([Config].NegotiateWithin). A [CodePeer] needs no server at all:
// the devices exchange pairing codes (package pair), and a connection
// that drops for good ends the pairing ([ErrLost]). Each peer has one
// queue and one goroutine between the connection's callbacks and the
// handlers, so a frame and the states around it arrive in order.
package p2p
