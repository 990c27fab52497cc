//go:build !js

package signal

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// newID returns 128 random bits in base64url: room ids and seat tokens.
func newID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newToken returns a seat's token: 128 random bits, and the seat it is
// for, so that a hub that lost its rooms (restarted, with the memory
// store) can rebuild one from its peers' tokens (see restore).
func newToken(seat int) string { return newID() + "." + strconv.Itoa(seat) }

// tokenSeat returns the seat a token is for, or -1 for a token of
// another form (an older hub's).
func tokenSeat(token string) int {
	if i := strings.LastIndexByte(token, '.'); i > 0 && i == len(token)-2 && (token[i+1] == '0' || token[i+1] == '1') {
		return int(token[i+1] - '0')
	}
	return -1
}

// goneFor is how long the id of a room that expired is remembered: a
// token for it does not rebuild it (see restore).
const goneFor = 24 * time.Hour

// restore rebuilds a room this hub does not hold, for a join with one of
// its seats' tokens: the hub restarted and lost its rooms, and its peers
// come back, their data channel still open. A room that expired here is
// not rebuilt. It counts as a room created by c's address.
func (h *Hub) restore(c *conn, m Message) *room {
	i := tokenSeat(m.Token)
	if i < 0 || len(m.Room) != 22 || len(m.Token) > 64 {
		return nil
	}
	if _, gone := h.gone[m.Room]; gone || len(h.rooms) >= h.cfg.MaxRooms {
		return nil
	}
	use := h.addrs[c.addr]
	if use.rooms >= h.cfg.MaxRoomsPerAddr {
		return nil
	}
	use.rooms++
	rm := &room{id: m.Room, owner: c.addr, last: h.cfg.Now(), restored: true}
	rm.seats[i] = seat{token: m.Token, device: m.Device}
	h.rooms[rm.id] = rm
	h.roomEvent("room rebuilt", rm.id, "seat", i)
	return rm
}

// handle acts on one message from c. It returns a close status and reason
// when the message breaks the protocol.
func (h *Hub) handle(c *conn, m Message) (websocket.StatusCode, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if m.Type != TypeCreate && m.Type != TypeJoin {
		if c.room == nil {
			return websocket.StatusPolicyViolation, fmt.Sprintf("message before create or join: %.40q", m.Type)
		}
		if _, ok := h.rooms[c.room.id]; !ok || c.room.seats[c.seat].c != c {
			return websocket.StatusNormalClosure, "room is gone"
		}
		c.room.last = h.cfg.Now()
	}
	switch m.Type {
	case TypeCreate:
		return h.create(c, m)
	case TypeJoin:
		return h.join(c, m)
	case TypeOffer, TypeAnswer, TypeCandidate:
		if len(m.Payload) == 0 {
			return websocket.StatusPolicyViolation, fmt.Sprintf("%s without payload", m.Type)
		}
		if other := c.room.seats[1-c.seat].c; other != nil {
			data, _ := json.Marshal(Message{Type: m.Type, Epoch: m.Epoch, Payload: m.Payload})
			other.sendAt(data, c.arrived)
			h.metrics.relayedMsg(m.Type)
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

func (h *Hub) create(c *conn, m Message) (websocket.StatusCode, string) {
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
	rm := &room{id: newID(), owner: c.addr, last: h.cfg.Now()}
	rm.seats[0] = seat{token: newToken(0), device: m.Device, c: c}
	h.rooms[rm.id] = rm
	c.room, c.seat = rm, 0
	// On record before the client hears of it: what a client saw is counted.
	h.metrics.created.Inc()
	h.roomEvent("room created", rm.id, "addr", h.name(c.addr))
	c.sendMsg(Message{Type: TypeCreated, Room: rm.id, Token: rm.seats[0].token, Seat: 0})
	return 0, ""
}

func (h *Hub) join(c *conn, m Message) (websocket.StatusCode, string) {
	if c.room != nil {
		return websocket.StatusPolicyViolation, "join: already in a room"
	}
	rm := h.rooms[m.Room]
	if rm == nil && m.Token != "" {
		rm = h.restore(c, m)
	}
	if rm == nil {
		return websocket.StatusPolicyViolation, "join: no such room (it expired or never existed)"
	}
	i := pickSeat(m, [2]seatView{rm.seats[0].view(), rm.seats[1].view()})
	if s := tokenSeat(m.Token); rm.restored && s >= 0 && rm.seats[s].token == "" {
		i = s // the other peer of a rebuilt room, with its own token
		rm.seats[i].token = m.Token
	} else if rm.restored && i >= 0 && rm.seats[i].token == "" {
		i = -1 // a rebuilt room's empty seat waits for its own peer
	}
	switch {
	case i < 0:
		return websocket.StatusPolicyViolation, "join: room is full"
	case rm.seats[i].token == "":
		rm.seats[i].token = newToken(i)
		rm.seats[i].device = m.Device
	}
	if old := rm.seats[i].c; old != nil {
		// A reload, or a socket that died without a word: the old
		// connection may not have noticed yet.
		old.closeWith(websocket.StatusPolicyViolation, "replaced by a new connection to this seat", nil)
		old.room = nil
	}
	rm.seats[i].c = c
	rm.last = h.cfg.Now()
	rm.left = rm.last
	c.room, c.seat = rm, i
	h.metrics.joined.Inc()
	h.roomEvent("room joined", rm.id, "seat", i, "back", m.Token != "", "addr", h.name(c.addr))
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
	h.metrics.negotiations.Inc()
	h.roomEvent("negotiation", rm.id, "epoch", rm.epoch)
	for i, s := range rm.seats {
		s.c.sendMsg(Message{Type: TypeReady, Room: rm.id, Seat: i, Epoch: rm.epoch, Offer: i == 1})
	}
}

// seatView is what choosing a seat looks at.
type seatView struct{ token, device string }

func (s seat) view() seatView { return seatView{s.token, s.device} }

// pickSeat chooses the seat a join takes, or -1 when the room is full:
// the seat of the token; else the guest seat if nobody ever took it, or
// if this device took it (whatever holds it now: a connection of that
// device that died unseen). Only the guest seat is given back by the
// device: a link opened again is a guest's, and the host, whose game on
// offer only its save holds, comes back with its token. Both stores
// choose alike.
func pickSeat(m Message, seats [2]seatView) int {
	for i, s := range seats {
		if m.Token != "" && m.Token == s.token {
			return i
		}
	}
	if seats[1].token == "" || m.Device != "" && m.Device == seats[1].device {
		return 1
	}
	return -1
}
