//go:build !js

package signal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"
)

// RedisStore keeps a hub's rooms in Redis, so that several hub instances
// (behind one load balancer) share them: the host may hold its WebSocket
// on one instance and the guest on another, and a peer whose instance is
// gone reclaims its seat through any other with its token.
//
// Each seat names its holder, a connection on some instance; each room
// has a pub/sub channel on which the instances with a seat in it hear
// what is relayed to their connections. Rooms expire by their keys' TTLs
// (the room idle time, and the empty grace once nobody is connected), and
// the caps on rooms, in total and per address, count the rooms of every
// instance. The caps on connections stay with each instance.
//
// While Redis is unreachable the hub says so (Hub.Health, its log),
// refuses new rooms with that reason, and closes joins with "try again
// later"; it recovers by itself when Redis answers again, and puts back
// the seats it holds if Redis lost them (a restart without persistence).
type RedisStore struct {
	rdb    *redis.Client
	prefix string
	every  time.Duration // between health checks
	inst   string        // this instance, in its holders' names

	h     *Hub
	ps    *redis.PubSub
	subMu sync.Mutex // serialises subscribing and unsubscribing

	checkMu sync.Mutex // serialises checks
	boot    string     // Redis's boot mark, as last seen; guarded by checkMu

	mu     sync.Mutex
	seq    uint64
	local  map[string]*conn // connections holding a seat, by holder
	subs   map[string]int   // rooms subscribed to: seats held here
	broken error            // why Redis is unreachable, nil while it answers
	logged bool             // the breakage is in the log

	stop chan struct{}
	wg   sync.WaitGroup
}

// RedisConfig sets up a RedisStore.
type RedisConfig struct {
	// URL is the server's address, redis://[user:password@]host:port/db
	// (rediss:// for TLS).
	URL string
	// Prefix starts every key and channel; default "gygy:". Hubs that
	// share rooms share a prefix.
	Prefix string
	// HealthEvery is how often the store pings Redis; default 1 s.
	HealthEvery time.Duration
}

// quietRedis silences go-redis's own log, a line per failed dial: the
// store says once that Redis is unreachable and once that it is back.
var quietRedis sync.Once

type silent struct{}

func (silent) Printf(context.Context, string, ...any) {}

// NewRedisStore returns a store for cfg. It does not wait for Redis:
// a hub whose Redis is down starts, says so, and recovers when it is up.
// It silences go-redis's process-wide log.
func NewRedisStore(cfg RedisConfig) (*RedisStore, error) {
	quietRedis.Do(func() { redis.SetLogger(silent{}) })
	opt, err := redis.ParseURL(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("signal: redis URL: %w", err)
	}
	// Fail fast: a hub waiting on a dead Redis holds its peers up.
	opt.DialTimeout = time.Second
	opt.ReadTimeout = time.Second
	opt.WriteTimeout = time.Second
	opt.MaxRetries = 1
	opt.DialerRetries = 1 // not five dials 100 ms apart per command
	if cfg.Prefix == "" {
		cfg.Prefix = "gygy:"
	}
	if cfg.HealthEvery <= 0 {
		cfg.HealthEvery = time.Second
	}
	return &RedisStore{
		rdb:    redis.NewClient(opt),
		prefix: cfg.Prefix,
		every:  cfg.HealthEvery,
		inst:   newID()[:12],
		local:  make(map[string]*conn),
		subs:   make(map[string]int),
		broken: errors.New("not checked yet"),
		stop:   make(chan struct{}),
	}, nil
}

// sharedSeat is a connection's seat in a RedisStore.
type sharedSeat struct {
	holder      string // this connection, as the room names it
	room, owner string
	token       string
	seat, epoch int
}

// ErrStoreDown reports a shared store that does not answer.
var ErrStoreDown = errors.New("signal: room store unreachable")

// reasonDown is what clients hear while Redis is unreachable.
const reasonDown = "server unavailable: the room store is unreachable; try again shortly"

func (s *RedisStore) attach(h *Hub) {
	if s.h != nil {
		panic("signal: a RedisStore serves one hub")
	}
	s.h = h
	s.rdb.AddHook(redisHook{h.metrics})
	s.ps = s.rdb.Subscribe(context.Background())
	s.check()
	s.wg.Add(2)
	go s.receive()
	go s.watch()
}

func (s *RedisStore) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 2*time.Second)
}

func (s *RedisStore) key(room string) string     { return s.prefix + "room:" + room }
func (s *RedisStore) channel(room string) string { return s.prefix + "ch:" + room }

