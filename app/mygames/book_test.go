package mygames

import (
	"strings"
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/level"
)

// memStore is a session.Storage in memory.
type memStore map[string]string

func (m memStore) Get(k string) (string, error) {
	v, ok := m[k]
	if !ok {
		return "", session.ErrNotFound
	}
	return v, nil
}
func (m memStore) Set(k, v string) error { m[k] = v; return nil }
func (m memStore) Delete(k string) error { delete(m, k); return nil }

func TestKeep(t *testing.T) {
	st := memStore{}
	if list, err := NewBook(st).All(); err != nil || len(list) != 0 {
		t.Fatalf("empty store: %v, %v", list, err)
	}
	if e, _ := NewBook(st).keep(Entry{Date: 10, Spec: "GYRE 3x6", Record: "GYRE 3x6\n"}); e.ID != 0 {
		t.Errorf("a game of no moves kept as %d", e.ID)
	}
	ea, err := NewBook(st).keep(Entry{Date: 100, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1"})
	a := ea.ID
	if err != nil || a != 100 {
		t.Fatalf("first keep: %d, %v", a, err)
	}
	// A reload resumes it: no ID, the record goes on.
	if b, _ := NewBook(st).keep(Entry{Date: 200, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1 b2", Hints: true}); b.ID != a {
		t.Errorf("the resumed game kept as %d, want %d", b.ID, a)
	}
	// An undo, by ID; the hints stay.
	if u, _ := NewBook(st).keep(Entry{ID: a, Date: 300, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1"}); !u.Hints {
		t.Error("the hints forgotten after an undo")
	}
	// Another game: another first move.
	ec, _ := NewBook(st).keep(Entry{Date: 400, Spec: "GYRE 3x6", Record: "GYRE 3x6\nc1", Over: true, Result: "won"})
	c := ec.ID
	// Opened again from the list: the same game, left as played.
	if d, _ := NewBook(st).keep(Entry{Date: 500, Spec: "GYRE 3x6", Record: "GYRE 3x6\nc1", Over: true, Mode: "One device"}); d.ID != c {
		t.Errorf("a game opened again kept as %d, want %d", d.ID, c)
	}
	list, _ := NewBook(st).All()
	if len(list) != 2 || list[0].ID != c || list[1].ID != a || !list[1].Hints || list[1].Record != "GYRE 3x6\na1" {
		t.Fatalf("list: %+v", list)
	}
	if err := NewBook(st).Delete(a); err != nil {
		t.Fatal(err)
	}
	if list, _ := NewBook(st).All(); len(list) != 1 || list[0].ID != c {
		t.Errorf("after delete: %+v", list)
	}
	st[StorageKey] = "not json"
	if _, err := NewBook(st).All(); err == nil {
		t.Error("a broken list read without error")
	}
}

func TestLeave(t *testing.T) {
	st := memStore{}
	bot := session.Seat{Kind: session.Computer, Level: level.Medium}
	e, _ := NewBook(st).keep(Entry{Date: 100, Spec: "GYGES", Mode: ModeComputer, Record: "GYGES\n123321",
		Seats: []session.Seat{{Kind: session.Human}, bot}})
	if err := NewBook(st).leave("GYGES\n123321"); err != nil {
		t.Fatal(err)
	}
	list, _ := NewBook(st).All()
	if len(list) != 1 || !list[0].Over || !list[0].Left || list[0].Result != LeftResult {
		t.Fatalf("after Leave: %+v", list)
	}
	if got := list[0].PlayedBy(); got[1] != bot || got[0].Kind != session.Human {
		t.Errorf("PlayedBy() = %+v, the seats kept were human and %+v", got, bot)
	}
	// Opened again and played on: the same game, under way again.
	if err := NewBook(st).TakeUp(e.ID); err != nil {
		t.Fatal(err)
	}
	back, _ := NewBook(st).keep(Entry{Date: 200, Spec: "GYGES", Mode: ModeComputer, Record: "GYGES\n123321 321123"})
	list, _ = NewBook(st).All()
	if back.ID != e.ID || len(list) != 1 || list[0].Over || list[0].Left || list[0].Result != "" {
		t.Errorf("taken up again: %+v, want under way as entry %d", list, e.ID)
	}
	// A finished game, or one unknown, is not left.
	NewBook(st).keep(Entry{Date: 300, Spec: "GYRE 3x6", Record: "GYRE 3x6\nc1", Over: true, Result: "won"})
	NewBook(st).leave("GYRE 3x6\nc1")
	NewBook(st).leave("GYRE 3x6\nd1")
	if list, _ = NewBook(st).All(); list[0].Result != "won" || list[0].Left {
		t.Errorf("a finished game left: %+v", list[0])
	}
}

// A new game that begins as an older one under way did is another game:
// the older one stays as it was.
func TestKeepNewGameSameStart(t *testing.T) {
	st := memStore{}
	old, _ := NewBook(st).keep(Entry{Date: 100, Spec: "GYGES", Record: "GYGES\n321123 123321 a1-b2"})
	e, _ := NewBook(st).keep(Entry{Date: 200, Spec: "GYGES", Record: "GYGES\n321123"})
	list, _ := NewBook(st).All()
	if e.ID == old.ID || len(list) != 2 || list[1].Record != "GYGES\n321123 123321 a1-b2" {
		t.Errorf("a new game with the same first setup: kept as %d (the older %d), list %+v", e.ID, old.ID, list)
	}
}

func TestPlayedBy(t *testing.T) {
	human := session.Seat{Kind: session.Human}
	for _, c := range []struct {
		e    Entry
		want [2]session.Seat
	}{
		// Kept before the seats were: the computer's default side.
		{Entry{Spec: "GYRE 5x10", Mode: ModeComputer, Opponent: "Computer (hard)"},
			[2]session.Seat{{Kind: session.Computer, Level: level.Hard}, human}},
		{Entry{Spec: "GYGES", Mode: ModeComputer, Opponent: "Computer (easy)"},
			[2]session.Seat{human, {Kind: session.Computer, Level: level.Easy}}},
		{Entry{Spec: "GYGES", Mode: ModeComputer, Opponent: "Computer (Medium)"},
			[2]session.Seat{human, {Kind: session.Computer, Level: level.Medium}}},
		{Entry{Spec: "GYGES", Mode: ModeComputer, Opponent: "Computer (clever)"}, [2]session.Seat{human, human}},
		{Entry{Spec: "GYRE 5x10", Mode: ModeHere, Opponent: "Two players here"}, [2]session.Seat{human, human}},
		// Online: both seats here.
		{Entry{Spec: "GYRE 5x10", Mode: ModeOnline, Seats: []session.Seat{human, {Kind: session.Remote}}}, [2]session.Seat{human, human}},
	} {
		if got := c.e.PlayedBy(); got != c.want {
			t.Errorf("%+v.PlayedBy() = %+v, want %+v", c.e, got, c.want)
		}
	}
}

func TestSeatsKeptAsText(t *testing.T) {
	st := memStore{}
	NewBook(st).keep(Entry{Date: 1, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1",
		Seats: []session.Seat{{Kind: session.Computer, Level: level.Hard, Long: true}, {Kind: session.Human}}})
	if want := `"seats":["computer hard long","human"]`; !strings.Contains(st[StorageKey], want) {
		t.Errorf("kept %s, want it to hold %s", st[StorageKey], want)
	}
	st[StorageKey] = `[{"id":1,"spec":"GYRE 3x6","record":"GYRE 3x6\na1","seats":["robot","human"]}]`
	if _, err := NewBook(st).All(); err == nil || !strings.Contains(err.Error(), "robot") {
		t.Errorf("a bad seat read: %v", err)
	}
}

// Keep and Leave take the game: the book writes its spec and record (My
// games is the storage edge), and leaves the entry of that record.
func TestKeepTheGame(t *testing.T) {
	st := memStore{}
	g, err := game.Parse("GYRE 3x6\na1 b2")
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewBook(st).Keep(g, Entry{Date: 100, Spec: "wrong", Record: "wrong", Mode: ModeHere})
	if err != nil {
		t.Fatal(err)
	}
	if e.Spec != "GYRE 3x6" || e.Record != g.Record() || e.Actions() != 2 || !e.Holds(g) {
		t.Errorf("kept %+v, want the game's spec and record", e)
	}
	if more, _ := game.Parse("GYRE 3x6\na1 b2 c3"); more == nil || e.Holds(more) {
		t.Errorf("the entry holds a game that went on (%v)", more)
	}
	if err := NewBook(st).Leave(g); err != nil {
		t.Fatal(err)
	}
	if list, _ := NewBook(st).All(); len(list) != 1 || !list[0].Left {
		t.Errorf("after Leave: %+v", list)
	}
}
