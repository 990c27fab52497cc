package online

import (
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

// Unfinished returns the room of the online game saved in store when it
// was agreed and is not over, for the home screen's Resume.
func Unfinished(store session.Storage) (string, bool) {
	var sv Saved
	text, err := store.Get(Key)
	if err != nil || json.Unmarshal([]byte(text), &sv) != nil || sv.Room == "" || sv.Match == nil {
		return "", false
	}
	if sv.Match.Ended != nil {
		return "", false
	}
	return sv.Room, true
}

// Saved is what a new table needs to take this one's place: to try again
// after the link failed to start, as after a reload.
func (t *Table) Saved() Saved {
	hello, _ := t.match.Hello()
	sv := Saved{Room: t.room, Token: t.token, Role: t.match.Role(), Hello: hello}
	if m, ok := t.match.Saved(); ok && t.match.Started() {
		sv.Match = &m
	}
	return sv
}

// save keeps the room, the seat and the game for a reload.
func (t *Table) save() {
	if t.cfg.Store == nil || t.room == "" {
		return
	}
	if data, err := json.Marshal(t.Saved()); err == nil {
		if err := t.cfg.Store.Set(Key, string(data)); err != nil {
			t.tell(session.Change{Event: session.Failed, Err: fmt.Errorf("this online game is not being saved: %w", err)})
		}
	}
}
