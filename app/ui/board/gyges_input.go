package board

import (
	"math"

	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyges"
)

// gygesOffer is what the board's props say a person may do now: all that
// the input needs to decide, and nothing it must work out by rules. The
// destinations come from the engine (gyges.Position.Dests).
type gygesOffer struct {
	live    bool // a person at this device may act now
	setting bool // a home row is being set up
	side    gyges.Side
	dests   gyges.Dests
	pos     gyges.Position // to name the pieces a refusal speaks of
}

// movable reports whether the piece on s may move now.
func (o gygesOffer) movable(s gyges.Square) bool {
	_, ok := o.dests.Of(s)
	return ok
}

// of returns where the piece on s may end; nothing for NoSquare or a
// piece that may not move.
func (o gygesOffer) of(s gyges.Square) gyges.PieceDests {
	pd, _ := o.dests.Of(s)
	return pd
}

// home is the row being set up.
func (o gygesOffer) home() int { return o.side.HomeRow() }

// gygesInput is the Gygès board's input: what is picked up, dragged or
// half set up, and the only code that decides what a press, a drag, a
// release or a key means. It knows nothing of go-app or the browser: the
// board turns an event into a hit (geometry) and calls it, and it answers
// with at most one action for the session, typed (a gyges.Move or a
// gyges.Layout), or nil for none.
//
// Every tap, whether a finger's or the Enter key's, goes through tap; every
// end of a drag through drop (or, in a setup, setupRelease); a press only
// says what a drag would carry.
type gygesInput struct {
	sel       gyges.Square  // the piece picked up, or NoSquare
	replaceTo gyges.Square  // the square a replace landed on, waiting for its drop, or NoSquare
	reason    func() string // why the last tap was refused, shown under the board (worded when drawn, in the language of the moment); nil for none
	cursor    int           // one more than the square keyboard play is on; 0 for none

	// A pointer that is down on the board.
	down  bool         // it pressed something it may carry
	moved bool         // it has travelled dragMin: a drag, not a tap
	start point        // where it pressed
	grab  gyges.Square // in a move, the piece it would carry, or NoSquare

	// A setup.
	draftKey string       // the setup the draft belongs to
	draft    gyges.Layout // the home row so far, by column; 0 for empty
	reserve  int          // the size picked from the tray, 0 for none
	slot     int          // the home-row column a pointer holds, or -1
}

// newGygesInput starts with nothing picked up.
func newGygesInput() gygesInput {
	return gygesInput{sel: gyges.NoSquare, replaceTo: gyges.NoSquare, grab: gyges.NoSquare, slot: -1}
}

// reset drops a half-made move: the position changed under it (the other
// player moved, an undo).
func (in *gygesInput) reset() {
	in.putDown()
	in.down, in.grab = false, gyges.NoSquare
}

// putDown puts back whatever is picked up, and forgets a refusal.
func (in *gygesInput) putDown() {
	in.sel, in.replaceTo, in.reason = gyges.NoSquare, gyges.NoSquare, nil
}

// picked is the piece drawn picked up, with its targets marked: the one
// a pressed pointer holds, else the one picked.
func (in *gygesInput) picked() gyges.Square {
	if in.grab != gyges.NoSquare {
		return in.grab
	}
	return in.sel
}

// replaces reports whether the picked piece may replace the piece on s.
func (in *gygesInput) replaces(o gygesOffer, s gyges.Square) bool {
	return in.sel != gyges.NoSquare && o.of(in.sel).Replace.Has(s)
}

// press starts a pointer's press at p, on h. It reports whether the
// pointer holds something it may drag (the board then captures it).
func (in *gygesInput) press(o gygesOffer, h hit, p point) bool {
	if !o.live {
		return false
	}
	in.start, in.moved, in.reason = p, false, nil
	if o.setting {
		in.down = in.setupPress(o, h)
		return in.down
	}
	if in.replaceTo != gyges.NoSquare || !o.movable(h.square) {
		return false // the choice of a drop square is a tap, decided on release
	}
	in.grab, in.down = h.square, true
	return true
}

