package games

import (
	"testing"

	"gygy/app/session"
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
	if list, err := Load(st); err != nil || len(list) != 0 {
		t.Fatalf("empty store: %v, %v", list, err)
	}
	if e, _ := Keep(st, Entry{Date: 10, Spec: "GYRE 3x6", Record: "GYRE 3x6\n"}); e.ID != 0 {
		t.Errorf("a game of no moves kept as %d", e.ID)
	}
	ea, err := Keep(st, Entry{Date: 100, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1"})
	a := ea.ID
	if err != nil || a != 100 {
		t.Fatalf("first keep: %d, %v", a, err)
	}
	// A reload resumes it: no ID, the record goes on.
	if b, _ := Keep(st, Entry{Date: 200, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1 b2", Hints: true}); b.ID != a {
		t.Errorf("the resumed game kept as %d, want %d", b.ID, a)
	}
	// An undo, by ID; the hints stay.
	if u, _ := Keep(st, Entry{ID: a, Date: 300, Spec: "GYRE 3x6", Record: "GYRE 3x6\na1"}); !u.Hints {
		t.Error("the hints forgotten after an undo")
	}
	// Another game: another first move.
	ec, _ := Keep(st, Entry{Date: 400, Spec: "GYRE 3x6", Record: "GYRE 3x6\nc1", Over: true, Result: "won"})
	c := ec.ID
	// Opened again from the list: the same game, left as played.
	if d, _ := Keep(st, Entry{Date: 500, Spec: "GYRE 3x6", Record: "GYRE 3x6\nc1", Over: true, Mode: "One device"}); d.ID != c {
		t.Errorf("a game opened again kept as %d, want %d", d.ID, c)
	}
	list, _ := Load(st)
	if len(list) != 2 || list[0].ID != c || list[1].ID != a || !list[1].Hints || list[1].Record != "GYRE 3x6\na1" {
		t.Fatalf("list: %+v", list)
	}
	if err := Delete(st, a); err != nil {
		t.Fatal(err)
	}
	if list, _ := Load(st); len(list) != 1 || list[0].ID != c {
		t.Errorf("after delete: %+v", list)
	}
	st[StorageKey] = "not json"
	if _, err := Load(st); err == nil {
		t.Error("a broken list read without error")
	}
}
