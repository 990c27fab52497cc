package bylink

import (
	"errors"

	"gygy/app/session"
	"gygy/engine/game"
)

// ErrNoUndo refuses an undo when the person has no action of their own
// to take back: none since the opponent's last link, or the link of it
// was sent, or they resigned.
var ErrNoUndo = errors.New("nothing of yours to take back: once you send the link, your moves stay")

// Table is a game by link as the game screen plays it: a session.Table
// whose other seat is the opponent on another device (session.Remote),
// who answers by a link and not over a connection. The person here may
// act on their turn only; every action is the engine's to check, and the
// held game is kept in the book after each. It has none of a table's
// optional abilities: an undone action is played again on the board, the
// opponent asks nothing, no clock runs, and a new game by link starts
// from the home screen.
type Table struct {
	book *Book
	held Held
	g    game.Game
	subs []func(session.Change)
	// Changed, when set, is called after each change made through the
	// table's methods, so that the screen around the game redraws.
	Changed func()
	saveErr error
}

var _ session.Table = (*Table)(nil)

// NewTable returns the table of the held game h, kept in book.
func NewTable(book *Book, h Held) (*Table, error) {
	g, err := h.Game()
	if err != nil {
		return nil, err
	}
	return &Table{book: book, held: h, g: g}, nil
}

// Held returns the game as this device holds it now.
func (t *Table) Held() Held { return t.held }

// SaveError returns why the last keeping of the game failed, or nil.
func (t *Table) SaveError() error { return t.saveErr }

// View is the game seen from this device's seat.
func (t *Table) View() session.View {
	var seats [2]session.Seat
	seats[t.held.Seat-1] = session.Seat{Kind: session.Human}
	seats[t.held.Seat.Other()-1] = session.Seat{Kind: session.Remote}
	return session.View{Game: t.g.Clone(), Seats: seats, Undo: session.Undo{Can: t.canUndo()}}
}

// YourMove reports whether the person here is to act.
func (t *Table) YourMove() bool { return t.g.Turn() == t.held.Seat }

func (t *Table) canUndo() bool {
	return !t.held.Sent && t.held.Resigned == game.NoSeat && t.g.Len() > t.held.Base
}

// Play takes the person's action on their turn.
func (t *Table) Play(a game.Action) error {
	if !t.YourMove() {
		if t.g.Result().Over() {
			return game.ErrOver
		}
		return ErrNotYours
	}
	if err := t.g.Play(a); err != nil {
		return err
	}
	t.keep()
	return nil
}

// Undo takes back the person's own last action, until the link is sent.
func (t *Table) Undo() error {
	if !t.canUndo() {
		return ErrNoUndo
	}
	if _, err := t.g.Undo(); err != nil {
		return err
	}
	t.keep()
	return nil
}

// Resign gives up for the person here; the link then tells the opponent.
func (t *Table) Resign() error {
	if err := t.g.Resign(t.held.Seat); err != nil {
		return err
	}
	t.held.Resigned = t.held.Seat
	t.keep()
	return nil
}

// MarkSent notes that the person sent (shared or copied) the link of the
// game as it stands: their actions can no longer be taken back. The
// subscribers hear of it (Changed), for the undo button.
func (t *Table) MarkSent() {
	if !t.held.Sent {
		t.held.Sent = true
		t.saveErr = t.book.Put(t.held)
		t.tell(session.Change{Event: session.Changed})
	}
}

func (t *Table) tell(c session.Change) {
	for _, f := range t.subs {
		f(c)
	}
}

// Take puts the game as the book holds it after a link was opened on the
// table, and tells the subscribers of the opponent's last action.
func (t *Table) Take(h Held) error {
	g, err := h.Game()
	if err != nil {
		return err
	}
	before := t.g.Len()
	t.held, t.g = h, g
	c := session.Change{Event: session.Changed}
	switch {
	case h.Resigned == h.Seat.Other() && len(h.Actions) == before:
		c = session.Change{Event: session.Resigned, By: h.Seat.Other()}
	case len(h.Actions) > before:
		l := g.Last()
		c = session.Change{Event: session.Played, Action: l.Action, By: l.Seat}
	}
	t.tell(c)
	return nil
}

// keep writes the game to the book after an action of the person's.
func (t *Table) keep() {
	t.held.Actions = game.Notations(t.g)
	t.held.Sent = false
	t.saveErr = t.book.Put(t.held)
	if t.Changed != nil {
		t.Changed()
	}
}

// Subscribe calls f when a link opened here changes the game on the
// table (Take), and when the link is sent (MarkSent).
func (t *Table) Subscribe(f func(session.Change)) { t.subs = append(t.subs, f) }

// Open does nothing: nobody thinks at this device but the person.
func (t *Table) Open() {}

// Close does nothing: the game stays kept, to come back to.
func (t *Table) Close() {}
