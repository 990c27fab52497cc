package bylink

import (
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
)

// A game by link has none of a table's optional abilities: the screen
// shows no redo, rematch, abort or claim button, and no clock ticks.
func TestTableAbilities(t *testing.T) {
	a := newDevice(t)
	h, err := a.book.Start(ID{12}, small, game.One)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := NewTable(a.book, h)
	if err != nil {
		t.Fatal(err)
	}
	var table session.Table = tb
	for name, has := range map[string]bool{
		"Redoer":    is[session.Redoer](table),
		"Answerer":  is[session.Answerer](table),
		"Rematcher": is[session.Rematcher](table),
		"Aborter":   is[session.Aborter](table),
		"Claimer":   is[session.Claimer](table),
		"Ticker":    is[session.Ticker](table),
	} {
		if has {
			t.Errorf("bylink.Table is a session.%s, want none of the abilities", name)
		}
	}
}

// is reports whether t has the ability A.
func is[A any](t session.Table) bool {
	_, ok := t.(A)
	return ok
}
