package session

import (
	"errors"
	"fmt"

	"gygy/engine/gyre"
)

// ErrOver reports an action that needs a game in progress.
var ErrOver = errors.New("session: the game is over")

// Setup is what a new game needs: the board size, the rule variant and who
// sits in each seat. Seats[0] is player one (who places the first stone),
// Seats[1] player two (who decides on the swap).
type Setup struct {
	Size    gyre.Size
	Variant gyre.Variant
	Seats   [2]Seat
}

// Seat returns the seat of player p.
func (s Setup) Seat(p gyre.Player) Seat {
	if p == gyre.Two {
		return s.Seats[1]
	}
	return s.Seats[0]
}

// HasComputer reports whether the computer plays one of the seats.
func (s Setup) HasComputer() bool {
	return s.Seats[0].Kind == Computer || s.Seats[1].Kind == Computer
}

// Session is one game under way with its seats, its redo list and its
// saving. Its methods are not safe for concurrent use: the web app calls
// them on its UI goroutine only.
type Session struct {
	setup    Setup
	game     *gyre.Game
	redo     []gyre.Move // most recently undone last
	resigned gyre.Player // the player who resigned, or NoPlayer
	store    Storage
	saveErr  error
}

// New starts a game with the given setup and saves it to store (which may
// be nil for a session that is not saved).
func New(setup Setup, store Storage) (*Session, error) {
	g, err := gyre.NewGame(setup.Size, setup.Variant)
	if err != nil {
		return nil, err
	}
	s := &Session{setup: setup, game: g, store: store}
	s.save()
	return s, nil
}

// FromRecord starts a session from a game record (rulebook, Notation),
// replaying and checking every move, with the given seats. The record
// decides the size and the variant.
func FromRecord(record string, seats [2]Seat, store Storage) (*Session, error) {
	g, err := gyre.ParseRecord(record)
	if err != nil {
		return nil, err
	}
	setup := Setup{Size: g.Size(), Variant: g.Variant(), Seats: seats}
	s := &Session{setup: setup, game: g, store: store}
	s.save()
	return s, nil
}

// Setup returns the size, variant and seats of the game.
func (s *Session) Setup() Setup { return s.setup }

// Game returns a copy of the game, for drawing it or for a computer player
// to think about; changing it does not change the session.
func (s *Session) Game() *gyre.Game { return s.game.Clone() }

// Record returns the game record in notation.
func (s *Session) Record() string { return s.game.String() }

// Moves returns the number of moves played so far (the swap counts as one).
func (s *Session) Moves() int { return len(s.game.Record()) }

// Over reports whether the game has ended, by a win or a resignation.
func (s *Session) Over() bool { return s.game.Over() || s.resigned != gyre.NoPlayer }

// Resigned returns the player who resigned, or NoPlayer.
func (s *Session) Resigned() gyre.Player { return s.resigned }

// Winner returns the player who won, or NoPlayer while the game goes on.
func (s *Session) Winner() gyre.Player {
	switch {
	case s.resigned == gyre.One:
		return gyre.Two
	case s.resigned == gyre.Two:
		return gyre.One
	case s.game.Over():
		return s.game.Controller(s.game.Winner())
	}
	return gyre.NoPlayer
}

// Turn returns the player who acts next, or NoPlayer once the game is over.
func (s *Session) Turn() gyre.Player {
	if s.Over() {
		return gyre.NoPlayer
	}
	return s.game.Turn()
}

// ComputerToMove reports whether the next action belongs to a computer seat.
func (s *Session) ComputerToMove() bool {
	p := s.Turn()
	return p != gyre.NoPlayer && s.setup.Seat(p).Kind == Computer
}

// Play makes a move for the player whose turn it is, after the engine has
// checked it; an illegal move changes nothing and the error says why. A new
// move forgets the moves that could have been redone.
func (s *Session) Play(m gyre.Move) error {
	if s.resigned != gyre.NoPlayer {
		return fmt.Errorf("%w: %s resigned", ErrOver, s.resigned)
	}
	if err := s.game.Play(m); err != nil {
		return err
	}
	s.redo = s.redo[:0]
	s.save()
	return nil
}

// CanUndo reports whether Undo would take back a move.
func (s *Session) CanUndo() bool { return s.undoCount() > 0 }

// undoCount is how many moves Undo takes back: one, and then also the
// computer's moves before it, so that the person who asked gets their turn
// back; a resignation is taken back on its own.
func (s *Session) undoCount() int {
	rec := s.game.Record()
	if s.resigned != gyre.NoPlayer || len(rec) == 0 {
		return 0
	}
	if !s.setup.HasComputer() {
		return 1
	}
	g := s.game.Clone()
	n := 0
	for {
		if _, ok := g.Undo(); !ok {
			break
		}
		n++
		if s.setup.Seat(g.Turn()).Kind == Human {
			return n
		}
	}
	// Only computer moves back to the start: when the computer plays first
	// its opening stone stays.
	if n > 1 {
		return n - 1
	}
	return 0
}

// Undo takes back the last move (and the computer's replies, so that a
// person is to move again) and remembers them for Redo. It reports whether
// anything was taken back.
func (s *Session) Undo() bool {
	n := s.undoCount()
	for range n {
		m, _ := s.game.Undo()
		s.redo = append(s.redo, m)
	}
	if n > 0 {
		s.save()
	}
	return n > 0
}

// CanRedo reports whether Redo would replay a move.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 && s.resigned == gyre.NoPlayer }

// Redo replays the moves that the last Undo took back.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	// Replay the whole group a person undid, so the computer's replies come
	// back with the move that provoked them.
	for len(s.redo) > 0 {
		m := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		if err := s.game.Play(m); err != nil {
			s.redo = s.redo[:0] // cannot happen: the moves were legal here
			break
		}
		if !s.setup.HasComputer() || s.setup.Seat(s.game.Turn()).Kind == Human || s.game.Over() {
			break
		}
	}
	s.save()
	return true
}

// Resign ends the game with player p giving up.
func (s *Session) Resign(p gyre.Player) error {
	if s.Over() {
		return ErrOver
	}
	if p != gyre.One && p != gyre.Two {
		return fmt.Errorf("session: %s cannot resign", p)
	}
	s.resigned = p
	s.redo = s.redo[:0]
	s.save()
	return nil
}
