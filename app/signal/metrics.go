//go:build !js

package signal

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// Metrics are a hub's Prometheus series: what it holds, what it did and
// what it refused. Make them with NewMetrics on a registry, hand them to
// one hub through Config.Metrics, and serve the registry (promhttp).
//
// The series, all named gygy_signal_*: rooms_open and connections_open
// (gauges, this instance), draining (1 while the hub drains), rooms_created_total,
// rooms_joined_total, rooms_closed_total{why}, negotiations_total (the
// ready messages that start one), relayed_total{type},
// refusals_total{reason}, relay_seconds{path} (a relayed message from
// its arrival to its send, path "local" or "redis" when it crossed
// instances), redis_seconds{command} and redis_errors_total{command},
// turn_credentials_total.
type Metrics struct {
	hub atomic.Pointer[Hub]

	created, joined, negotiations, turn prometheus.Counter
	closed, relayed, refusals, redisErr *prometheus.CounterVec
	relay, redisRT                      *prometheus.HistogramVec
}

// Refusal reasons, the values of refusals_total's label: a client over a
// rate, a message too big, a cap on connections or rooms, a page of
// another origin, a frame or message the protocol does not allow, a room
// that is full or gone, a client too slow to read, one that stopped
// answering pings, a connection that broke, the shared store unreachable,
// and the hub draining or closed.
const (
	RefuseRate     = "rate"
	RefuseSize     = "size"
	RefuseCaps     = "caps"
	RefuseOrigin   = "origin"
	RefuseFrame    = "bad_frame"
	RefuseRoom     = "room"
	RefuseSlow     = "slow"
	RefuseDead     = "dead"
	RefuseDropped  = "dropped"
	RefuseStore    = "store"
	RefuseDraining = "draining"
)

// NewMetrics makes a hub's series and registers them on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{}
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Namespace: "gygy", Subsystem: "signal", Name: name, Help: help})
	}
	vec := func(name, help, label string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "gygy", Subsystem: "signal", Name: name, Help: help}, []string{label})
	}
	gauge := func(name, help string, f func(h *Hub) float64) prometheus.GaugeFunc {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "gygy", Subsystem: "signal", Name: name, Help: help}, func() float64 {
			if h := m.hub.Load(); h != nil {
				return f(h)
			}
			return 0
		})
	}
	m.created = counter("rooms_created_total", "Rooms created on this instance.")
	m.joined = counter("rooms_joined_total", "Seats taken by a join on this instance (a guest, or a peer back).")
	m.negotiations = counter("negotiations_total", "Negotiations started (ready sent to both seats).")
	m.turn = counter("turn_credentials_total", "TURN credentials handed out (welcome and ice answers).")
	m.closed = vec("rooms_closed_total", "Rooms whose connections this instance closed, by why (idle, abandoned, expired).", "why")
	m.relayed = vec("relayed_total", "Messages relayed from one seat to the other, by type.", "type")
	m.refusals = vec("refusals_total", "Clients refused or dropped, by reason.", "reason")
	m.redisErr = vec("redis_errors_total", "Redis commands that failed, by command.", "command")
	m.relay = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "gygy", Subsystem: "signal", Name: "relay_seconds",
		Help:    "A relayed message from its arrival to its send; path redis when it crossed instances.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	}, []string{"path"})
	m.redisRT = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "gygy", Subsystem: "signal", Name: "redis_seconds",
		Help:    "Redis round trips, by command (pipeline for a pipeline).",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2},
	}, []string{"command"})
	reg.MustRegister(m.created, m.joined, m.negotiations, m.turn, m.closed, m.relayed, m.refusals,
		m.redisErr, m.relay, m.redisRT,
		gauge("rooms_open", "Rooms this instance holds a seat in.", func(h *Hub) float64 {
			r, _ := h.Stats()
			return float64(r)
		}),
		gauge("connections_open", "WebSocket connections open on this instance.", func(h *Hub) float64 {
			_, c := h.Stats()
			return float64(c)
		}),
		gauge("draining", "1 while this instance drains (SIGTERM), else 0.", func(h *Hub) float64 {
			if h.Draining() {
				return 1
			}
			return 0
		}))
	for _, r := range []string{RefuseRate, RefuseSize, RefuseCaps, RefuseOrigin, RefuseFrame, RefuseRoom,
		RefuseSlow, RefuseDead, RefuseDropped, RefuseStore, RefuseDraining} {
		m.refusals.WithLabelValues(r) // every reason present from the start, at 0
	}
	for _, t := range []string{TypeOffer, TypeAnswer, TypeCandidate} {
		m.relayed.WithLabelValues(t)
	}
	return m
}

