package online

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"gygy/app/match"
	"gygy/app/session"
)

// Key is where an online game is kept for a reload, apart from the game
// saved at this device.
const Key = "gygy.online"

// Saved is the stored form of an online game: enough to take the same
// seat in the same room after a reload and to resume the game.
type Saved struct {
	Room  string       `json:"room"`
	Token string       `json:"token"`
	Role  match.Role   `json:"role"`
	Hello match.Hello  `json:"hello"`
	Match *match.Saved `json:"saved,omitempty"` // once the game is agreed
}

// Load returns the online game saved in store for room, if there is one.
func Load(store session.Storage, room string) (Saved, bool) {
	var sv Saved
	text, err := store.Get(Key)
	if err != nil || json.Unmarshal([]byte(text), &sv) != nil || sv.Room != room {
		return Saved{}, false
	}
	return sv, true
}

// save keeps the room, the seat and the game for a reload.
func (t *Table) save() {
	if t.cfg.Store == nil || t.room == "" {
		return
	}
	hello, _ := t.match.Hello()
	sv := Saved{Room: t.room, Token: t.token, Role: t.role, Hello: hello}
	if m, ok := t.match.Saved(); ok && t.match.Started() {
		sv.Match = &m
	}
	if data, err := json.Marshal(sv); err == nil {
		if err := t.cfg.Store.Set(Key, string(data)); err != nil {
			t.tell(session.Change{Event: session.Failed, Err: fmt.Errorf("this online game is not being saved: %w", err)})
		}
	}
}

// DeviceKey is where this device's own name for the hub is kept: apart
// from the game, so that leaving a game or losing its save does not lose
// the seat (see Device).
const DeviceKey = "gygy.device"

// Device returns this device's name for the hub (p2p.Config.Device),
// made and kept in store the first time: a secret of 128 random bits. A
// device whose game was left, or whose save is gone, opens the link again
// and gets back the seat it held. With no store (nil), or one that
// refuses to keep it, it returns "" and the seat's token alone counts.
func Device(store session.Storage) string {
	if store == nil {
		return ""
	}
	if id, err := store.Get(DeviceKey); err == nil && len(id) >= 16 {
		return id
	}
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	id := base64.RawURLEncoding.EncodeToString(b[:])
	if store.Set(DeviceKey, id) != nil {
		return ""
	}
	return id
}
