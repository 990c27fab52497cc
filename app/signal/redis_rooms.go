//go:build !js

package signal

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"
)

// The steps of a room in a RedisStore: each is one script (see
// redis_lua.go), then what the step says to the peers, delivered here or
// on the room's channel.

func ms(d time.Duration) int64 { return max(d.Milliseconds(), 1) }

func (s *RedisStore) handle(c *conn, m Message) (websocket.StatusCode, string) {
	seat := s.seatOf(c)
	if m.Type != TypeCreate && m.Type != TypeJoin && seat.room == "" {
		if c.entered.Load() {
			return websocket.StatusNormalClosure, "room is gone"
		}
		return websocket.StatusPolicyViolation, fmt.Sprintf("message before create or join: %.40q", m.Type)
	}
	switch m.Type {
	case TypeCreate:
		if c.entered.Load() {
			return websocket.StatusPolicyViolation, "create: already in a room"
		}
		return s.create(c, m)
	case TypeJoin:
		if c.entered.Load() {
			return websocket.StatusPolicyViolation, "join: already in a room"
		}
		return s.join(c, m, false)
	case TypeOffer, TypeAnswer, TypeCandidate:
		if len(m.Payload) == 0 {
			return websocket.StatusPolicyViolation, fmt.Sprintf("%s without payload", m.Type)
		}
		data, _ := json.Marshal(Message{Type: m.Type, Epoch: m.Epoch, Payload: m.Payload})
		s.h.metrics.relayedMsg(m.Type)
		return s.relay(seat, stampAt(data, c.arrived), false)
	case TypeKeepAlive:
		return s.relay(seat, nil, false)
	case TypeRestart:
		return s.restart(seat, m.Epoch, false)
	default:
		return websocket.StatusPolicyViolation, fmt.Sprintf("unknown message type %.40q", m.Type)
	}
}

func (s *RedisStore) create(c *conn, m Message) (websocket.StatusCode, string) {
	if s.health() != nil {
		return websocket.StatusTryAgainLater, reasonDown
	}
	cfg := &s.h.cfg
	seat := sharedSeat{holder: s.newHolder(), room: newID(), owner: c.addr, token: newToken(0)}
	s.hold(c, seat)
	ctx, cancel := s.ctx()
	defer cancel()
	res, err := createScript.Run(ctx, s.rdb, []string{s.key(seat.room)}, s.prefix, seat.room, seat.owner,
		seat.token, seat.holder, ms(cfg.RoomIdle), cfg.MaxRooms, cfg.MaxRoomsPerAddr, m.Device).Int()
	switch {
	case err != nil:
		s.unhold(c)
		s.fail(err)
		return websocket.StatusTryAgainLater, reasonDown
	case res == 1:
		s.unhold(c)
		return websocket.StatusTryAgainLater, "server full: too many rooms"
	case res == 2:
		s.unhold(c)
		return websocket.StatusTryAgainLater, fmt.Sprintf("too many rooms from your address (limit %d)", cfg.MaxRoomsPerAddr)
	case res != 0:
		s.unhold(c)
		return websocket.StatusTryAgainLater, "create: room id taken; try again"
	}
	c.entered.Store(true)
	// On record before the client hears of it: what a client saw is counted.
	s.h.metrics.created.Inc()
	s.h.roomEvent("room created", seat.room, "addr", s.h.name(c.addr))
	c.sendMsg(Message{Type: TypeCreated, Room: seat.room, Token: seat.token, Seat: 0})
	return 0, ""
}

func (s *RedisStore) join(c *conn, m Message, retried bool) (websocket.StatusCode, string) {
	if s.health() != nil {
		return closeOnly, reasonDown
	}
	cfg := &s.h.cfg
	seat := sharedSeat{holder: s.newHolder(), room: m.Room}
	s.hold(c, seat)
	ctx, cancel := s.ctx()
	defer cancel()
	res, err := joinScript.Run(ctx, s.rdb, []string{s.key(m.Room)}, s.prefix, m.Room, m.Token, newToken(1),
		seat.holder, ms(cfg.RoomIdle), m.Device).Slice()
	if err != nil {
		s.unhold(c)
		s.fail(err)
		return closeOnly, reasonDown
	}
	if code, _ := res[0].(int64); code == 1 && !retried {
		// Redis may have lost the room and be putting it back.
		s.unhold(c)
		s.check()
		return s.join(c, m, true)
	}
	if code, _ := res[0].(int64); code != 0 || len(res) < 7 {
		s.unhold(c)
		if code == 2 {
			return websocket.StatusPolicyViolation, "join: room is full"
		}
		return websocket.StatusPolicyViolation, "join: no such room (it expired or never existed)"
	}
	i, _ := res[1].(int64)
	token, _ := res[2].(string)
	old, _ := res[3].(string)
	other, _ := res[4].(string)
	epoch, _ := res[5].(int64)
	owner, _ := res[6].(string)
	s.mu.Lock()
	if s.local[seat.holder] == c {
		c.shared.seat, c.shared.token, c.shared.epoch, c.shared.owner = int(i), token, int(epoch), owner
	}
	s.mu.Unlock()
	if old != "" {
		// A reload, or a socket that died without a word, here or on
		// another instance (or an instance that died).
		s.deliver(m.Room, envReplace, old, []byte("replaced by a new connection to this seat"))
	}
	c.entered.Store(true)
	s.h.metrics.joined.Inc()
	s.h.roomEvent("room joined", m.Room, "seat", i, "back", m.Token != "", "addr", s.h.name(c.addr))
	c.sendMsg(Message{Type: TypeJoined, Room: m.Room, Token: token, Seat: int(i)})
	if other != "" {
		holders := [2]string{}
		holders[i], holders[1-i] = seat.holder, other
		s.ready(m.Room, int(epoch), holders)
	}
	return 0, ""
}

