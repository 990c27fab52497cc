// Package signal is the signalling protocol of online play: the hub that
// introduces two peers (an http.Handler, server side only) and the client
// side that a peer uses to reach it (natively and in the browser).
//
// The protocol is JSON messages over one WebSocket per peer (see Message).
// A host sends create and gets a room id with 128 random bits, which the
// share link carries, and a seat token. A guest sends join with the room
// id. When both seats are filled the hub sends ready to both, with Offer
// set for exactly one of them (the guest), and then relays offer, answer
// and trickle ICE candidates between them without reading them. A peer
// that drops hears nothing more; the other hears left. The room keeps the
// seat for its token, so the same peer (after a reload, say) can join
// again and the hub starts a fresh negotiation with a new epoch; a third
// peer is refused. A device that names itself (Message.Device, a secret
// it keeps across games) gets back the seat it held without the token,
// after it left the game or lost its save, whatever the hub still holds.
// Tokens name their seat, so a hub that restarted with the memory store
// rebuilds a room from its peers' tokens when they come back (not one
// that expired). Rooms expire after a while without messages (peers send
// keepalive while they play over the data channel), and soon after the
// last peer has gone (a grace for a reload). The hub pings every
// connection and drops one that does not answer in time, so a seat held
// by a dead socket is freed and the other peer hears left.
//
// With a TURN relay (Config.Relay: one run beside the hub, or an external
// coturn sharing a secret with it) the welcome carries time-limited TURN
// REST credentials and their life (ICESeconds). The relay checks them on
// every refresh, so a peer sends ice before they expire and gets fresh
// ones in an ice answer, at any time; p2p then restarts ICE with them.
//
// The hub keeps its rooms, seats and tokens in a Store: its own memory by
// default, or a RedisStore shared by several hub instances, so that the
// two peers of a room may reach different instances and a peer whose
// instance is gone reclaims its seat through another. Either way the hub
// never sees a move. Every limit (message size, messages and control
// frames per second, connections and rooms per address and in total)
// closes only the offending connection: the error message first, then a
// close frame whose reason says which limit it broke. With a RedisStore
// the room caps count every instance's rooms; the others stay per
// instance. Bandwidth per connection and per address is bounded by
// reading more slowly. An address is an IPv4 address, or an IPv6 /64.
// Time comes from Config.Now, so that tests move it by hand.
//
// The Hub and its Config are left out of GOOS=js builds: server code has
// no place in app.wasm.
package signal
