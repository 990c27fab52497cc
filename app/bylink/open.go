package bylink

import (
	"errors"
	"fmt"

	"gygy/engine/game"
)

// ErrNotYours reports an action for the opponent's seat, or after the
// device's own move: the link goes to the opponent now.
var ErrNotYours = errors.New("it is your opponent's move: send them the link")

// Start begins a game by link at this device, in seat here, under a new
// identity (drawn by the caller from a good random source).
func (b *Book) Start(id ID, spec game.Spec, here game.Seat) (Held, error) {
	if here != game.One && here != game.Two {
		return Held{}, fmt.Errorf("bylink: seat %d", here)
	}
	if _, err := spec.New(); err != nil {
		return Held{}, err
	}
	h := Held{ID: id, Seat: here, Spec: spec}
	return h, b.Put(h)
}

// Open takes a link opened on this device and tells what it does to the
// game held here (see the package documentation for the rules):
//
//   - a game not held here is kept, in the seat the link's sender does not
//     hold (New);
//   - a link that adds the opponent's actions, or resignation, to the game
//     held here is taken (Advanced);
//   - a link with nothing new plays nothing (Seen), and one behind the game
//     held here says so (Older);
//   - a link that parts from the game held here before its end is refused
//     (Fork), and so is one that adds actions for this device's own seat
//     (Forged): the device keeps the game it holds.
//
// A link that does not decode is refused with its error (ErrDamaged,
// ErrVersion) and changes nothing.
func (b *Book) Open(text string) (Opened, error) {
	l, err := Decode(text)
	if err != nil {
		return Opened{}, err
	}
	h, ok := b.Get(l.ID)
	if !ok {
		h = Held{ID: l.ID, Seat: l.From.Other(), Spec: l.Spec, Actions: l.Actions, Resigned: l.Resigned, Base: len(l.Actions)}
		return Opened{Outcome: New, Held: h}, b.Put(h)
	}
	o := compare(h, l)
	if o.Outcome != Advanced {
		return o, nil
	}
	h.Actions, h.Resigned, h.Base, h.Sent = l.Actions, l.Resigned, len(l.Actions), false
	o.Held = h
	return o, b.Put(h)
}

// compare tells what link l does to the held game h of the same identity.
func compare(h Held, l Link) Opened {
	k := 0
	for k < len(h.Actions) && k < len(l.Actions) && h.Actions[k] == l.Actions[k] {
		k++
	}
	o := Opened{Held: h, At: k}
	switch {
	case k < len(h.Actions) && k < len(l.Actions):
		o.Outcome, o.Kept = Fork, h.Actions[k]
	case k == len(l.Actions) && k < len(h.Actions):
		o.Outcome = Older
	case k == len(h.Actions) && k == len(l.Actions):
		o.Outcome = Seen
		if h.Resigned == game.NoSeat && l.Resigned != game.NoSeat {
			o.Outcome = Advanced
			if l.Resigned == h.Seat {
				o.Outcome = Forged
			}
		}
	case h.Resigned != game.NoSeat:
		// The game ended here by resignation; the link went on past
		// where it ended: another continuation.
		o.Outcome, o.Kept = Fork, "resign"
	default:
		o.Outcome = Advanced
		if !theirs(h, l) {
			o.Outcome = Forged
		}
	}
	return o
}

// theirs reports whether every action l adds to h was the opponent's to
// take, and the resignation too.
func theirs(h Held, l Link) bool {
	g, err := h.Game()
	if err != nil {
		return false
	}
	for _, a := range l.Actions[len(h.Actions):] {
		if g.Turn() != h.Seat.Other() || game.PlayText(g, a) != nil {
			return false
		}
	}
	return l.Resigned != h.Seat
}
