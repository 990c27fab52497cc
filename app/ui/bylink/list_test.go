package bylink

import (
	"testing"

	"gygy/app/bylink"
	"gygy/app/session"
	"gygy/engine/game"
)

func TestAddress(t *testing.T) {
	for _, c := range []struct{ base, want string }{
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080/?view=link#CODE"},
		{"https://example.org/games/?view=link#OLD", "https://example.org/games/?view=link#CODE"},
	} {
		if got := Address(c.base, "CODE"); got != c.want {
			t.Errorf("Address(%q) = %q, want %q", c.base, got, c.want)
		}
	}
}

// TestList: the games where it is the person's move come first, and a
// finished game is not listed.
func TestList(t *testing.T) {
	store := &session.MemoryStorage{}
	book := bylink.NewBook(store)
	theirs, _ := book.Start(bylink.ID{1}, game.Standard(game.GYRE), game.Two) // player 1 to move: theirs
	book.Start(bylink.ID{2}, game.Standard(game.Gyges), game.One)             // South to set up: mine
	over, _ := book.Start(bylink.ID{3}, game.Standard(game.GYRE), game.One)
	tb, _ := bylink.NewTable(book, over)
	tb.Resign()
	book.Put(theirs) // the most recent change
	got := List(store)
	if len(got) != 2 || !got[0].YourMove || got[1].YourMove {
		t.Fatalf("List = %+v, want the Gygès game (your move) then the GYRE one", got)
	}
	if id, err := ParseID(got[0].Href[len("?view=link&game="):]); err != nil || id != (bylink.ID{2}) {
		t.Errorf("the first entry's address %q, want game 2", got[0].Href)
	}
}
