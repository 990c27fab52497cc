package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gygy/engine/clock"

	"gygy/engine/game"
)

// LocalConfig is what a Local table needs besides its session.
type LocalConfig struct {
	// Think plays the computer seats; nil leaves them waiting.
	Think Thinker
	// Run hands a function to the owner's goroutine (the web app's
	// Dispatch); the computer's move is made there. It is required with
	// Think (the Thinker answers from a goroutine of its own); nil runs
	// the function at once, which is right only without a Thinker.
	Run func(func())
	// Now tells the time, for the clocks of a timed game; default
	// time.Now.
	Now func() time.Time
}

// Local is the table of a game at this device: hot seat, or against the
// computer, whose moves it asks of the Thinker while the table is open.
// Besides a Table it is a [Redoer], a [Rematcher] (play again) and a
// [Ticker]; nobody at one device asks questions, aborts or claims.
type Local struct {
	sess *Session
	cfg  LocalConfig
	subs []func(Change)

	open      bool
	turnStart time.Time // when the turn under way began, while open
	thinking  bool
	budget    time.Duration // of the search under way, once it began
	gen       int           // bumped whenever a pending computer move must be dropped
	cancel    context.CancelFunc
}

// Local's abilities.
var (
	_ Table     = (*Local)(nil)
	_ Redoer    = (*Local)(nil)
	_ Rematcher = (*Local)(nil)
	_ Ticker    = (*Local)(nil)
)

// NewLocal puts a session on a table.
func NewLocal(s *Session, cfg LocalConfig) *Local {
	if cfg.Run == nil {
		cfg.Run = func(f func()) { f() }
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Local{sess: s, cfg: cfg}
}

// Session returns the session on the table.
func (t *Local) Session() *Session { return t.sess }

// View is what to draw now.
func (t *Local) View() View {
	v := View{
		Game:        t.sess.Game(),
		Seats:       t.sess.Setup().Seats,
		Thinking:    t.thinking,
		ThinkBudget: t.budget,
		Undo:        Undo{Can: t.sess.CanUndo()},
		Redo:        t.sess.CanRedo() && !t.thinking,
		Rematch:     t.sess.Over(), // play again: see again.go
	}
	if c := t.sess.Clock(); c.Control.On() {
		v.Clock = Clock{Control: c.Control, Left: [2]time.Duration{c.Left(game.One), c.Left(game.Two)}}
		if p := t.sess.Turn(); p != game.NoSeat && t.open {
			v.Clock.Running = p
			v.Clock.Left[p-1] = c.Remaining(p, t.running())
		}
		if r := t.sess.Result(); r.Method == game.Timeout {
			v.Clock.Left[r.Loser()-1] = 0
		}
	}
	return v
}

// running is how long the turn under way has run. Before the game's
// first action no clock runs: a person sits down, reads the board and
// chooses a side without the first player's time going (the clocks start
// with the first stone, setup or move, as over a real board).
func (t *Local) running() time.Duration {
	if !t.open || t.sess.Moves() == 0 {
		return 0
	}
	return t.cfg.Now().Sub(t.turnStart)
}

// played starts the next turn's clock after an action, and lets the
// computer think if it is its turn.
func (t *Local) played() {
	t.turnStart = t.cfg.Now()
	t.think()
}

// Play takes the action of the person whose turn it is.
func (t *Local) Play(a game.Action) error {
	if t.thinking || t.sess.ComputerToMove() {
		return fmt.Errorf("session: play %s: it is the computer's turn", t.sess.rules.Notation(a))
	}
	if err := t.sess.PlayTimed(a, t.running()); err != nil {
		return err
	}
	t.played()
	return nil
}

// Undo takes back the last action, and the computer's replies before it;
// a search under way is dropped.
func (t *Local) Undo() error {
	t.stop()
	if !t.sess.Undo() {
		return fmt.Errorf("session: nothing to undo")
	}
	t.played()
	return nil
}

// Redo replays what Undo took back.
func (t *Local) Redo() error {
	if t.thinking || !t.sess.Redo() {
		return fmt.Errorf("session: nothing to redo")
	}
	t.played()
	return nil
}

// Resign gives up for the person: the seat to act in a hot-seat game, the
// person's seat against the computer.
func (t *Local) Resign() error {
	p := t.sess.Setup().Here()
	if p == game.NoSeat {
		p = t.sess.Turn()
	}
	t.stop()
	return t.sess.Resign(p)
}

// Tick ends a timed game whose side to act has run out of time.
func (t *Local) Tick() {
	p := t.sess.Turn()
	if p == game.NoSeat || !t.sess.Setup().Clock.On() || !t.sess.Clock().Flagged(p, t.running()) {
		return
	}
	t.stop()
	t.sess.Flag(p)
}

// Subscribe calls f after each move of the computer's.
func (t *Local) Subscribe(f func(Change)) { t.subs = append(t.subs, f) }

// Open lets the computer think when it is its turn.
func (t *Local) Open() {
	if !t.open {
		t.open, t.turnStart = true, t.cfg.Now()
	}
	t.think()
}

// Close stops the computer; the game stays saved, to come back to.
// The clock of the turn under way stops while the table is closed (the
// person is on another screen, or the page was closed), and starts again
// from where the last action left it.
func (t *Local) Close() {
	t.open = false
	t.stop()
}

func (t *Local) tell(c Change) {
	for _, f := range t.subs {
		f(c)
	}
}

// think starts the computer when a computer seat is to act. The Thinker
// works on its own goroutine; its answer comes back through Run and is
// dropped if the game changed meanwhile (undo, close).
func (t *Local) think() {
	if !t.open || t.thinking || t.cfg.Think == nil || !t.sess.ComputerToMove() {
		return
	}
	seat := t.sess.Setup().Seat(t.sess.Turn())
	by := t.sess.Turn()
	g := t.sess.Game()
	t.gen++
	gen := t.gen
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel, t.thinking, t.budget = cancel, true, 0
	started := func(budget time.Duration) {
		t.cfg.Run(func() {
			if gen == t.gen {
				t.budget = budget
				t.tell(Change{Event: Changed})
			}
		})
	}
	go func() {
		action, err := t.cfg.Think(ctx, g, seat, started)
		t.cfg.Run(func() {
			cancel()
			if gen != t.gen {
				return
			}
			t.thinking, t.cancel, t.budget = false, nil, 0
			if err == nil {
				err = t.sess.PlayTimed(action, t.running())
				if errors.Is(err, clock.ErrFlag) {
					t.Tick() // the computer's time ran out while it thought
					t.tell(Change{Event: Changed})
					return
				}
				if err != nil {
					err = fmt.Errorf("the computer tried an illegal move: %w", err)
				}
			} else {
				err = fmt.Errorf("the computer could not move: %w", err)
			}
			if err != nil {
				t.tell(Change{Event: Failed, Err: err})
				return
			}
			t.tell(Change{Event: Played, Action: action, By: by})
			t.played()
		})
	}()
}

// stop drops the search under way, if any.
func (t *Local) stop() {
	if t.cancel != nil {
		t.cancel()
	}
	t.cancel, t.thinking, t.budget = nil, false, 0
	t.gen++
}
