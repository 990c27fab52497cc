package session

import (
	"errors"
	"fmt"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// ErrOver reports an action that needs a game in progress.
var ErrOver = errors.New("session: the game is over")

// Setup is what a new game needs: the game, its board size and rule
// variant, and who sits in each seat. Seats[0] is player one (GYRE: who
// places the first stone; Gygès: South), Seats[1] player two (GYRE: who
// decides on the swap; Gygès: North).
type Setup struct {
	Game    Game
	Size    gyre.Size    // GYRE only
	Variant gyre.Variant // GYRE only
	Gyges   gyges.Variant
	Seats   [2]Seat
}

// Seat returns the seat of player p.
func (s Setup) Seat(p Player) Seat {
	if p == Two {
		return s.Seats[1]
	}
	return s.Seats[0]
}

// HasComputer reports whether the computer plays one of the seats.
func (s Setup) HasComputer() bool {
	return s.Seats[0].Kind == Computer || s.Seats[1].Kind == Computer
}

// Online reports whether a person on another device plays one of the seats.
func (s Setup) Online() bool {
	return s.Seats[0].Kind == Remote || s.Seats[1].Kind == Remote
}

// newRules starts the game a setup describes.
func (s Setup) newRules() (game.Game, error) {
	if s.Game == Gyges {
		return game.FromGyges(gyges.NewGame(s.Gyges)), nil
	}
	g, err := gyre.NewGame(s.Size, s.Variant)
	if err != nil {
		return nil, err
	}
	return game.FromGyre(g), nil
}

// withRules fills in what the game itself knows: which game, size, variant.
func (s Setup) withRules(r game.Game) Setup {
	if g := game.AsGyre(r); g != nil {
		s.Game, s.Size, s.Variant, s.Gyges = GYRE, g.Size(), g.Variant(), 0
	} else if g := game.AsGyges(r); g != nil {
		s.Game, s.Size, s.Variant, s.Gyges = Gyges, gyre.Size{}, 0, g.Variant()
	}
	return s
}

// Session is one game under way with its seats, its redo list and its
// saving. Its methods are not safe for concurrent use: the web app calls
// them on its UI goroutine only.
type Session struct {
	setup    Setup
	rules    game.Game
	redo     []string // actions, most recently undone last
	resigned Player   // the player who resigned, or NoPlayer
	store    Storage
	saveErr  error
}

// New starts a game with the given setup and saves it to store (which may
// be nil for a session that is not saved).
func New(setup Setup, store Storage) (*Session, error) {
	r, err := setup.newRules()
	if err != nil {
		return nil, err
	}
	s := &Session{setup: setup.withRules(r), rules: r, store: store}
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
	s := &Session{setup: Setup{Seats: seats}.withRules(r), rules: r, store: store}
	s.save()
	return s, nil
}

// Setup returns the game, size, variant and seats.
func (s *Session) Setup() Setup { return s.setup }

// Game returns which game is played.
func (s *Session) Game() Game { return s.setup.Game }

// Gyre returns a copy of a GYRE game, for drawing it or for a computer
// player to think about, or nil when the game is Gygès.
func (s *Session) Gyre() *gyre.Game { return game.AsGyre(s.rules) }

// Gyges returns a copy of a Gygès game, or nil when the game is GYRE.
func (s *Session) Gyges() *gyges.Game { return game.AsGyges(s.rules) }

// Record returns the game record in notation.
func (s *Session) Record() string { return s.rules.Record() }

// Moves returns the number of actions taken so far: GYRE's swap counts as
// one, and so does each Gygès setup.
func (s *Session) Moves() int { return s.rules.Len() }

// Over reports whether the game has ended, by a win or a resignation.
func (s *Session) Over() bool { return s.rules.Winner() != NoPlayer || s.resigned != NoPlayer }

// Resigned returns the player who resigned, or NoPlayer.
func (s *Session) Resigned() Player { return s.resigned }

// Winner returns the player who won, or NoPlayer while the game goes on.
func (s *Session) Winner() Player {
	if s.resigned != NoPlayer {
		return s.resigned.Other()
	}
	return s.rules.Winner()
}

// Turn returns the player who acts next, or NoPlayer once the game is over.
func (s *Session) Turn() Player {
	if s.Over() {
		return NoPlayer
	}
	return s.rules.Turn()
}

// ComputerToMove reports whether the next action belongs to a computer seat.
func (s *Session) ComputerToMove() bool {
	p := s.Turn()
	return p != NoPlayer && s.setup.Seat(p).Kind == Computer
}

// Play takes an action, written in the game's notation (a GYRE move or
// "swap"; a Gygès setup such as "321123" or a move such as "c1-d4:a3"),
// for the player whose turn it is, after the engine has checked it; an
// illegal action changes nothing and the error says why. A new action
// forgets the actions that could have been redone.
func (s *Session) Play(action string) error {
	if s.resigned != NoPlayer {
		return fmt.Errorf("%w: %s resigned", ErrOver, s.resigned)
	}
	if err := s.rules.Play(action); err != nil {
		return err
	}
	s.redo = s.redo[:0]
	s.save()
	return nil
}

// CanUndo reports whether Undo would take back a move.
func (s *Session) CanUndo() bool { return s.undoCount() > 0 }

// undoCount is how many actions Undo takes back: one, and then also the
// computer's actions before it, so that the person who asked gets their
// turn back; a resignation is taken back on its own.
func (s *Session) undoCount() int {
	if s.resigned != NoPlayer || s.rules.Len() == 0 {
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
	for range n {
		a, _ := s.rules.Undo()
		s.redo = append(s.redo, a)
	}
	if n > 0 {
		s.save()
	}
	return n > 0
}

// CanRedo reports whether Redo would replay a move.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 && s.resigned == NoPlayer }

// Redo replays the actions that the last Undo took back.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	// Replay the whole group a person undid, so the computer's replies come
	// back with the action that provoked them.
	for len(s.redo) > 0 {
		a := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		if err := s.rules.Play(a); err != nil {
			s.redo = s.redo[:0] // cannot happen: the actions were legal here
			break
		}
		if !s.setup.HasComputer() || s.rules.Turn() == NoPlayer || s.setup.Seat(s.rules.Turn()).Kind == Human {
			break
		}
	}
	s.save()
	return true
}

// Resign ends the game with player p giving up.
func (s *Session) Resign(p Player) error {
	if s.Over() {
		return ErrOver
	}
	if p != One && p != Two {
		return fmt.Errorf("session: %s cannot resign", p)
	}
	s.resigned = p
	s.redo = s.redo[:0]
	s.save()
	return nil
}
