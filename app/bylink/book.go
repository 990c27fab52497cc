package bylink

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gygy/app/session"
	"gygy/engine/game"
)

// StorageKey is where a device keeps its games by link.
const StorageKey = "gygy.bylink.games"

// Held is a game by link as one device keeps it.
type Held struct {
	ID       ID
	Seat     game.Seat // this device's seat
	Spec     game.Spec
	Actions  []string
	Resigned game.Seat
	// Base is how many actions the device held when its turn came: the
	// person here may take back their own actions after it, until the
	// link is sent (Sent).
	Base int
	Sent bool
	// Seq orders the games by their last change, most recent highest.
	Seq int
}

// Link is the link this device sends for the game as it holds it.
func (h Held) Link() Link {
	return Link{ID: h.ID, From: h.Seat, Spec: h.Spec, Actions: h.Actions, Resigned: h.Resigned}
}

// Game replays the held game with the engine.
func (h Held) Game() (game.Game, error) { return h.Link().Replay() }

// PlayedHere reports whether this device's seat has acted in the game:
// the first action is seat One's, the second seat Two's.
func (h Held) PlayedHere() bool {
	if h.Seat == game.Two {
		return len(h.Actions) > 1
	}
	return len(h.Actions) > 0
}

// Outcome is what opening a link did.
type Outcome int8

// The outcomes of opening a link.
const (
	New      Outcome = iota // a game this device did not hold: it takes the other seat
	Advanced                // the opponent's move (or resignation) was added
	Seen                    // the link holds nothing new: nothing is played twice
	Older                   // the device holds this game further on
	Fork                    // the link continues the game from an earlier move in another way: refused
	Forged                  // the link plays actions for this device's side that it did not make: refused
)

// Opened is what Open reports: the outcome, the game as the device now
// holds it, and for a fork where the two continuations part.
type Opened struct {
	Outcome Outcome
	Held    Held
	// Fork: the first action where the link and the held game differ
	// (counting from 0), and the action the held game goes on with.
	At   int
	Kept string
}

// Book is the games by link kept on one device, in a session.Storage
// (the browser's localStorage), all under StorageKey.
type Book struct {
	store session.Storage
}

// NewBook returns the book kept in store.
func NewBook(store session.Storage) *Book { return &Book{store: store} }

// stored is a held game as JSON.
type stored struct {
	ID       string   `json:"id"`
	Seat     int      `json:"seat"`
	Spec     string   `json:"spec"`
	Actions  []string `json:"actions,omitempty"`
	Resigned int      `json:"resigned,omitempty"`
	Base     int      `json:"base,omitempty"`
	Sent     bool     `json:"sent,omitempty"`
	Seq      int      `json:"seq"`
}

// All returns the games held, the most recently changed first. A game the
// engine can no longer replay is left out.
func (b *Book) All() ([]Held, error) {
	text, err := b.store.Get(StorageKey)
	if errors.Is(err, session.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var in []stored
	if err := json.Unmarshal([]byte(text), &in); err != nil {
		return nil, fmt.Errorf("bylink: the games kept here: %w", err)
	}
	out := make([]Held, 0, len(in))
	for _, s := range in {
		h := Held{Seat: game.Seat(s.Seat), Actions: s.Actions, Resigned: game.Seat(s.Resigned), Base: s.Base, Sent: s.Sent, Seq: s.Seq}
		id, err := hex.DecodeString(s.ID)
		if err != nil || len(id) != IDLen {
			continue
		}
		copy(h.ID[:], id)
		if h.Spec, err = game.ParseSpec(s.Spec); err != nil {
			continue
		}
		if _, err := h.Game(); err != nil {
			continue
		}
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b Held) int { return b.Seq - a.Seq })
	return out, nil
}

// Get returns the held game id.
func (b *Book) Get(id ID) (Held, bool) {
	all, _ := b.All()
	for _, h := range all {
		if h.ID == id {
			return h, true
		}
	}
	return Held{}, false
}

// Put keeps h, in place of the game of the same identity, as the most
// recently changed game.
func (b *Book) Put(h Held) error {
	all, err := b.All()
	if err != nil {
		all = nil // unreadable: start the book again rather than lose this game
	}
	top := 0
	for _, o := range all {
		top = max(top, o.Seq)
	}
	h.Seq = top + 1
	all = slices.DeleteFunc(all, func(o Held) bool { return o.ID == h.ID })
	return b.write(append([]Held{h}, all...))
}

// write keeps all the games given, in place of those kept.
func (b *Book) write(all []Held) error {
	out := make([]stored, 0, len(all))
	for _, o := range all {
		out = append(out, stored{ID: o.ID.String(), Seat: int(o.Seat), Spec: o.Spec.String(), Actions: o.Actions,
			Resigned: int(o.Resigned), Base: o.Base, Sent: o.Sent, Seq: o.Seq})
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	return b.store.Set(StorageKey, string(data))
}

// Delete forgets the game id.
func (b *Book) Delete(id ID) error {
	all, err := b.All()
	if err != nil {
		return err
	}
	return b.write(slices.DeleteFunc(all, func(o Held) bool { return o.ID == id }))
}
