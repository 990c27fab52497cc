package session

import (
	"context"
	"time"

	"gygy/app/conn"
	"gygy/engine/clock"
	"gygy/engine/game"
)

// Table is one game on this device's screen, whichever way it is played:
// at this device (hot seat or against the computer, [Local]), by link
// (package bylink) or online (package online). The user interface draws
// View and hands the person's intents to the other methods. What only some
// tables can do is an ability, asked at run time as net/http asks a
// ResponseWriter for a Flusher: [Redoer], [Answerer], [Rematcher],
// [Aborter], [Claimer], [Ticker]. A table has only the abilities it really
// offers; the view says when one may be used now (View.Redo, View.Rematch…).
//
// A table is used from one goroutine, its owner's (the web app's UI
// goroutine). A table that changes by itself (the computer's move, the
// opponent's) makes the change on that goroutine, through the Run function
// it was given, and then tells its subscribers.
type Table interface {
	// View is what to draw now.
	View() View
	// Play takes the action of the person at this device whose turn it
	// is; the engine checks it and on error nothing changes.
	Play(a game.Action) error
	// Undo takes back the last action, or asks the opponent to
	// (View.Undo.ByConsent).
	Undo() error
	// Resign gives up for the person at this device: the seat to act in a
	// hot-seat game, the person's own seat otherwise.
	Resign() error
	// Subscribe calls f after every change that did not come from a call
	// of the owner's (the computer's move, the opponent's, the connection),
	// on the owner's goroutine.
	Subscribe(f func(Change))
	// Open says the table is on screen: a computer seat may think.
	Open()
	// Close says the table left the screen: the computer stops thinking;
	// an online table leaves its game for good.
	Close()
}

// Redoer is a table that can replay what Undo took back (View.Redo).
type Redoer interface {
	Redo() error
}

// Answerer is a table whose opponent asks questions (View.Question);
// Answer answers the one asked.
type Answerer interface {
	Answer(yes bool) error
}

// Rematcher is a table that can start, or offer, another game of the same
// kind with the sides swapped (View.Rematch).
type Rematcher interface {
	Rematch() error
}

// Aborter is a table whose game may be called off before both sides have
// acted (View.Abort); an aborted game counts for nobody.
type Aborter interface {
	Abort() error
}

// Claimer is a table whose person may claim the win when the opponent's
// time has run out or the opponent has been gone longer than the grace
// period (View.Away.Claimable).
type Claimer interface {
	Claim() error
}

// Ticker is a table that must notice the time: the owner calls Tick a few
// times a second while a clock runs (View.Clock.Running) or the opponent
// is away, and redraws. A side whose time has run out at this device
// loses on time.
type Ticker interface {
	Tick()
}

// View is a table as the screen shows it. Game is a copy: the view stays
// valid while the table moves on.
type View struct {
	Game  game.Game
	Seats [2]Seat
	// Thinking says the computer is choosing its action; once it has
	// begun, ThinkBudget is the most it will take.
	Thinking    bool
	ThinkBudget time.Duration
	Undo        Undo
	// Redo says Redo would replay an action.
	Redo bool
	// Rematch says Rematch may be offered now.
	Rematch bool
	// Question is what the opponent asks of the person here.
	Question Question
	// Conn is the connection to the opponent; NoConn at one device.
	Conn Conn
	// ConnErr says why the connection closed, if it did.
	ConnErr error
	// Leaves says that Close ends the game for good (online), rather than
	// keeping it to come back to.
	Leaves bool
	// Abort says the game may be aborted now.
	Abort bool
	// Clock is both sides' time, in a timed game.
	Clock Clock
	// Away says whether the opponent is gone, and whether the win may be
	// claimed.
	Away Away
}

// Clock is what a timed game's clocks show.
type Clock struct {
	Control clock.Control // none in an untimed game
	Left    [2]time.Duration
	Running game.Seat // whose time runs now, NoSeat when none does
}

// For returns the time seat p has left.
func (c Clock) For(p game.Seat) time.Duration {
	if p == game.Two {
		return c.Left[1]
	}
	return c.Left[0]
}

// Away is the opponent's absence from an online game.
type Away struct {
	Gone      bool
	For       time.Duration // how long, so far
	Grace     time.Duration // after which the win may be claimed
	Claimable bool
}

// Undo says what the undo button does now.
type Undo struct {
	Can       bool // Undo may be called
	ByConsent bool // it asks the opponent, who answers
	Pending   bool // our request waits for the answer
}

// Setup returns the game's spec and the seats.
func (v View) Setup() Setup { return Setup{Spec: v.Game.Spec(), Seats: v.Seats} }

// Seat returns who sits in seat p.
func (v View) Seat(p game.Seat) Seat { return v.Setup().Seat(p) }

// CanAct reports whether a person at this device may act now.
func (v View) CanAct() bool {
	p := v.Game.Turn()
	return p != game.NoSeat && !v.Thinking && v.Seat(p).Kind == Human
}

// Question is something the opponent asks of the person here.
type Question int8

// The questions.
const (
	NoQuestion     Question = iota
	UndoAsked               // may the last action be taken back?
	RematchOffered          // another game, sides swapped?
)

// Conn is the state of the connection to the opponent (package conn).
type Conn = conn.State

// The states of a connection, as package conn names them.
const (
	NoConn       = conn.None
	Signalling   = conn.Signalling
	Waiting      = conn.Waiting
	Negotiating  = conn.Negotiating
	Connected    = conn.Connected
	Reconnecting = conn.Reconnecting
	Closed       = conn.Closed
)

// Change is what a table tells its subscribers.
type Change struct {
	Event  Event
	Action game.Action // Played: the action
	By     game.Seat   // Played: who played it
	Err    error       // Refused, Failed, Stopped: why
}

// Event says what changed.
type Event int8

// The events.
const (
	Changed        Event = iota // something else: redraw
	Joined                      // online: the hub let us into the room (it may be new)
	Played                      // the computer or the opponent played Action
	Undone                      // the last action was taken back by consent
	Resigned                    // the opponent resigned
	Ended                       // the opponent ended the game off the board: a claim, its flag, an abort
	UndoRefused                 // the opponent refused our undo request
	RematchStarted              // a new game began, sides swapped
	RematchRefused              // the opponent refused the rematch
	Resynced                    // the record was replaced by the opponent's
	Resyncing                   // frames were lost: checking with the opponent
	Refused                     // a message from the opponent was refused: Err
	PeerRefused                 // the opponent's app refused one of ours: Err
	Failed                      // the computer could not move, or a message could not be sent: Err
	Stopped                     // the game cannot go on (records diverged): Err
)

// Thinker chooses the computer's next action in game g for the computer
// seat st; it gives up when ctx is done. g is the Thinker's to read (a
// copy), not to change. It may call started once, from any goroutine, when
// the computer begins, with the most time it will take.
type Thinker func(ctx context.Context, g game.Game, st Seat, started func(budget time.Duration)) (game.Action, error)