// ready starts a negotiation in room: the guest makes the offer.
func (s *RedisStore) ready(room string, epoch int, holders [2]string) {
	s.h.metrics.negotiations.Inc()
	s.h.roomEvent("negotiation", room, "epoch", epoch)
	for i, h := range holders {
		data, _ := json.Marshal(Message{Type: TypeReady, Room: room, Seat: i, Epoch: epoch, Offer: i == 1})
		s.deliver(room, envMessage, h, data)
	}
}

// relay keeps the room alive and sends data, if any, to the other seat.
func (s *RedisStore) relay(seat sharedSeat, data []byte, retried bool) (websocket.StatusCode, string) {
	cfg := &s.h.cfg
	ctx, cancel := s.ctx()
	defer cancel()
	ok, err := relayScript.Run(ctx, s.rdb, []string{s.key(seat.room)}, s.prefix, seat.room, seat.seat,
		seat.holder, ms(cfg.RoomIdle), s.channel(seat.room), data).Int()
	if err != nil {
		// The message is lost; the peer's connection stays, and its
		// data channel, if open, does not need the hub.
		s.fail(err)
		return 0, ""
	}
	if ok == 0 {
		if !retried {
			// Redis may have lost the room and be putting it back.
			s.check()
			return s.relay(seat, data, true)
		}
		return websocket.StatusNormalClosure, "room is gone"
	}
	return 0, ""
}

func (s *RedisStore) restart(seat sharedSeat, epoch int, retried bool) (websocket.StatusCode, string) {
	cfg := &s.h.cfg
	ctx, cancel := s.ctx()
	defer cancel()
	res, err := restartScript.Run(ctx, s.rdb, []string{s.key(seat.room)}, s.prefix, seat.room, seat.seat,
		seat.holder, ms(cfg.RoomIdle), epoch).Slice()
	if err != nil {
		s.fail(err)
		return 0, ""
	}
	switch code, _ := res[0].(int64); {
	case code == 0 && !retried:
		s.check()
		return s.restart(seat, epoch, true)
	case code == 0:
		return websocket.StatusNormalClosure, "room is gone"
	case code == 2 && len(res) == 4:
		e, _ := res[1].(int64)
		h0, _ := res[2].(string)
		h1, _ := res[3].(string)
		s.ready(seat.room, int(e), [2]string{h0, h1})
	}
	return 0, ""
}

func (s *RedisStore) leave(c *conn) {
	s.mu.Lock()
	seat := c.shared
	s.mu.Unlock()
	if seat.room == "" {
		return
	}
	s.unhold(c)
	s.h.roomEvent("seat left", seat.room, "seat", seat.seat)
	cfg := &s.h.cfg
	ctx, cancel := s.ctx()
	defer cancel()
	res, err := leaveScript.Run(ctx, s.rdb, []string{s.key(seat.room)}, s.prefix, seat.room, seat.seat,
		seat.holder, ms(cfg.RoomIdle), ms(cfg.EmptyGrace)).Slice()
	if err != nil {
		s.fail(err) // the seat stays named for c until a join takes it over
		return
	}
	if len(res) == 2 {
		if other, _ := res[1].(string); other != "" {
			data, _ := json.Marshal(Message{Type: TypeLeft, Reason: "the other peer left; it may come back"})
			s.deliver(seat.room, envMessage, other, data)
		}
	}
}

// expire closes the connections here whose rooms Redis has let expire.
func (s *RedisStore) expire(time.Time) {
	if s.health() != nil {
		return // an unreachable Redis is not an expired room
	}
	s.mu.Lock()
	byRoom := make(map[string][]*conn, len(s.subs))
	for _, c := range s.local {
		if c.entered.Load() { // not a create or join under way
			byRoom[c.shared.room] = append(byRoom[c.shared.room], c)
		}
	}
	s.mu.Unlock()
	if len(byRoom) == 0 {
		return
	}
	ctx, cancel := s.ctx()
	defer cancel()
	rooms := make([]string, 0, len(byRoom))
	cmds := make([]*redis.IntCmd, 0, len(byRoom))
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for room := range byRoom {
			rooms = append(rooms, room)
			cmds = append(cmds, p.Exists(ctx, s.key(room)))
		}
		return nil
	})
	if err != nil {
		s.fail(err)
		return
	}
	for i, cmd := range cmds {
		if cmd.Val() != 0 {
			continue
		}
		s.h.metrics.closed.WithLabelValues("expired").Inc()
		s.h.roomEvent("room closed", rooms[i], "why", "expired")
		for _, c := range byRoom[rooms[i]] {
			s.unhold(c)
			c.closeWith(websocket.StatusNormalClosure, "room expired: idle too long", nil)
		}
	}
}

// restore puts back the seats held here into rooms Redis has lost.
func (s *RedisStore) restore() error {
	s.mu.Lock()
	seats := make([]sharedSeat, 0, len(s.local))
	for _, c := range s.local {
		if c.shared.token != "" {
			seats = append(seats, c.shared)
		}
	}
	s.mu.Unlock()
	if len(seats) == 0 {
		return nil
	}
	cfg := &s.h.cfg
	ctx, cancel := s.ctx()
	defer cancel()
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, st := range seats {
			// Eval, not EvalSha: a restarted Redis has no scripts.
			restoreScript.Eval(ctx, p, []string{s.key(st.room)}, s.prefix, st.room, st.owner, st.seat,
				st.token, st.holder, st.epoch, ms(cfg.RoomIdle))
		}
		return nil
	})
	return err
}
