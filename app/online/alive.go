package online

import (
	"time"

	"gygy/app/match"
	"gygy/app/session"
)

// A channel can die while both ends believe it open (a network that
// drops everything, a phone that slept): the table notices the silence
// and has the link rebuild it.

// Reviver is a Link that can rebuild a channel that went silent while it
// still looked open (p2p.Peer): attempt 1 restarts ICE, which finds a new
// path if there is one and keeps the channel; later attempts negotiate a
// new connection through the hub.
type Reviver interface {
	Revive(attempt int)
}

// deadAfter is how many ping intervals without a word from the other
// side make the channel dead.
const deadAfter = 3

// checkAlive treats a channel that looks open but brought nothing for
// deadAfter ping intervals (no pong, no ping, no move) as dead: the view
// says the connection is lost, and the link, if it can, is revived (ICE
// restart, then a new negotiation). It runs on the owner's goroutine.
func (t *Table) checkAlive(every time.Duration) {
	if t.cancel == nil || t.match.Stopped() || t.conn != session.Connected {
		t.dead = 0
		return
	}
	now := time.Now
	if t.cfg.Match.Now != nil {
		now = t.cfg.Match.Now
	}
	if now().Sub(t.match.Heard()) <= deadAfter*every {
		t.alive()
		return
	}
	t.dead++
	t.down = true
	if r, ok := t.link.(Reviver); ok {
		r.Revive(t.dead)
	}
	if t.dead == 1 {
		t.tell(session.Change{Event: session.Changed})
	}
}

// checkOffer: the host offers the game as soon as the channel opens,
// and a guest has nothing to ping with before it has the offer. A guest
// connected for deadAfter ping intervals without it (the offer lost with
// a channel that died unseen) has the link negotiate a new channel, on
// which the host offers again; else it would look for the game for ever.
// It runs on the owner's goroutine.
func (t *Table) checkOffer() {
	if _, known := t.match.Hello(); known || t.match.Role() != match.Guest || t.cancel == nil || t.conn != session.Connected {
		t.noOffer = 0
		return
	}
	t.noOffer++
	if t.noOffer < deadAfter {
		return
	}
	t.noOffer = 0
	if r, ok := t.link.(Reviver); ok {
		r.Revive(deadAfter) // past the ICE restart: a new negotiation
	}
}

// alive ends a silence: the other side was heard again.
func (t *Table) alive() {
	if t.dead == 0 {
		return
	}
	t.dead = 0
	t.down, t.back = false, true
	t.match.Ping() // its pong tells what the other side still lacks
	t.tell(session.Change{Event: session.Changed})
}

// Silent reports whether the channel is believed dead: open, but silent
// for several ping intervals ("Connection lost: reconnecting…").
func (t *Table) Silent() bool { return t.dead > 0 }

// InStepAgain reports whether the connection came back after it was lost
// or silent, and both sides have everything: "In step again", until the
// next action.
func (t *Table) InStepAgain() bool {
	return t.back && t.dead == 0 && t.conn == session.Connected && t.match.Unacked() == 0
}

// Unacked returns how many of this side's acts (moves, questions,
// answers) the other side has not acknowledged yet ("Your move is on its
// way…").
func (t *Table) Unacked() int { return t.match.Unacked() }

// watchLate looks again, LateAfter from now, at the acts this side sent:
// one still unacknowledged on a channel that looks open is late. The
// screen says so at once (it would otherwise say "Connected" until the
// silence is noticed, three ping intervals later), and a ping asks the
// other side what it lacks, so that a lost act is sent again now.
func (t *Table) watchLate() {
	after := t.cfg.LateAfter
	if after <= 0 {
		after = defaultLateAfter
	}
	if t.match.Unacked() == 0 {
		return
	}
	time.AfterFunc(after, func() { t.cfg.Run(t.checkLate) })
}

// checkLate marks this side's acts late if they are still unacknowledged.
// It runs on the owner's goroutine.
func (t *Table) checkLate() {
	if t.cancel == nil || t.match.Stopped() || t.late || t.match.Unacked() == 0 {
		return
	}
	t.late = true
	t.match.Ping()
	t.tell(session.Change{Event: session.Changed})
}

// Late reports whether an act of this side's has waited past LateAfter
// for the other side's acknowledgement and still waits: "Your move has
// not reached your opponent yet".
func (t *Table) Late() bool { return t.late && t.match.Unacked() > 0 }

// noteUnacked notes that all of this side's acts are acknowledged, if
// they are: none of them is late any more.
func (t *Table) noteUnacked() {
	if t.match.Unacked() == 0 {
		t.late = false
	}
}