// travel follows a pressed pointer to p. It returns how far the held
// piece has come and whether it is dragged; started is true on the move
// that turns the press into a drag, when the board draws it lifted.
func (in *gygesInput) travel(p point) (dx, dy float64, dragging, started bool) {
	if !in.down {
		return 0, 0, false, false
	}
	dx, dy = p.x-in.start.x, p.y-in.start.y
	if !in.moved && math.Hypot(dx, dy) < dragMin {
		return dx, dy, false, false
	}
	if !in.moved {
		in.moved, started = true, true
		if in.grab != gyges.NoSquare {
			in.sel = in.grab
		}
	}
	return dx, dy, true, started
}

// release ends a pointer's press on h: a drag drops there; a press that
// did not travel is a tap, on the piece it held if any.
func (in *gygesInput) release(o gygesOffer, h hit) game.Action {
	if !o.live {
		return nil
	}
	if o.setting {
		in.setupRelease(o, h)
		in.keepDraft()
		return nil
	}
	grab, dragged := in.grab, in.down && in.moved
	in.down, in.moved, in.grab = false, false, gyges.NoSquare
	switch {
	case !dragged && grab != gyges.NoSquare:
		return in.tap(o, onSquare(grab))
	case !dragged:
		return in.tap(o, h)
	case h.square == in.sel:
		return nil // dragged back home: it stays picked
	}
	return in.drop(o, h)
}

// cancel ends a press the browser took over (a scroll, a second finger):
// nothing is dropped, and a piece the press picked stays picked.
func (in *gygesInput) cancel(o gygesOffer) {
	if !o.setting {
		in.sel = in.picked()
	}
	in.down, in.moved, in.grab, in.slot = false, false, gyges.NoSquare, -1
}

// tap is a tap or Enter on h during a move: choose a drop square, put the
// picked piece down, pick a piece, or move the picked piece there. A tap
// that can do none of these says why (reason): a piece outside the active
// row, an empty square with nothing held, a square the held piece cannot
// end on (it stays held).
//
// A tap on another movable piece that the picked one may replace (its
// red ring says so) replaces it, by finger, mouse or keyboard alike, so
// that a tap does what the board shows; to pick that piece instead, put
// the picked one down first (tap it again), or drag the other piece.
func (in *gygesInput) tap(o gygesOffer, h hit) game.Action {
	s := h.square
	switch {
	case in.replaceTo != gyges.NoSquare:
		return in.chooseDrop(o, h)
	case s != gyges.NoSquare && s == in.sel:
		in.sel = gyges.NoSquare
		return nil
	case o.movable(s) && !in.replaces(o, s):
		in.sel = s
		return nil
	case in.sel == gyges.NoSquare:
		in.reason = o.notMovable(s)
		return nil
	case s != gyges.NoSquare && !o.of(in.sel).Empty.Has(s) && !o.of(in.sel).Replace.Has(s):
		// A tap names one square, where the board shows the piece may
		// not end: the piece stays held, and the board says why.
		size, from := o.pos.Piece(in.sel), in.sel.String()
		in.reason = func() string { return lang.T("board.refused.end", "size", size, "from", from, "to", s.String()) }
		return nil
	}
	return in.drop(o, h)
}

// notMovable says why a tap on s, with nothing held, picked nothing: only
// the pieces of the active row move (Gygès rules, Moving); nil off the
// board.
func (o gygesOffer) notMovable(s gyges.Square) func() string {
	row, ok := o.pos.ActiveRow()
	if s == gyges.NoSquare || !ok {
		return nil
	}
	if size := o.pos.Piece(s); size > 0 {
		return func() string {
			return lang.T("board.refused.not_active", "size", size, "square", s.String(), "row", row+1)
		}
	}
	return func() string { return lang.T("board.refused.empty", "square", s.String(), "row", row+1) }
}

