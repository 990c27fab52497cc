//go:build !js

package signal

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"gygy/app/netlimit"
)

// The hub's log: one record per refusal (rate-limited by a RefusalLog)
// and per step of a room's life, with stable keys: room (its id hashed),
// addr (hashed unless Config.LogAddrs), seat, epoch, reason, why.

// roomTag names a room in the log: the first 48 bits of its id's
// SHA-256, the same on every instance, so that a room's lines can be
// followed across them, while the id itself (the key to the room) is
// never written down.
func roomTag(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:6])
}

// AddrNamer is how the hub's log names a client's address: in clear, or
// by a keyed hash whose key this process draws (see Config.LogAddrs). The
// listener in front of the hub names its refusals alike.
func AddrNamer(clear bool) func(string) string { return addrNamer(clear) }

// addrNamer names an address in the log: in clear when clear is set, else
// by a keyed hash whose key this process draws and never writes (an address's
// plain hash could be reversed by hashing all four billion).
func addrNamer(clear bool) func(string) string {
	if clear {
		return func(a string) string { return a }
	}
	key := logKey()
	return func(a string) string {
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(a))
		return "h:" + hex.EncodeToString(mac.Sum(nil)[:6])
	}
}

// logKey is the key of the addresses' hashes, drawn once a process so
// that its every log names an address alike.
var logKey = sync.OnceValue(func() []byte {
	key := make([]byte, 32)
	rand.Read(key)
	return key
})

// newLogger is the hub's logger and refusal log for cfg: cfg.Logger's
// records, or lines through cfg.Logf, or nothing.
func newLogger(cfg *Config, name func(string) string) (*slog.Logger, *netlimit.RefusalLog) {
	if cfg.Logger != nil {
		lg := cfg.Logger.With("component", "signal")
		return lg, netlimit.NewRefusalLogger(lg, name, cfg.LogEvery, cfg.Now)
	}
	logf := cfg.Logf
	lg := slog.New(logfHandler{logf: logf})
	return lg, netlimit.NewRefusalLog(func(f string, a ...any) { logf("signal: "+f, a...) }, cfg.LogEvery, cfg.Now)
}

// logfHandler writes records as lines through a Printf-like function:
// "signal: message key=value ...", for Config.Logf.
type logfHandler struct {
	logf  func(format string, args ...any)
	attrs []slog.Attr
}

// Enabled passes warnings and errors only: refusals and the store's
// outages, what Logf always carried; a room's life is for Logger.
func (h logfHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }

func (h logfHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString("signal: ")
	b.WriteString(r.Message)
	add := func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
		return true
	}
	for _, a := range h.attrs {
		add(a)
	}
	r.Attrs(add)
	h.logf("%s", b.String())
	return nil
}

func (h logfHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return logfHandler{logf: h.logf, attrs: append(append([]slog.Attr(nil), h.attrs...), as...)}
}

func (h logfHandler) WithGroup(string) slog.Handler { return h }

// refused logs and counts a refusal of the client at addr.
func (h *Hub) refused(addr, reason string) {
	h.metrics.refusals.WithLabelValues(refusalReason(reason)).Inc()
	h.log.Refuse(addr, reason)
}

// roomEvent logs a step of a room's life.
func (h *Hub) roomEvent(msg, room string, args ...any) {
	h.logger.Info(msg, append([]any{"room", roomTag(room)}, args...)...)
}
