//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gygy/app/limit"
	"gygy/app/netlimit"
)

// Hub is the signalling server: an http.Handler that upgrades each request
// to a WebSocket and pairs the peers of a room. It relays session
// descriptions and candidates without reading them, and never sees a
// move. Make one with NewHub; stop it with Close.
//
// When both seats are filled the hub sends ready to both, with Offer set
// for exactly one of them (the guest). A peer that drops hears nothing
// more; the other hears left. The room keeps the seat for its token, so
// the same peer (after a reload, say) can join again and the hub starts a
// fresh negotiation with a new epoch; a third peer is refused. A device
// that names itself (Message.Device, a secret it keeps across games) gets
// back the seat it held without the token, after it left the game or lost
// its save, whatever the hub still holds. Tokens name their seat, so a hub
// that restarted with the memory store rebuilds a room from its peers'
// tokens when they come back (not one that expired). Rooms expire after a
// while without messages (peers send keepalive while they play over the
// data channel), and soon after the last peer has gone (a grace for a
// reload). The hub pings every connection and drops one that does not
// answer in time, so a seat held by a dead socket is freed and the other
// peer hears left. Time comes from Config.Now, so that tests move it by
// hand.
type Hub struct {
	cfg     Config
	welcome []byte
	log     *netlimit.RefusalLog
	logger  *slog.Logger
	name    func(addr string) string // an address as the log names it
	metrics *Metrics
	store   Store

	draining atomic.Bool

	mu     sync.Mutex
	rooms  map[string]*room
	gone   map[string]time.Time // rooms that expired, by when (see restore)
	addrs  map[string]*addrUse
	conns  map[*conn]struct{}
	closed bool

	stop chan struct{}
	done chan struct{}
}

// room holds two seats; seat 0 is the creator's. A seat keeps its token
// while its peer is away, so that only that peer can take it back.
type room struct {
	id    string
	owner string // address key that created it, for MaxRoomsPerAddr
	seats [2]seat
	epoch int
	last  time.Time // of the last message from either peer
	left  time.Time // when the last peer left; zero while one is connected
	// restored: rebuilt from a peer's token after the hub lost its rooms;
	// the other seat's token is the one its peer brings.
	restored bool
}

type seat struct {
	token  string // "" while nobody ever took the seat
	device string // the device that took it, if it said
	c      *conn  // nil while the peer is away
}

// empty reports whether nobody is connected to the room.
func (rm *room) empty() bool { return rm.seats[0].c == nil && rm.seats[1].c == nil }

// addrUse is what one address key holds: connections, rooms, and the
// bandwidth of all its connections together. It outlives them until its
// bucket is full again, so that reconnecting does not refill it.
type addrUse struct {
	conns, rooms int
	bytes        *limit.Bucket
}

// NewHub returns a hub with the given configuration (zero fields take
// their defaults) and starts its expiry sweeper.
func NewHub(cfg Config) *Hub {
	cfg = cfg.withDefaults()
	h := &Hub{
		cfg:     cfg,
		welcome: welcomeMessage(cfg, nil),
		name:    addrNamer(cfg.LogAddrs),
		rooms:   make(map[string]*room),
		gone:    make(map[string]time.Time),
		addrs:   make(map[string]*addrUse),
		conns:   make(map[*conn]struct{}),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	h.logger, h.log = newLogger(&cfg, h.name)
	h.metrics = cfg.Metrics.attach(h)
	h.store = cfg.Store
	if h.store == nil {
		h.store = &memStore{}
	}
	h.store.attach(h)
	go h.sweep()
	return h
}

// Stats reports the rooms and connections the hub holds now. With a
// shared store, rooms counts those this instance holds a seat in.
func (h *Hub) Stats() (rooms, conns int) {
	rooms = h.store.rooms()
	h.mu.Lock()
	defer h.mu.Unlock()
	return rooms, len(h.conns)
}

// Health is nil while the hub can open new rooms, and otherwise says why
// not (its shared store is unreachable, or it is closed).
func (h *Hub) Health() error {
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		return errHubClosed
	}
	if h.Draining() {
		return errDraining
	}
	return h.store.health()
}

