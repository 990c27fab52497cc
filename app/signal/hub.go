//go:build !js

package signal

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Hub is the signalling server: an http.Handler that upgrades each request
// to a WebSocket and pairs the peers of a room. It keeps everything in
// memory, relays session descriptions and candidates without reading them,
// and never sees a move. Make one with NewHub; stop it with Close.
type Hub struct {
	cfg     Config
	welcome []byte

	mu     sync.Mutex
	rooms  map[string]*room
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
	owner string // remote address that created it, for MaxRoomsPerAddr
	seats [2]seat
	epoch int
	last  time.Time
}

type seat struct {
	token string // "" while nobody ever took the seat
	c     *conn  // nil while the peer is away
}

type addrUse struct{ conns, rooms int }

// NewHub returns a hub with the given configuration (zero fields take
// their defaults) and starts its expiry sweeper.
func NewHub(cfg Config) *Hub {
	cfg = cfg.withDefaults()
	welcome := welcomeMessage(cfg, nil)
	h := &Hub{
		cfg:     cfg,
		welcome: welcome,
		rooms:   make(map[string]*room),
		addrs:   make(map[string]*addrUse),
		conns:   make(map[*conn]struct{}),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	go h.sweep()
	return h
}

// Stats reports the rooms and connections the hub holds now.
func (h *Hub) Stats() (rooms, conns int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms), len(h.conns)
}

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
		c.kill(websocket.StatusGoingAway, "server shutting down")
	}
	h.rooms = map[string]*room{}
	h.mu.Unlock()
	close(h.stop)
	<-h.done
	if h.cfg.Relay != nil {
		return h.cfg.Relay.Close()
	}
	return nil
}

// welcomeFor is the welcome message of a new client: with the relay's
// credentials made for it, if there is a relay.
func (h *Hub) welcomeFor() []byte {
	if h.cfg.Relay == nil {
		return h.welcome
	}
	return welcomeMessage(h.cfg, h.cfg.Relay.ICEServers())
}

// welcomeMessage is the welcome with the configured ICE servers and extra.
func welcomeMessage(cfg Config, extra []ICEServer) []byte {
	data, _ := json.Marshal(Message{
		Type:        TypeWelcome,
		Version:     Version,
		ICEServers:  append(append([]ICEServer(nil), cfg.ICEServers...), extra...),
		IdleSeconds: int(cfg.RoomIdle / time.Second),
	})
	return data
}

// ServeHTTP upgrades the request to a WebSocket and serves one peer until
// it leaves or breaks a limit.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.cfg.OriginPatterns})
	if err != nil {
		h.cfg.Logf("signal: %s: %v", r.RemoteAddr, err)
		return // Accept has answered the request
	}
	ws.SetReadLimit(h.cfg.MaxMessageBytes)
	c := &conn{
		hub:    h,
		ws:     ws,
		addr:   h.cfg.RemoteAddr(r),
		out:    make(chan []byte, h.cfg.SendQueue),
		done:   make(chan struct{}),
		tokens: float64(h.cfg.Burst),
		refill: time.Now(),
	}
	if code, reason := h.admit(c); reason != "" {
		h.cfg.Logf("signal: %s refused: %s", c.addr, reason)
		ws.Close(code, reason)
		return
	}
	timer := time.AfterFunc(h.cfg.JoinTimeout, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if c.room == nil {
			c.kill(websocket.StatusPolicyViolation, "no create or join in time")
		}
	})
	defer timer.Stop()
	go c.writeLoop()
	c.send(h.welcomeFor())
	c.readLoop()
	h.leave(c)
	c.kill(websocket.StatusNormalClosure, "")
	c.wait()
}

// admit counts a new connection against the limits.
func (h *Hub) admit(c *conn) (websocket.StatusCode, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.closed:
		return websocket.StatusGoingAway, "server shutting down"
	case len(h.conns) >= h.cfg.MaxConns:
		return websocket.StatusTryAgainLater, "server full: too many connections"
	}
	use := h.addrs[c.addr]
	if use == nil {
		use = &addrUse{}
		h.addrs[c.addr] = use
	}
	if use.conns >= h.cfg.MaxConnsPerAddr {
		return websocket.StatusTryAgainLater, fmt.Sprintf("too many connections from your address (limit %d)", h.cfg.MaxConnsPerAddr)
	}
	use.conns++
	h.conns[c] = struct{}{}
	return 0, ""
}