// receive delivers what the room channels carry to the connections here.
// go-redis reconnects and subscribes again after an error.
func (s *RedisStore) receive() {
	defer s.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-s.stop; cancel() }()
	for {
		msg, err := s.ps.ReceiveMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			select {
			case <-s.stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		if len(msg.Payload) == 0 {
			continue
		}
		holder, data, ok := strings.Cut(msg.Payload[1:], "\n")
		if ok {
			s.act(msg.Payload[0], holder, []byte(data))
		}
	}
}

// Envelope kinds on a room's channel: "m" + holder + "\n" + message
// delivers a message; "x" + holder + "\n" + reason closes the holder's
// connection, whose seat another connection took.
const (
	envMessage = 'm'
	envReplace = 'x'
)

// act delivers an envelope to the connection here that it names, if any.
func (s *RedisStore) act(kind byte, holder string, data []byte) {
	s.mu.Lock()
	c := s.local[holder]
	if c != nil && kind == envMessage && bytes.HasPrefix(data, []byte(`{"type":"ready"`)) {
		var m Message
		if json.Unmarshal(data, &m) == nil {
			c.shared.epoch = m.Epoch
		}
	}
	var room string
	var last bool
	if c != nil && kind == envReplace {
		room, last = s.unholdLocked(c)
	}
	s.mu.Unlock()
	if last {
		s.syncSub(room)
	}
	switch {
	case c == nil:
	case kind == envMessage:
		data, at := cutAt(data)
		c.sendAt(data, -at)
	case kind == envReplace:
		c.closeWith(websocket.StatusPolicyViolation, string(data), nil)
	}
}

// deliver sends an envelope to holder: at once if it is here, else on
// the room's channel.
func (s *RedisStore) deliver(room string, kind byte, holder string, data []byte) {
	s.mu.Lock()
	_, here := s.local[holder]
	s.mu.Unlock()
	if here {
		s.act(kind, holder, data)
		return
	}
	ctx, cancel := s.ctx()
	defer cancel()
	env := string(kind) + holder + "\n" + string(data)
	if err := s.rdb.Publish(ctx, s.channel(room), env).Err(); err != nil {
		s.fail(err)
	}
}

// hold gives c a seat here and subscribes to its room's channel first,
// so that nothing sent to the seat is missed.
func (s *RedisStore) hold(c *conn, seat sharedSeat) {
	s.mu.Lock()
	c.shared = seat
	s.local[seat.holder] = c
	s.subs[seat.room]++
	first := s.subs[seat.room] == 1
	s.mu.Unlock()
	if first {
		s.syncSub(seat.room)
	}
}

// syncSub subscribes to room's channel while a seat here is in the room,
// and unsubscribes once none is. The calls are serialised and each reads
// the count afresh, so the last one leaves the subscription right.
func (s *RedisStore) syncSub(room string) {
	s.subMu.Lock()
	defer s.subMu.Unlock()
	s.mu.Lock()
	n := s.subs[room]
	s.mu.Unlock()
	ctx, cancel := s.ctx()
	defer cancel()
	// go-redis keeps the subscription for its next connection even
	// when this call fails.
	if n > 0 {
		s.ps.Subscribe(ctx, s.channel(room))
	} else {
		s.ps.Unsubscribe(ctx, s.channel(room))
	}
}

// unholdLocked lets go of c's seat here, with s.mu held.
func (s *RedisStore) unholdLocked(c *conn) (room string, last bool) {
	room = c.shared.room
	if room == "" || s.local[c.shared.holder] != c {
		c.shared = sharedSeat{}
		return "", false
	}
	delete(s.local, c.shared.holder)
	c.shared = sharedSeat{}
	s.subs[room]--
	if s.subs[room] > 0 {
		return room, false
	}
	delete(s.subs, room)
	return room, true
}

// unhold lets go of c's seat and of its room's channel once no seat here
// is in the room.
func (s *RedisStore) unhold(c *conn) {
	s.mu.Lock()
	room, last := s.unholdLocked(c)
	s.mu.Unlock()
	if last {
		s.syncSub(room)
	}
}

// newHolder names a new seat holder: this instance and a number.
func (s *RedisStore) newHolder() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	return s.inst + "." + strconv.FormatUint(s.seq, 36)
}

func (s *RedisStore) seatOf(c *conn) sharedSeat {
	s.mu.Lock()
	defer s.mu.Unlock()
	return c.shared
}

func (s *RedisStore) rooms() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.subs)
}

// close waits a moment for the connections here to leave their seats,
// then lets go of Redis.
func (s *RedisStore) close() error {
	deadline := time.Now().Add(closeTimeout)
	for s.rooms() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	close(s.stop)
	err := s.ps.Close()
	s.wg.Wait()
	return errors.Join(err, s.rdb.Close())
}