// errHubClosed is the health of a closed hub.
var errHubClosed = errors.New("signal: hub closed")

// Close drops every connection and room and stops the sweeper. Requests
// after Close are refused.
func (h *Hub) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	for c := range h.conns {
		c.closeWith(websocket.StatusGoingAway, "server shutting down", nil)
	}
	h.mu.Unlock()
	close(h.stop)
	<-h.done
	err := h.store.close()
	h.log.Flush()
	if h.cfg.Relay != nil {
		err = errors.Join(err, h.cfg.Relay.Close())
	}
	return err
}

// welcomeFor is the welcome message of a new client: with the relay's
// credentials made for it, if there is a relay.
func (h *Hub) welcomeFor() []byte {
	if h.cfg.Relay == nil {
		return h.welcome
	}
	h.metrics.turn.Inc()
	return welcomeMessage(h.cfg, h.cfg.Relay.ICEServers())
}

// welcomeMessage is the welcome with the configured ICE servers and extra.
func welcomeMessage(cfg Config, extra []ICEServer) []byte {
	data, _ := json.Marshal(Message{
		Type:        TypeWelcome,
		Version:     Version,
		ICEServers:  append(append([]ICEServer(nil), cfg.ICEServers...), extra...),
		IdleSeconds: int(cfg.RoomIdle / time.Second),
		ICESeconds:  cfg.Relay.lifeSeconds(),
	})
	return data
}

// ServeHTTP upgrades the request to a WebSocket and serves one peer until
// it leaves or breaks a limit.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.Draining() {
		h.refuseDraining(w, netlimit.Key(h.cfg.RemoteAddr(r)))
		return
	}
	c := newConn(h, netlimit.Key(h.cfg.RemoteAddr(r)))
	ws, err := websocket.Accept(&hijacker{ResponseWriter: w, c: c}, r, &websocket.AcceptOptions{
		OriginPatterns: h.cfg.OriginPatterns,
		OnPingReceived: func(context.Context, []byte) bool { return c.control("ping") },
		OnPongReceived: func(context.Context, []byte) { c.control("pong") },
	})
	if err != nil {
		h.refused(c.addr, err.Error())
		return // Accept has answered the request
	}
	c.ws = ws
	ws.SetReadLimit(-1) // readMessage applies MaxMessageBytes itself
	if code, reason := h.admit(c); reason != "" {
		h.refused(c.addr, reason)
		closeBounded(ws, c.raw, code, closeReason(reason))
		return
	}
	// The handler returns now, and with it net/http's hold on the
	// request, its connection and their buffers: a goroutine of its own,
	// with a fresh stack, serves the connection.
	go c.serve()
}

// serve serves an admitted connection until the client leaves or breaks a
// limit.
func (c *conn) serve() {
	h := c.hub
	timer := time.AfterFunc(h.cfg.JoinTimeout, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if c.room == nil && !c.entered.Load() {
			c.closeWith(websocket.StatusPolicyViolation, "no create or join in time", nil)
		}
	})
	defer timer.Stop()
	c.pinger.Store(time.AfterFunc(h.cfg.PingInterval, c.ping))
	defer func() { c.pinger.Load().Stop() }()
	c.send(h.welcomeFor())
	c.readLoop()
	h.leave(c)
	c.closeWith(websocket.StatusNormalClosure, "", nil)
	<-c.finished
}

// admit counts a new connection against the limits.
func (h *Hub) admit(c *conn) (websocket.StatusCode, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.closed:
		return websocket.StatusGoingAway, "server shutting down"
	case h.Draining():
		return websocket.StatusServiceRestart, reasonDraining
	case len(h.conns) >= h.cfg.MaxConns:
		return websocket.StatusTryAgainLater, "server full: too many connections"
	}
	use := h.addrs[c.addr]
	if use == nil {
		rate := h.cfg.AddrBytesPerSecond
		use = &addrUse{bytes: limit.NewBucket(rate, h.cfg.byteBurst(rate))}
		h.addrs[c.addr] = use
	}
	if use.conns >= h.cfg.MaxConnsPerAddr {
		return websocket.StatusTryAgainLater, fmt.Sprintf("too many connections from your address (limit %d)", h.cfg.MaxConnsPerAddr)
	}
	use.conns++
	c.addrBytes = use.bytes
	h.conns[c] = struct{}{}
	return 0, ""
}