// drop puts the picked piece down on h. The opponent's goal and any
// square go to the session, which refuses an illegal move with the
// engine's reason; off the board (or into its own goal, which no move
// names) the piece goes back; on a piece it may replace, the displaced
// piece waits for its drop square.
func (in *gygesInput) drop(o gygesOffer, h hit) game.Action {
	from := in.sel
	switch {
	case h.goal && h.side != o.side:
		in.putDown()
		return gyges.GoalMove(from)
	case h.square == gyges.NoSquare:
		in.sel = gyges.NoSquare
		return nil
	case o.of(from).Replace.Has(h.square):
		in.replaceTo = h.square
		return nil
	}
	in.putDown()
	return gyges.PlainMove(from, h.square)
}

// chooseDrop completes a replace with the drop square under h.
func (in *gygesInput) chooseDrop(o gygesOffer, h hit) game.Action {
	switch {
	case h.square == gyges.NoSquare:
		return nil
	case o.of(in.sel).Drops.Has(h.square):
		m := gyges.ReplaceMove(in.sel, in.replaceTo, h.square)
		in.putDown()
		return m
	}
	sq := h.square.String()
	in.reason = func() string { return lang.T("board.refused.drop", "square", sq) }
	return nil
}

// canStay reports whether the picked piece may end where it stands, a
// move offered by a button once the piece is put down (not while it is
// dragged: the board must not change size under a moving hand).
func (in *gygesInput) canStay(o gygesOffer) bool {
	return o.live && in.sel != gyges.NoSquare && !in.down && in.replaceTo == gyges.NoSquare &&
		o.of(in.sel).Empty.Has(in.sel)
}

// stay is the button's move: the picked piece ends where it stands.
func (in *gygesInput) stay(o gygesOffer) game.Action {
	if !in.canStay(o) {
		return nil
	}
	from := in.sel
	in.putDown()
	return gyges.PlainMove(from, from)
}

// keyResult is what a key does: an action for the session, whether the
// drawing changes, and the square the focus moves to (or NoSquare).
type keyResult struct {
	action  game.Action // nil for none
	changed bool
	focus   gyges.Square
}

// key plays by keyboard on square s. The arrows move the cursor as the
// board is seen; Enter or Space is a tap on the square under it; G drops
// the picked piece into the opponent's goal; Escape puts it back. In a
// setup, 1, 2 and 3 place a piece of that size on the home square under
// the cursor, and 0, Delete or Backspace takes it back.
func (in *gygesInput) key(o gygesOffer, geo gygesGeometry, s gyges.Square, key string) keyResult {
	none := keyResult{focus: gyges.NoSquare}
	if !o.live {
		return none
	}
	if in.cursor > 0 {
		// Keys typed quickly can reach the square the cursor just left,
		// before the focus follows it: the cursor decides.
		s = gyges.Square(in.cursor - 1)
	}
	changed := keyResult{changed: true, focus: gyges.NoSquare}
	switch key {
	case "Escape":
		in.putDown()
		return changed
	case "g", "G":
		if in.sel != gyges.NoSquare && !o.setting {
			changed.action = in.drop(o, onGoal(o.side.Opponent()))
		}
		return changed
	case "Enter", " ":
		if !o.setting {
			changed.action = in.tap(o, onSquare(s))
		}
		return changed
	case "1", "2", "3", "0", "Delete", "Backspace":
		if !o.setting || s.Row() != o.home() {
			return none
		}
		size := 0
		if key >= "1" && key <= "3" {
			size = int(key[0] - '0')
		}
		in.place(s.Col(), size)
		in.keepDraft()
		return changed
	}
	next := geo.arrow(s, key)
	if next == gyges.NoSquare {
		return none
	}
	in.cursor = int(next) + 1
	changed.focus = next
	return changed
}

// focusSquare is the one square in the tab order: the keyboard cursor,
// else the picked piece, else the first home square in a setup, else the
// first movable piece.
func (in *gygesInput) focusSquare(o gygesOffer) gyges.Square {
	switch {
	case in.cursor > 0:
		return gyges.Square(in.cursor - 1)
	case in.sel != gyges.NoSquare:
		return in.sel
	case o.setting:
		return gyges.SquareAt(0, o.home())
	case len(o.dests.Pieces) > 0:
		return o.dests.Pieces[0].From
	}
	return 0
}
