//go:build !js

package signal

import (
	"time"

	"github.com/coder/websocket"
)

// Store is where a hub keeps its rooms, their seats and the seats'
// tokens, and how it reaches the peer in the other seat. The default
// (a nil Config.Store) keeps them in the hub's memory; a RedisStore
// shares them between hub instances, so that the two peers of a room may
// be connected to different instances.
//
// A store serves one hub, which calls its methods from its connections'
// goroutines, never with the hub's lock held. The methods are unexported:
// the hub's connections are the hub's own.
type Store interface {
	// attach ties the store to the hub that uses it; NewHub calls it.
	attach(h *Hub)
	// handle acts on one message of c: create and join, and in a room
	// the relayed messages, restart and keepalive. It returns a close
	// status and a reason when c must go.
	handle(c *conn, m Message) (websocket.StatusCode, string)
	// leave forgets c's seat (its token stays reserved) and tells the
	// other peer.
	leave(c *conn)
	// expire closes the connections of rooms whose time is up.
	expire(now time.Time)
	// rooms is how many rooms the hub holds a connection or a seat in.
	rooms() int
	// health is nil while the store can take new rooms.
	health() error
	// close lets go of every room; the hub has closed the connections.
	close() error
}

// closeOnly is a status handle returns for a refusal the client should
// retry: the connection closes with StatusTryAgainLater and no error
// message, which a peer reads as a broken connection, not as a refusal.
const closeOnly websocket.StatusCode = -1

// memStore keeps the rooms in the hub's memory, under the hub's lock.
type memStore struct{ h *Hub }

func (s *memStore) attach(h *Hub) { s.h = h }

func (s *memStore) handle(c *conn, m Message) (websocket.StatusCode, string) {
	return s.h.handle(c, m)
}

func (s *memStore) leave(c *conn) {
	s.h.mu.Lock()
	defer s.h.mu.Unlock()
	s.h.leaveRoom(c)
}

func (s *memStore) expire(now time.Time) { s.h.expireRooms(now) }

func (s *memStore) rooms() int {
	s.h.mu.Lock()
	defer s.h.mu.Unlock()
	return len(s.h.rooms)
}

func (s *memStore) health() error { return nil }

func (s *memStore) close() error {
	s.h.mu.Lock()
	defer s.h.mu.Unlock()
	s.h.rooms = map[string]*room{}
	return nil
}