// leave forgets a connection: its seat stays reserved for its token, and
// the other peer hears that it left.
func (h *Hub) leave(c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.conns[c]; !ok {
		return
	}
	delete(h.conns, c)
	h.release(c.addr, 1, 0)
	rm := c.room
	if rm == nil || rm.seats[c.seat].c != c {
		return
	}
	rm.seats[c.seat].c = nil
	rm.last = time.Now()
	if other := rm.seats[1-c.seat].c; other != nil {
		other.sendMsg(Message{Type: TypeLeft, Reason: "the other peer left; it may come back"})
	}
}

// release returns connections and rooms to an address's allowance.
func (h *Hub) release(addr string, conns, rooms int) {
	use := h.addrs[addr]
	if use == nil {
		return
	}
	use.conns -= conns
	use.rooms -= rooms
	if use.conns <= 0 && use.rooms <= 0 {
		delete(h.addrs, addr)
	}
}

// sweep expires idle rooms.
func (h *Hub) sweep() {
	defer close(h.done)
	every := h.cfg.RoomIdle / 4
	every = max(every, 10*time.Millisecond)
	every = min(every, time.Minute)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case now := <-t.C:
			h.expire(now)
		}
	}
}

func (h *Hub) expire(now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, rm := range h.rooms {
		if now.Sub(rm.last) < h.cfg.RoomIdle {
			continue
		}
		for _, s := range rm.seats {
			if s.c != nil {
				s.c.kill(websocket.StatusNormalClosure, "room expired: idle too long")
			}
		}
		delete(h.rooms, id)
		h.release(rm.owner, 0, 1)
	}
}

// newID returns 128 random bits in base64url: room ids and seat tokens.
func newID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// handle acts on one message from c. It returns a close status and reason
// when the message breaks the protocol.
func (h *Hub) handle(c *conn, m Message) (websocket.StatusCode, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if m.Type != TypeCreate && m.Type != TypeJoin {
		if c.room == nil {
			return websocket.StatusPolicyViolation, fmt.Sprintf("%q before create or join", m.Type)
		}
		if _, ok := h.rooms[c.room.id]; !ok || c.room.seats[c.seat].c != c {
			return websocket.StatusNormalClosure, "room is gone"
		}
		c.room.last = time.Now()
	}
	switch m.Type {
	case TypeCreate:
		return h.create(c)
	case TypeJoin:
		return h.join(c, m)
	case TypeOffer, TypeAnswer, TypeCandidate:
		if len(m.Payload) == 0 {
			return websocket.StatusPolicyViolation, fmt.Sprintf("%s without payload", m.Type)
		}
		if other := c.room.seats[1-c.seat].c; other != nil {
			other.sendMsg(Message{Type: m.Type, Epoch: m.Epoch, Payload: m.Payload})
		}
	case TypeRestart:
		if m.Epoch == c.room.epoch {
			h.ready(c.room)
		}
	case TypeKeepAlive:
	default:
		return websocket.StatusPolicyViolation, fmt.Sprintf("unknown message type %.40q", m.Type)
	}
	return 0, ""
}

func (h *Hub) create(c *conn) (websocket.StatusCode, string) {
	if c.room != nil {
		return websocket.StatusPolicyViolation, "create: already in a room"
	}
	if len(h.rooms) >= h.cfg.MaxRooms {
		return websocket.StatusTryAgainLater, "server full: too many rooms"
	}
	use := h.addrs[c.addr]
	if use.rooms >= h.cfg.MaxRoomsPerAddr {
		return websocket.StatusTryAgainLater, fmt.Sprintf("too many rooms from your address (limit %d)", h.cfg.MaxRoomsPerAddr)
	}
	use.rooms++
	rm := &room{id: newID(), owner: c.addr, last: time.Now()}
	rm.seats[0] = seat{token: newID(), c: c}
	h.rooms[rm.id] = rm
	c.room, c.seat = rm, 0
	c.sendMsg(Message{Type: TypeCreated, Room: rm.id, Token: rm.seats[0].token, Seat: 0})
	return 0, ""
}