// attach ties m to the hub whose gauges it reads; nil m makes a set that
// nobody serves, so that the hub never checks for nil.
func (m *Metrics) attach(h *Hub) *Metrics {
	if m == nil {
		m = NewMetrics(prometheus.NewRegistry())
	}
	if !m.hub.CompareAndSwap(nil, h) {
		panic("signal: Metrics serve one hub")
	}
	return m
}

// relayedMsg counts one relayed message.
func (m *Metrics) relayedMsg(typ string) { m.relayed.WithLabelValues(typ).Inc() }

// written observes a message just written that arrived at at (see
// outMsg): nothing for the hub's own.
func (m *Metrics) written(at int64) {
	if at == 0 {
		return
	}
	path := "local"
	if at < 0 {
		path, at = "redis", -at
	}
	d := time.Duration(time.Now().UnixNano() - at)
	m.relay.WithLabelValues(path).Observe(max(d, 0).Seconds())
}

// stampAt adds a relayed message's arrival to its JSON for the instance
// that delivers it: a last field "at", which clients ignore (an instance
// of an older version passes it on as is).
func stampAt(data []byte, at int64) []byte {
	if len(data) < 2 || data[len(data)-1] != '}' {
		return data
	}
	out := append(data[:len(data)-1:len(data)-1], `,"at":`...)
	out = strconv.AppendInt(out, at, 10)
	return append(out, '}')
}

// cutAt takes stampAt's field off a message, and returns its time (0 if
// it has none).
func cutAt(data []byte) ([]byte, int64) {
	i := bytes.LastIndex(data, []byte(`,"at":`))
	if i < 0 || data[len(data)-1] != '}' {
		return data, 0
	}
	at, err := strconv.ParseInt(string(data[i+6:len(data)-1]), 10, 64)
	if err != nil || at <= 0 {
		return data, 0
	}
	return append(data[:i:i], '}'), at
}

// refusalReason sorts a refusal's words into a reason of refusals_total.
func refusalReason(reason string) string {
	has := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(reason, p) {
				return true
			}
		}
		return false
	}
	switch {
	case has("rate limit"):
		return RefuseRate
	case has("message too big"):
		return RefuseSize
	case has("server full", "too many"):
		return RefuseCaps
	case has("too slow"):
		return RefuseSlow
	case has("dropped: no pong"):
		return RefuseDead
	case has("dropped"):
		return RefuseDropped
	case reason == reasonDown:
		return RefuseStore
	case has("join: no such room", "join: room is full", "room is gone"):
		return RefuseRoom
	case has(reasonDraining, "server shutting down"):
		return RefuseDraining
	case strings.Contains(reason, "not authorized") || strings.Contains(reason, "origin"):
		return RefuseOrigin
	}
	return RefuseFrame
}

// redisHook times every Redis command and counts the failed ones.
type redisHook struct{ m *Metrics }

func (redisHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (k redisHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		start := time.Now()
		err := next(ctx, cmd)
		k.observe(cmd.Name(), start, err)
		return err
	}
}

func (k redisHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		start := time.Now()
		err := next(ctx, cmds)
		k.observe("pipeline", start, err)
		return err
	}
}

func (k redisHook) observe(name string, start time.Time, err error) {
	k.m.redisRT.WithLabelValues(name).Observe(time.Since(start).Seconds())
	// A missing key and a script Redis must be sent in full are answers,
	// not failures.
	if err != nil && !errors.Is(err, redis.Nil) && !redis.HasErrorPrefix(err, "NOSCRIPT") {
		k.m.redisErr.WithLabelValues(name).Inc()
	}
}
