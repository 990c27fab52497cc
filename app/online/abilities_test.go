package online

import (
	"testing"

	"gygy/app/match"
	"gygy/app/session"
	"gygy/engine/game"
)

// An online table answers questions, offers rematches, aborts, claims and
// runs clocks; it does not redo: an action taken back is played again as
// a new one.
func TestTableAbilities(t *testing.T) {
	tb, err := New(&pipeLink{}, Saved{Role: match.Host, Hello: match.Hello{Spec: game.Standard(game.GYRE), Host: game.One}},
		Config{Run: func(f func()) { f() }})
	if err != nil {
		t.Fatal(err)
	}
	var table session.Table = tb
	got := map[string]bool{
		"Redoer":    is[session.Redoer](table),
		"Answerer":  is[session.Answerer](table),
		"Rematcher": is[session.Rematcher](table),
		"Aborter":   is[session.Aborter](table),
		"Claimer":   is[session.Claimer](table),
		"Ticker":    is[session.Ticker](table),
	}
	want := map[string]bool{"Answerer": true, "Rematcher": true, "Aborter": true, "Claimer": true, "Ticker": true}
	for name, has := range got {
		if has != want[name] {
			t.Errorf("online.Table is a session.%s: %v, want %v", name, has, want[name])
		}
	}
}

// is reports whether t has the ability A.
func is[A any](t session.Table) bool {
	_, ok := t.(A)
	return ok
}