func (h *Hub) join(c *conn, m Message) (websocket.StatusCode, string) {
	if c.room != nil {
		return websocket.StatusPolicyViolation, "join: already in a room"
	}
	rm := h.rooms[m.Room]
	if rm == nil {
		return websocket.StatusPolicyViolation, "join: no such room (it expired or never existed)"
	}
	i := -1
	switch {
	case m.Token != "" && m.Token == rm.seats[0].token:
		i = 0
	case m.Token != "" && m.Token == rm.seats[1].token:
		i = 1
	case rm.seats[1].token == "":
		i = 1
		rm.seats[1].token = newID()
	default:
		return websocket.StatusPolicyViolation, "join: room is full"
	}
	if old := rm.seats[i].c; old != nil {
		// A reload: the old connection may not have noticed yet.
		old.kill(websocket.StatusPolicyViolation, "replaced by a new connection to this seat")
		old.room = nil
	}
	rm.seats[i].c = c
	rm.last = time.Now()
	c.room, c.seat = rm, i
	c.sendMsg(Message{Type: TypeJoined, Room: rm.id, Token: rm.seats[i].token, Seat: i})
	if rm.seats[1-i].c != nil {
		h.ready(rm)
	}
	return 0, ""
}

// ready starts a negotiation: the guest (seat 1) always makes the offer,
// so exactly one side does, whoever arrived last.
func (h *Hub) ready(rm *room) {
	if rm.seats[0].c == nil || rm.seats[1].c == nil {
		return
	}
	rm.epoch++
	for i, s := range rm.seats {
		s.c.sendMsg(Message{Type: TypeReady, Room: rm.id, Seat: i, Epoch: rm.epoch, Offer: i == 1})
	}
}

// conn is one client connection.
type conn struct {
	hub  *Hub
	ws   *websocket.Conn
	addr string
	out  chan []byte
	done chan struct{} // closed by kill

	once sync.Once
	// room and seat are guarded by hub.mu.
	room *room
	seat int

	tokens float64 // rate limit bucket, read loop only
	refill time.Time
	closed sync.WaitGroup
}

// kill closes the connection with a status and a reason, once; later
// calls do nothing. It never blocks.
func (c *conn) kill(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.done)
		c.closed.Add(1)
		go func() {
			defer c.closed.Done()
			c.ws.Close(code, reason)
		}()
	})
}

func (c *conn) wait() { c.closed.Wait() }

// send queues an encoded message; a client too slow to take its messages
// is dropped rather than let it hold anyone else up.
func (c *conn) send(data []byte) {
	select {
	case <-c.done:
	case c.out <- data:
	default:
		c.kill(websocket.StatusPolicyViolation, "too slow: send queue full")
	}
}

func (c *conn) sendMsg(m Message) {
	data, _ := json.Marshal(m)
	c.send(data)
}

func (c *conn) writeLoop() {
	for {
		select {
		case <-c.done:
			return
		case data := <-c.out:
			ctx, cancel := context.WithTimeout(context.Background(), c.hub.cfg.WriteTimeout)
			err := c.ws.Write(ctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				c.kill(websocket.StatusGoingAway, "write failed")
				return
			}
		}
	}
}

// readLoop reads until the client leaves or breaks a rule.
func (c *conn) readLoop() {
	cfg := &c.hub.cfg
	for {
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			if errors.As(err, new(websocket.CloseError)) || errors.Is(err, context.Canceled) {
				return
			}
			c.hub.cfg.Logf("signal: %s: %v", c.addr, err)
			return
		}
		now := time.Now()
		c.tokens = min(float64(cfg.Burst), c.tokens+now.Sub(c.refill).Seconds()*cfg.MessagesPerSecond)
		c.refill = now
		if c.tokens < 1 {
			c.refuse(websocket.StatusPolicyViolation, fmt.Sprintf("rate limit: more than %g messages per second", cfg.MessagesPerSecond))
			return
		}
		c.tokens--
		if typ != websocket.MessageText {
			c.refuse(websocket.StatusUnsupportedData, "binary message: the protocol is JSON text")
			return
		}
		m, err := decode(data)
		if err != nil {
			c.refuse(websocket.StatusPolicyViolation, truncate(err.Error(), 120))
			return
		}
		if code, reason := c.hub.handle(c, m); reason != "" {
			c.refuse(code, reason)
			return
		}
	}
}

// refuse tells the client why, then closes its connection.
func (c *conn) refuse(code websocket.StatusCode, reason string) {
	c.hub.cfg.Logf("signal: %s closed: %s", c.addr, reason)
	c.sendMsg(Message{Type: TypeError, Reason: reason})
	// Give the writer a moment to send the error before the close frame.
	deadline := time.Now().Add(100 * time.Millisecond)
	for len(c.out) > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	c.kill(code, reason)
}

// truncate keeps a close reason within the 123 bytes a close frame allows.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
