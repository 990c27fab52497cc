package session

import (
	"fmt"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// ErrOver reports an action that needs a game in progress; it is the
// engine's own error.
var ErrOver = game.ErrOver

// Session is one game under way with its seats, its redo list and its
// saving. Its methods are not safe for concurrent use: the web app calls
// them on its UI goroutine only.
type Session struct {
	setup   Setup
	rules   game.Game
	redo    []game.Action // actions, most recently undone last
	store   Storage
	saveErr error
	// In a timed game, how long each action took (the clocks follow from
	// these), and those of the actions to redo.
	think     []time.Duration
	redoThink []time.Duration
	// The clocks after those actions, kept as they go (the view asks
	// several times a second); clkOK is false when they must be worked out
	// again from the think times (after an undo, a redo, a resume).
	clk   clock.Clock
	clkOK bool
}

// New starts a game with the given setup and saves it to store (which may
// be nil for a session that is not saved).
func New(setup Setup, store Storage) (*Session, error) {
	r, err := setup.Spec.New()
	if err != nil {
		return nil, err
	}
	s := &Session{setup: setup, rules: r, store: store}
	s.save()
	return s, nil
}

// FromRecord starts a session from a game record of either game (its
// header says which), replaying and checking every action, with the given
// seats. The record decides the game, the size and the variant.
func FromRecord(record string, seats [2]Seat, store Storage) (*Session, error) {
	r, err := game.Parse(record)
	if err != nil {
		return nil, err
	}
	s := &Session{setup: Setup{Spec: r.Spec(), Seats: seats}, rules: r, store: store}
	s.save()
	return s, nil
}

// Setup returns the game, size, variant and seats.
func (s *Session) Setup() Setup { return s.setup }

// Game returns a copy of the game, for drawing it or for a computer
// player to think about.
func (s *Session) Game() game.Game { return s.rules.Clone() }

// Record returns the game record in notation.
func (s *Session) Record() string { return s.rules.Record() }

// Moves returns the number of actions taken so far: GYRE's swap counts as
// one, and so does each Gygès setup.
func (s *Session) Moves() int { return s.rules.Len() }

// Result returns who won and how, or Unfinished.
func (s *Session) Result() game.Result { return s.rules.Result() }

// Over reports whether the game has ended, by the rules or off the board.
func (s *Session) Over() bool { return s.rules.Result().Over() }

// Winner returns the seat that won, or NoSeat while the game goes on.
func (s *Session) Winner() game.Seat { return s.rules.Winner() }

// Turn returns the seat that acts next, or NoSeat once the game is over.
func (s *Session) Turn() game.Seat { return s.rules.Turn() }

// ComputerToMove reports whether the next action belongs to a computer seat.
func (s *Session) ComputerToMove() bool {
	p := s.Turn()
	return p != game.NoSeat && s.setup.Seat(p).Kind == Computer
}

// Play takes an action (a gyre.Move; a gyges.Layout or gyges.Move) for
// the player whose turn it is, after the engine has checked it; an
// illegal action changes nothing and the error says why. A new action
// forgets the actions that could have been redone.
func (s *Session) Play(a game.Action) error { return s.PlayTimed(a, 0) }

// PlayTimed is Play in a timed game: the action took think, which the
// clock of the seat that took it is charged with. An action that came
// after the seat's time ran out is refused (clock.ErrFlag).
func (s *Session) PlayTimed(a game.Action, think time.Duration) error {
	timed := s.setup.Clock.On()
	c, p := s.Clock(), s.rules.Turn()
	if timed && p != game.NoSeat && c.Flagged(p, think) {
		return fmt.Errorf("%w: %s has no time left for %s", clock.ErrFlag, p, s.rules.Notation(a))
	}
	if err := s.rules.Play(a); err != nil {
		return err
	}
	s.redo, s.redoThink = s.redo[:0], s.redoThink[:0]
	if timed {
		s.think = append(s.think, think)
		c.Spend(p, think)
		s.clk, s.clkOK = c, true
	}
	s.save()
	return nil
}

// Clock returns both sides' clocks after the actions so far (the turn
// under way not counted); the zero Clock in an untimed game.
func (s *Session) Clock() clock.Clock {
	if !s.setup.Clock.On() {
		return clock.Clock{}
	}
	if s.clkOK {
		return s.clk
	}
	c := clock.New(s.setup.Clock)
	g, _ := s.setup.Spec.New()
	acts := s.rules.Actions()
	for i, d := range s.think {
		if g == nil || i >= len(acts) {
			break
		}
		c.Spend(g.Turn(), d)
		g.Play(acts[i])
	}
	s.clk, s.clkOK = c, true
	return c
}

// Flag ends a timed game whose seat p has run out of time: p loses.
func (s *Session) Flag(p game.Seat) error {
	if err := s.rules.Concede(p, game.Timeout); err != nil {
		return err
	}
	s.redo, s.redoThink = s.redo[:0], s.redoThink[:0]
	s.save()
	return nil
}

// CanUndo reports whether Undo would take back a move.
func (s *Session) CanUndo() bool { return s.undoCount() > 0 }

// undoCount is how many actions Undo takes back: one, and then also the
// computer's actions before it, so that the person who asked gets their
// turn back; a resignation is taken back on its own.
func (s *Session) undoCount() int {
	if s.Over() && s.rules.Result().Method.OffBoard() || s.rules.Len() == 0 {
		return 0
	}
	if !s.setup.HasComputer() {
		return 1
	}
	r := s.rules.Clone()
	n := 0
	for {
		if _, err := r.Undo(); err != nil {
			break
		}
		n++
		if s.setup.Seat(r.Turn()).Kind == Human {
			return n
		}
	}
	// Only computer actions back to the start: when the computer acts
	// first its opening action stays.
	if n > 1 {
		return n - 1
	}
	return 0
}

// Undo takes back the last action (and the computer's replies, so that a
// person is to act again) and remembers them for Redo. It reports whether
// anything was taken back.
func (s *Session) Undo() bool {
	n := s.undoCount()
	s.clkOK = false
	for range n {
		a, _ := s.rules.Undo()
		s.redo = append(s.redo, a)
		if k := len(s.think); k > 0 {
			s.redoThink = append(s.redoThink, s.think[k-1])
			s.think = s.think[:k-1]
		}
	}
	if n > 0 {
		s.save()
	}
	return n > 0
}

// CanRedo reports whether Redo would replay a move.
func (s *Session) CanRedo() bool {
	return len(s.redo) > 0 && !s.rules.Result().Method.OffBoard()
}

// Redo replays the actions that the last Undo took back.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	s.clkOK = false
	// Replay the whole group a person undid, so the computer's replies come
	// back with the action that provoked them.
	for len(s.redo) > 0 {
		a := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		if err := s.rules.Play(a); err != nil {
			s.redo = s.redo[:0] // cannot happen: the actions were legal here
			break
		}
		if k := len(s.redoThink); k > 0 {
			s.think = append(s.think, s.redoThink[k-1])
			s.redoThink = s.redoThink[:k-1]
		}
		if !s.setup.HasComputer() || s.rules.Turn() == game.NoSeat || s.setup.Seat(s.rules.Turn()).Kind == Human {
			break
		}
	}
	s.save()
	return true
}

// Resign ends the game with seat p giving up.
func (s *Session) Resign(p game.Seat) error {
	if err := s.rules.Resign(p); err != nil {
		return err
	}
	s.redo, s.redoThink = s.redo[:0], s.redoThink[:0]
	s.save()
	return nil
}
