// Package signal is the signalling protocol of online play: the [Hub]
// that introduces two peers (an http.Handler, server side only) and the
// client side that a peer uses to reach it (natively and in the browser).
//
// The protocol is JSON [Message]s over one WebSocket per peer. A host
// creates a room and gets its id (128 random bits, which the share link
// carries) and a seat token; a guest joins with the id. When both seats
// are filled the hub tells one side to offer and relays offer, answer and
// trickle ICE candidates between them without reading them: it never sees
// a move. The hub keeps its rooms in a [Store] (its memory, or a
// [RedisStore] shared by several instances), hands out [Relay]
// credentials, and holds each connection to the limits of its [Config].
// The Hub and its Config are left out of GOOS=js builds: server code has
// no place in app.wasm.
package signal
