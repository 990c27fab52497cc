package online

import (
	"errors"
	"fmt"

	"gygy/app/match"
	"gygy/app/session"
)

// What the link reports, on the owner's goroutine: the connection's
// states, and what the match did with each frame.

// onState follows the connection.
func (t *Table) onState(st session.Conn) {
	if t.cancel == nil {
		return
	}
	t.conn = st
	t.dead = 0
	switch {
	case st == session.Connected && t.down:
		t.down, t.back = false, true
	case st != session.Connected && t.match.Started():
		t.down, t.back = true, false
	}
	if st == session.Closed {
		if err := t.link.Err(); err != nil {
			t.connErr = fmt.Errorf("the connection closed: %w", err)
		}
	}
	t.tell(session.Change{Event: session.Changed})
}

// onEvent turns what the match did with a frame into a change.
func (t *Table) onEvent(ev match.Event, err error) {
	if t.cancel == nil {
		return
	}
	t.alive() // a frame came
	if err != nil {
		switch {
		case errors.Is(err, match.ErrDiverged):
			t.connErr = fmt.Errorf("the two games could not be brought back together: %w", err)
			t.tell(session.Change{Event: session.Stopped, Err: err})
			t.Hang()
		case match.IsRefusal(err):
			t.tell(session.Change{Event: session.Refused, Err: err})
		default:
			t.tell(session.Change{Event: session.Failed, Err: err})
		}
		return
	}
	c := session.Change{Event: session.Changed}
	switch ev.Kind {
	case match.EventNone, match.EventPong:
		t.noteUnacked()
		if ev.Acked > 0 { // "on its way" no more
			t.tell(c)
		}
		return
	case match.EventAction:
		t.back = false
		c = session.Change{Event: session.Played, Action: ev.Action, By: t.match.Me().Other()}
	case match.EventResign:
		c.Event = session.Resigned
	case match.EventEnd:
		c.Event = session.Ended
	case match.EventUndo:
		c.Event = session.Undone
	case match.EventUndoDeclined:
		c.Event = session.UndoRefused
	case match.EventRematch:
		c.Event = session.RematchStarted
	case match.EventRematchDeclined:
		c.Event = session.RematchRefused
	case match.EventSync:
		c.Event = session.Resynced
	case match.EventResyncing:
		c.Event = session.Resyncing
	case match.EventPeerError:
		c = session.Change{Event: session.PeerRefused, Err: ev.Peer}
	}
	t.noteUnacked()
	t.save()
	t.tell(c)
}
