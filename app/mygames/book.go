// Package mygames is My games: the games played at this device, kept in a
// [Book] on the device's storage, each an [Entry] that opens the game
// again. The screen that lists them is app/ui/games. On the page the
// storage is localStorage: a game's record is a few hundred bytes, so
// even the most games the list keeps (MaxGames) stay far under its quota,
// and its synchronous calls fit the storage layer the saves already use.
package mygames

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gygy/app/session"
	"gygy/engine/game"
)

// StorageKey is where the list is kept.
const StorageKey = "gygy.games"

// MaxGames is the most games the list keeps; the oldest go first.
const MaxGames = 300

// Entry is one game of the list.
type Entry struct {
	ID       int64  `json:"id"`   // when the game was first kept, in Unix milliseconds
	Date     int64  `json:"date"` // when it was last played, in Unix milliseconds
	Spec     string `json:"spec"` // the record's header, e.g. "GYRE 7x14"
	Mode     string `json:"mode"` // "One device", "Against the computer", "Online", "Nearby"
	Opponent string `json:"opponent"`
	Result   string `json:"result"` // "" while under way
	Over     bool   `json:"over"`
	Hints    bool   `json:"hints,omitempty"` // a hint was used
	Record   string `json:"record"`
	// Seats is who sat where (seat one, then seat two), to open the game
	// again as it was played; lists kept before it have none (see
	// PlayedBy).
	Seats []session.Seat `json:"seats,omitempty"`
	// Left says the game was left unfinished when another game took its
	// place at this device: it is over for the list, and opening it takes
	// it up again.
	Left bool `json:"left,omitempty"`
}

// LeftResult is the result of a game left unfinished.
const LeftResult = "left unfinished (another game replaced it)"

// The modes of the list: at one device, against the computer, and online
// (whose table is not the one at this device that a new game replaces).
const (
	ModeHere     = "One device"
	ModeComputer = "Against the computer"
	ModeOnline   = "Online"
)

// PlayedBy returns who sat where, to open the game again: the seats
// kept, or for an entry kept before seats were, the computer at the level
// its opponent names on the side it takes by default (GYRE: player 1,
// which places the opening; Gygès: North), and otherwise two people here.
// A game played online opens with both seats here.
func (e Entry) PlayedBy() [2]session.Seat {
	seats := [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}
	if len(e.Seats) == 2 {
		for i, st := range e.Seats {
			if st.Kind == session.Computer {
				seats[i] = st
			}
		}
		return seats
	}
	l, ok := ReadOpponent(e.Opponent)
	if e.Mode != ModeComputer || !ok {
		return seats
	}
	bot := session.Seat{Kind: session.Computer, Level: l}
	if strings.HasPrefix(e.Spec, "GYGES") {
		seats[1] = bot
	} else {
		seats[0] = bot
	}
	return seats
}

// Holds reports whether e is the entry of game g as it stands (the same
// record).
func (e Entry) Holds(g game.Game) bool { return e.Record == g.Record() }

// Book is My games on one device: the list kept in a session.Storage.
type Book struct{ store session.Storage }

// NewBook returns the list kept in store.
func NewBook(store session.Storage) *Book { return &Book{store: store} }

// All reads the list, newest first. A list that cannot be read is an
// error, and none is an empty list.
func (b *Book) All() ([]Entry, error) {
	text, err := b.store.Get(StorageKey)
	if errors.Is(err, session.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, fmt.Errorf("my games: the list kept cannot be read: %w", err)
	}
	return out, nil
}

// save writes the list, keeping at most MaxGames.
func (b *Book) save(list []Entry) error {
	if len(list) > MaxGames {
		list = list[:MaxGames]
	}
	data, err := json.Marshal(list)
	if err != nil {
		return err
	}
	return b.store.Set(StorageKey, string(data))
}

// Keep writes game g into the list, as entry e (its other fields; the
// book writes its Spec and Record from g): it replaces the entry with e's ID, or
// when e.ID is 0 the game under way whose record e's continues (moves
// added): a game resumed after a reload is the same game. A new game
// whose first moves were those of an older game under way is not that
// game: it is a new entry. Keep returns the entry kept (its ID for the
// next call, and Hints set if hints were used in any part of the game).
// A game of no actions is not kept, and a game whose record is kept
// already as it is (opened again from the list) is left as it was
// played.
func (b *Book) Keep(g game.Game, e Entry) (Entry, error) {
	e.Spec, e.Record = g.Spec().String(), g.Record()
	return b.keep(e)
}

// keep is Keep for an entry whose Spec and Record are written.
func (b *Book) keep(e Entry) (Entry, error) {
	if moves(e.Record) == 0 {
		return e, nil
	}
	list, err := b.All()
	if err != nil {
		return e, err
	}
	for _, old := range list {
		// A game opened again from the list (loaded from its record) is
		// the game kept, as it was played.
		if e.ID == 0 && old.Record == e.Record && old.Over == e.Over {
			return old, nil
		}
	}
	at := -1
	for i, old := range list {
		if (e.ID != 0 && old.ID == e.ID) || (e.ID == 0 && !old.Over && old.Spec == e.Spec && extends(e.Record, old.Record)) {
			at = i
			break
		}
	}
	if at >= 0 {
		e.ID, e.Hints = list[at].ID, e.Hints || list[at].Hints
		list = append(list[:at], list[at+1:]...)
	}
	if e.ID == 0 {
		e.ID = e.Date
	}
	list = append([]Entry{e}, list...)
	return e, b.save(list)
}

// Leave marks the game g, under way at this device, as left unfinished
// when another game takes its place: it is over for the list. A game that
// is no entry under way changes nothing.
func (b *Book) Leave(g game.Game) error { return b.leave(g.Record()) }

// leave is Leave for the game whose record is record.
func (b *Book) leave(record string) error {
	return b.change(func(e *Entry) bool {
		if e.Over || e.Record != record || e.Mode == ModeOnline {
			return false
		}
		e.Over, e.Left, e.Result = true, true, LeftResult
		return true
	})
}

// TakeUp makes the game with id, left unfinished, a game under way again:
// it is opened to go on.
func (b *Book) TakeUp(id int64) error {
	return b.change(func(e *Entry) bool {
		if e.ID != id || !e.Left {
			return false
		}
		e.Over, e.Left, e.Result = false, false, ""
		return true
	})
}

// Delete removes the game with id from the list.
func (b *Book) Delete(id int64) error {
	list, err := b.All()
	if err != nil {
		return err
	}
	for i, e := range list {
		if e.ID == id {
			return b.save(append(list[:i], list[i+1:]...))
		}
	}
	return nil
}

// change applies edit to the first entry it takes (edit reports whether
// it did) and saves the list; no entry taken changes nothing.
func (b *Book) change(edit func(*Entry) bool) error {
	list, err := b.All()
	if err != nil {
		return err
	}
	for i := range list {
		if edit(&list[i]) {
			return b.save(list)
		}
	}
	return nil
}

// extends reports whether record a's actions begin with all of b's (one
// game, moves added).
func extends(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) < len(fb) {
		return false
	}
	for i := range fb {
		if fa[i] != fb[i] {
			return false
		}
	}
	return true
}

// moves counts a record's actions: the words after its header line.
func moves(record string) int {
	_, body, _ := strings.Cut(strings.TrimSpace(record), "\n")
	return len(strings.Fields(body))
}

// Actions counts the game's actions (a Gygès game's setups among them).
func (e Entry) Actions() int { return moves(e.Record) }