// leave forgets a connection: its seat stays reserved for its token, and
// the other peer hears that it left.
func (h *Hub) leave(c *conn) {
	h.mu.Lock()
	_, ok := h.conns[c]
	if ok {
		delete(h.conns, c)
		h.release(c.addr, 1, 0)
	}
	h.mu.Unlock()
	if ok {
		h.store.leave(c)
	}
}

// leaveRoom frees c's seat in the hub's memory, with h.mu held.
func (h *Hub) leaveRoom(c *conn) {
	rm := c.room
	if rm == nil || rm.seats[c.seat].c != c {
		return
	}
	rm.seats[c.seat].c = nil
	h.roomEvent("seat left", rm.id, "seat", c.seat)
	now := h.cfg.Now()
	rm.last = now
	if other := rm.seats[1-c.seat].c; other != nil {
		other.sendMsg(Message{Type: TypeLeft, Reason: "the other peer left; it may come back"})
	} else {
		rm.left = now
	}
}

// release returns connections and rooms to an address's allowance.
func (h *Hub) release(addr string, conns, rooms int) {
	if use := h.addrs[addr]; use != nil {
		use.conns -= conns
		use.rooms -= rooms
		h.forget(addr, use, h.cfg.Now())
	}
}

// forget drops an address that holds nothing and has its full bandwidth.
func (h *Hub) forget(addr string, use *addrUse, now time.Time) {
	rate := h.cfg.AddrBytesPerSecond
	if use.conns <= 0 && use.rooms <= 0 && use.bytes.Tokens(now) >= h.cfg.byteBurst(rate) {
		delete(h.addrs, addr)
	}
}

// sweepEvery is how often the sweeper looks for rooms to expire: a tenth
// of the shorter lifetime, between 10 ms and 5 s.
func (h *Hub) sweepEvery() time.Duration {
	every := min(h.cfg.RoomIdle, h.cfg.EmptyGrace) / 10
	return min(max(every, 10*time.Millisecond), 5*time.Second)
}

// sweep expires rooms.
func (h *Hub) sweep() {
	defer close(h.done)
	t := time.NewTicker(h.sweepEvery())
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.expire(h.cfg.Now())
		}
	}
}

// expire runs the store's expiry, then forgets the addresses that hold
// nothing.
func (h *Hub) expire(now time.Time) {
	h.store.expire(now)
	h.mu.Lock()
	defer h.mu.Unlock()
	for addr, use := range h.addrs {
		h.forget(addr, use, now)
	}
}

// expireRooms drops the rooms idle for RoomIdle and the rooms nobody has
// been connected to for EmptyGrace, giving their creators' allowance back.
func (h *Hub) expireRooms(now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, rm := range h.rooms {
		abandoned := rm.empty() && now.Sub(rm.left) >= h.cfg.EmptyGrace
		if !abandoned && now.Sub(rm.last) < h.cfg.RoomIdle {
			continue
		}
		why := "idle"
		if abandoned {
			why = "abandoned"
		}
		h.metrics.closed.WithLabelValues(why).Inc()
		h.roomEvent("room closed", id, "why", why)
		for _, s := range rm.seats {
			if s.c != nil {
				s.c.closeWith(websocket.StatusNormalClosure, "room expired: idle too long", nil)
			}
		}
		delete(h.rooms, id)
		if len(h.gone) >= 1<<18 {
			clear(h.gone) // bounded: at worst an old room is rebuilt
		}
		h.gone[id] = now
		h.release(rm.owner, 0, 1)
	}
	for id, at := range h.gone {
		if now.Sub(at) > goneFor {
			delete(h.gone, id)
		}
	}
}
