package session

import (
	"errors"
	"gygy/engine/game"
	"strings"
	"testing"

	"gygy/engine/gyre"
	"gygy/engine/level"
)

var (
	hotSeat = [2]Seat{{Kind: Human}, {Kind: Human}}
	vsBot   = [2]Seat{{Kind: Human}, {Kind: Computer, Level: level.Hard}}
	botVs   = [2]Seat{{Kind: Computer, Level: level.Easy}, {Kind: Human}}
)

// newSession starts a 3x6 session with the given seats and plays the moves,
// written in notation; it fails the test on any error.
func newSession(t *testing.T, seats [2]Seat, store Storage, moves ...string) *Session {
	t.Helper()
	s, err := New(Setup{Spec: game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 3, Cols: 6}}, Seats: seats}, store)
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, moves...)
	return s
}

// read reads an action of g in notation: the tests read like the
// rulebook.
func read(t *testing.T, g game.Game, text string) game.Action {
	t.Helper()
	a, err := g.ReadAction(text)
	if err != nil {
		t.Fatalf("ReadAction(%q): %v", text, err)
	}
	return a
}

func play(t *testing.T, s *Session, moves ...string) {
	t.Helper()
	for _, name := range moves {
		if err := s.Play(read(t, s.Game(), name)); err != nil {
			t.Fatalf("Play(%s): %v", name, err)
		}
	}
}

// moves returns the record's moves without the header.
func moves(s *Session) string {
	_, after, _ := strings.Cut(s.Record(), "\n")
	return after
}

func TestPlayIllegalChangesNothing(t *testing.T) {
	s := newSession(t, hotSeat, nil, "a1")
	if err := s.Play(read(t, s.Game(), "a1")); !errors.Is(err, gyre.ErrIllegalMove) {
		t.Fatalf("Play(a1 again) = %v, want ErrIllegalMove", err)
	}
	if got := moves(s); got != "a1" {
		t.Errorf("moves = %q, want %q", got, "a1")
	}
}

func TestUndoRedo(t *testing.T) {
	tests := []struct {
		name       string
		seats      [2]Seat
		moves      []string
		afterUndo  string
		canUndo    bool
		afterRedo  string
		turnAfterU game.Seat
	}{
		{"hot seat takes back one move", hotSeat, []string{"a1", "b2", "c3"}, "a1 b2", true, "a1 b2 c3", game.One},
		{"vs computer takes back its reply too", vsBot, []string{"a1", "b2", "c3", "a4"}, "a1 b2", true, "a1 b2 c3 a4", game.One},
		{"vs computer after the swap", vsBot, []string{"a1", "swap"}, "", false, "a1 swap", game.One},
		{"computer first keeps its opening stone", botVs, []string{"a1"}, "a1", false, "a1", game.Two},
		{"computer first, later", botVs, []string{"a1", "b2", "c3"}, "a1", false, "a1 b2 c3", game.Two},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, tt.seats, nil, tt.moves...)
			before := moves(s)
			if !s.Undo() && before != tt.afterUndo {
				t.Fatalf("Undo() = false on %q", before)
			}
			if got := moves(s); got != tt.afterUndo {
				t.Errorf("after Undo, moves = %q, want %q", got, tt.afterUndo)
			}
			if got := s.Turn(); got != tt.turnAfterU {
				t.Errorf("after Undo, Turn() = %v, want %v", got, tt.turnAfterU)
			}
			if got := s.CanUndo(); got != tt.canUndo {
				t.Errorf("after Undo, CanUndo() = %v, want %v", got, tt.canUndo)
			}
			s.Redo()
			if got := moves(s); got != tt.afterRedo {
				t.Errorf("after Redo, moves = %q, want %q", got, tt.afterRedo)
			}
			if s.CanRedo() {
				t.Errorf("after Redo, CanRedo() = true, want false")
			}
		})
	}
}

func TestNewMoveForgetsRedo(t *testing.T) {
	s := newSession(t, hotSeat, nil, "a1", "b2")
	s.Undo()
	play(t, s, "c3")
	if s.CanRedo() {
		t.Errorf("CanRedo() = true after a new move, want false")
	}
}

func TestWinAndResign(t *testing.T) {
	// The rulebook's example game: player 1 swapped sides and won with Gyre.
	s := newSession(t, hotSeat, nil, "a1", "swap", "b1", "a3", "b2", "c3", "b3", "a5", "b4", "c5", "b5", "c1", "b6")
	if !s.Over() || s.Winner() != game.One {
		t.Errorf("Over, Winner = %v, %v, want true, player 1", s.Over(), s.Winner())
	}
	if err := s.Resign(game.Two); !errors.Is(err, ErrOver) {
		t.Errorf("Resign after the end = %v, want ErrOver", err)
	}

	s = newSession(t, hotSeat, nil, "a1")
	if err := s.Resign(game.One); err != nil {
		t.Fatal(err)
	}
	if s.Winner() != game.Two || s.Turn() != game.NoSeat || s.CanUndo() {
		t.Errorf("after resign: Winner, Turn, CanUndo = %v, %v, %v; want player 2, nobody, false", s.Winner(), s.Turn(), s.CanUndo())
	}
	if err := s.Play(read(t, s.Game(), "a4")); !errors.Is(err, ErrOver) {
		t.Errorf("Play after resign = %v, want ErrOver", err)
	}
}

func TestComputerToMove(t *testing.T) {
	s := newSession(t, vsBot, nil)
	if s.ComputerToMove() {
		t.Errorf("ComputerToMove() at the start = true, want false")
	}
	play(t, s, "a1")
	if !s.ComputerToMove() {
		t.Errorf("ComputerToMove() after a1 = false, want true (the swap decision)")
	}
	play(t, s, "swap")
	if s.ComputerToMove() {
		t.Errorf("ComputerToMove() after swap = true, want false")
	}
}

func TestFromRecord(t *testing.T) {
	s, err := FromRecord("GYRE 5x10\nc3 swap d4", vsBot, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Setup().Spec.Size, (gyre.Size{Rings: 5, Cols: 10}); got != want {
		t.Errorf("Size = %v, want %v", got, want)
	}
	if got := moves(s); got != "c3 swap d4" {
		t.Errorf("moves = %q", got)
	}
	if _, err := FromRecord("GYRE 5x10\nc3 c3", vsBot, nil); !errors.Is(err, gyre.ErrIllegalMove) {
		t.Errorf("FromRecord(occupied) = %v, want ErrIllegalMove", err)
	}
}
