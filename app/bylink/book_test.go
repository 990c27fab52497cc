package bylink

import (
	"errors"
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// device is one side's book and the link it sends.
type device struct {
	t    *testing.T
	book *Book
}

func newDevice(t *testing.T) device { return device{t, NewBook(&session.MemoryStorage{})} }

// open opens a link and wants the outcome.
func (d device) open(text string, want Outcome) Opened {
	d.t.Helper()
	o, err := d.book.Open(text)
	if err != nil {
		d.t.Fatalf("Open: %v", err)
	}
	if o.Outcome != want {
		d.t.Fatalf("Open: outcome %d, want %d", o.Outcome, want)
	}
	return o
}

// read reads an action of g in notation: the tests read like the
// rulebook.
func read(t *testing.T, g game.Game, text string) game.Action {
	t.Helper()
	a, err := g.ReadAction(text)
	if err != nil {
		t.Fatalf("ReadAction(%q): %v", text, err)
	}
	return a
}

// play plays actions on the held game id and returns the link to send.
func (d device) play(id ID, actions ...string) string {
	d.t.Helper()
	h, _ := d.book.Get(id)
	tb, err := NewTable(d.book, h)
	if err != nil {
		d.t.Fatal(err)
	}
	for _, a := range actions {
		if err := tb.Play(read(d.t, tb.View().Game, a)); err != nil {
			d.t.Fatalf("Play(%s): %v", a, err)
		}
	}
	text, err := Encode(tb.Held().Link())
	if err != nil {
		d.t.Fatal(err)
	}
	return text
}

var small = game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 5, Cols: 10}}

func TestGameByLink(t *testing.T) {
	a, b := newDevice(t), newDevice(t)
	id := ID{7}
	if _, err := a.book.Start(id, small, game.One); err != nil {
		t.Fatal(err)
	}
	l1 := a.play(id, "c5")
	if o := b.open(l1, New); o.Held.Seat != game.Two {
		t.Fatalf("the receiver holds seat %v, want 2", o.Held.Seat)
	}
	b.open(l1, Seen) // a link already seen plays nothing twice
	l2 := b.play(id, "swap")
	a.open(l2, Advanced)
	a.open(l1, Older) // the device holds the game further on
	l3 := a.play(id, "d3")
	b.open(l3, Advanced)
	b.open(l2, Older)
	a.open(l3, Seen) // its own link

	// Resignation travels too, and ends the game on both devices.
	h, _ := b.book.Get(id)
	tb, _ := NewTable(b.book, h)
	if err := tb.Resign(); err != nil {
		t.Fatal(err)
	}
	end, _ := Encode(tb.Held().Link())
	o := a.open(end, Advanced)
	g, _ := o.Held.Game()
	if r := g.Result(); r.Method != game.Resignation || r.Winner != game.One {
		t.Fatalf("after the resignation's link: %+v, want player 1 won by resignation", r)
	}
	if all, _ := a.book.All(); len(all) != 1 {
		t.Fatalf("A holds %d games, want 1", len(all))
	}
}

// TestFork: player 2 moves twice from the same link (on two devices);
// player 1's device keeps the first continuation it saw and refuses the
// other, saying how the game goes on.
func TestFork(t *testing.T) {
	a, b, b2 := newDevice(t), newDevice(t), newDevice(t)
	id := ID{8}
	a.book.Start(id, small, game.One)
	l1 := a.play(id, "c5")
	b.open(l1, New)
	b2.open(l1, New)
	first := b.play(id, "d4")
	second := b2.play(id, "e6")
	a.open(first, Advanced)
	o := a.open(second, Fork)
	if o.At != 1 || o.Kept != "d4" {
		t.Fatalf("Fork at %d keeping %q, want at 1 keeping d4", o.At, o.Kept)
	}
	if h, _ := a.book.Get(id); len(h.Actions) != 2 || h.Actions[1] != "d4" {
		t.Fatalf("after the fork A holds %v, want c5 d4", h.Actions)
	}
	// The reply to the kept line is refused by the device that made the
	// other one, which keeps its own.
	reply := a.play(id, "b2")
	if o := b2.open(reply, Fork); o.Kept != "e6" {
		t.Fatalf("B2 keeps %q, want e6", o.Kept)
	}
	b.open(reply, Advanced)
}

// TestForged: a link that plays for the receiver's own side is refused.
func TestForged(t *testing.T) {
	a, b := newDevice(t), newDevice(t)
	id := ID{9}
	a.book.Start(id, small, game.One)
	l1 := a.play(id, "c5")
	b.open(l1, New)
	// A plays B's reply too, as if B had.
	h, _ := a.book.Get(id)
	h.Actions = append(h.Actions, "d4", "e3")
	forged, _ := Encode(h.Link())
	b.open(forged, Forged)
	// And a resignation in the receiver's name.
	h, _ = b.book.Get(id)
	h.Resigned, h.Seat = game.Two, game.One
	forged, _ = Encode(h.Link())
	b.open(forged, Forged)
}

func TestTableTurns(t *testing.T) {
	a := newDevice(t)
	id := ID{10}
	h, _ := a.book.Start(id, small, game.Two)
	tb, _ := NewTable(a.book, h)
	if err := tb.Play(read(t, tb.View().Game, "c5")); !errors.Is(err, ErrNotYours) {
		t.Fatalf("Play on the opponent's turn = %v, want ErrNotYours", err)
	}
	a.book.Start(ID{11}, small, game.One)
	h, _ = a.book.Get(ID{11})
	tb, _ = NewTable(a.book, h)
	tb.Play(read(t, tb.View().Game, "c5"))
	if !tb.View().Undo.Can {
		t.Fatal("the person's move cannot be taken back before the link is sent")
	}
	tb.MarkSent()
	if err := tb.Undo(); tb.View().Undo.Can || !errors.Is(err, ErrNoUndo) {
		t.Fatalf("Undo after the link was sent = %v, want ErrNoUndo", err)
	}
	if all, _ := a.book.All(); len(all) != 2 || all[0].ID != (ID{11}) {
		t.Fatalf("All = %v, want game 11 first", all)
	}
}

func TestDamagedOpen(t *testing.T) {
	a := newDevice(t)
	if _, err := a.book.Open("not-a-link"); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Open(not-a-link) = %v, want ErrDamaged", err)
	}
}

// The first action is seat One's and the second seat Two's: each device
// has played once its seat's first action is in the game.
func TestHeldPlayedHere(t *testing.T) {
	for _, tt := range []struct {
		seat    game.Seat
		actions []string
		want    bool
	}{
		{game.One, nil, false},
		{game.One, []string{"c3"}, true},
		{game.Two, []string{"c3"}, false},
		{game.Two, []string{"c3", "swap"}, true},
	} {
		if got := (Held{Seat: tt.seat, Actions: tt.actions}).PlayedHere(); got != tt.want {
			t.Errorf("seat %v after %q: PlayedHere = %v, want %v", tt.seat, tt.actions, got, tt.want)
		}
	}
}
