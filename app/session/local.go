package session

import (
	"context"
	"fmt"

	"gygy/engine/game"
)

// LocalConfig is what a Local table needs besides its session.
type LocalConfig struct {
	// Think plays the computer seats; nil leaves them waiting.
	Think Thinker
	// Run hands a function to the owner's goroutine (the web app's
	// Dispatch); the computer's move is made there. Nil runs it at once,
	// for callers that do not share the table between goroutines.
	Run func(func())
}

// Local is the table of a game at this device: hot seat, or against the
// computer, whose moves it asks of the Thinker while the table is open.
type Local struct {
	sess *Session
	cfg  LocalConfig
	subs []func(Change)

	open     bool
	thinking bool
	gen      int // bumped whenever a pending computer move must be dropped
	cancel   context.CancelFunc
}

// NewLocal puts a session on a table.
func NewLocal(s *Session, cfg LocalConfig) *Local {
	if cfg.Run == nil {
		cfg.Run = func(f func()) { f() }
	}
	return &Local{sess: s, cfg: cfg}
}

// Session returns the session on the table.
func (t *Local) Session() *Session { return t.sess }

// View is what to draw now.
func (t *Local) View() View {
	return View{
		Game:     t.sess.Game(),
		Seats:    t.sess.Setup().Seats,
		Thinking: t.thinking,
		Undo:     Undo{Can: t.sess.CanUndo()},
		Redo:     t.sess.CanRedo() && !t.thinking,
	}
}

// Play takes the action of the person whose turn it is.
func (t *Local) Play(action string) error {
	if t.thinking || t.sess.ComputerToMove() {
		return fmt.Errorf("session: play %s: it is the computer's turn", action)
	}
	if err := t.sess.Play(action); err != nil {
		return err
	}
	t.think()
	return nil
}

// Undo takes back the last action, and the computer's replies before it;
// a search under way is dropped.
func (t *Local) Undo() error {
	t.stop()
	if !t.sess.Undo() {
		return fmt.Errorf("session: nothing to undo")
	}
	t.think()
	return nil
}

// Redo replays what Undo took back.
func (t *Local) Redo() error {
	if t.thinking || !t.sess.Redo() {
		return fmt.Errorf("session: nothing to redo")
	}
	t.think()
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

// Answer fails: nobody asks questions at one device.
func (t *Local) Answer(yes bool) error { return fmt.Errorf("session: no question to answer") }

// Rematch fails: at one device a new game starts from the home screen.
func (t *Local) Rematch() error { return fmt.Errorf("session: no rematch at one device") }

// Subscribe calls f after each move of the computer's.
func (t *Local) Subscribe(f func(Change)) { t.subs = append(t.subs, f) }

// Open lets the computer think when it is its turn.
func (t *Local) Open() {
	t.open = true
	t.think()
}

// Close stops the computer; the game stays saved, to come back to.
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
	record := t.sess.Record()
	t.gen++
	gen := t.gen
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel, t.thinking = cancel, true
	go func() {
		action, err := t.cfg.Think(ctx, record, seat)
		t.cfg.Run(func() {
			cancel()
			if gen != t.gen {
				return
			}
			t.thinking, t.cancel = false, nil
			if err == nil {
				err = t.sess.Play(action)
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
			t.think()
		})
	}()
}

// stop drops the search under way, if any.
func (t *Local) stop() {
	if t.cancel != nil {
		t.cancel()
	}
	t.cancel, t.thinking = nil, false
	t.gen++
}
