// Package p2p is online play between two devices: a WebRTC peer (the same
// code natively and in the browser, over package rtc: pion natively, the
// browser's own RTCPeerConnection in app.wasm) with one reliable, ordered
// data channel, and the game protocol that runs over it.
//
// A Peer meets the other through the signalling hub (package signal):
// it creates or joins a room, negotiates with trickle ICE, and negotiates
// afresh in the same room whenever the channel drops or the other side
// comes back after a reload.
//
// A CodePeer needs no server at all: the two devices exchange pairing
// codes (package pair: an offer, then its answer, shown as text or a QR
// code), which carry all either side must know of the other. With no hub
// to meet again through, a connection that drops for good ends the
// pairing (ErrLost); the saved game resumes on a new pairing. Browsers
// name their local addresses by multicast DNS, so the two devices must be
// on one network that lets multicast through.
//
// A Match owns the game record on one side. Every frame is a versioned
// envelope {v, type, seq, ...} (see Frame): hello, setup, move, swap,
// resign, undo and rematch requests and answers, sync, ping and pong,
// error. Every incoming action is checked by the real engine (game.Game, one
// implementation per game); anything illegal, out of turn, malformed,
// oversized, of another version or too frequent is refused with a reason
// and changes nothing. Sequence numbers catch duplicates and gaps; a state
// hash after every action catches divergence; both lead to a sync from the
// records. A Match knows nothing of WebRTC: it reads frames through
// Receive and writes them through a Transport, so a session or a test can
// drive it over anything. Drive joins a Match to a Peer.
package p2p
