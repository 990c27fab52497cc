package session

import (
	"gygy/engine/game"
	"strings"
	"testing"
)

func newGyges(t *testing.T, seats [2]Seat, store Storage, actions ...string) *Session {
	t.Helper()
	s, err := New(Setup{Spec: game.Standard(game.Gyges), Seats: seats}, store)
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, actions...)
	return s
}

func TestGygesTurnsFollowSetupThenSides(t *testing.T) {
	s := newGyges(t, hotSeat, nil)
	steps := []struct {
		action string
		after  game.Seat
	}{
		{"321123", game.Two}, // South set up; North sets up next
		{"123321", game.One}, // South moves first
		{"a1-a4", game.Two},
		{"a6-a5", game.One},
	}
	if s.Turn() != game.One {
		t.Fatalf("Turn at the start = %v, want player 1 (South sets up first)", s.Turn())
	}
	for _, st := range steps {
		play(t, s, st.action)
		if s.Turn() != st.after {
			t.Fatalf("after %s: Turn = %v, want %v", st.action, s.Turn(), st.after)
		}
	}
	if s.Moves() != 4 {
		t.Errorf("Moves = %d, want 4 (two setups, two moves)", s.Moves())
	}
}

func TestGygesIllegalSetupChangesNothing(t *testing.T) {
	s := newGyges(t, hotSeat, nil)
	for _, bad := range []string{"333111", "32112", "a1-a2", ""} {
		a, err := s.Game().ReadAction(bad)
		if err == nil {
			err = s.Play(a)
		}
		if err == nil {
			t.Errorf("Play(%q) in South's setup = nil, want an error", bad)
		}
	}
	if got := s.Record(); got != "GYGES\n" {
		t.Errorf("record = %q, want an empty game", got)
	}
}

func TestGygesUndoAgainstComputerSkipsItsSetup(t *testing.T) {
	// The person is South: undoing the first move takes back the
	// computer's reply as well, not its setup.
	s := newGyges(t, vsBot, nil, "321123", "123321", "a1-a4", "a6-a5")
	if !s.Undo() {
		t.Fatal("Undo = false")
	}
	if got, want := moves(s), "321123 123321"; got != want {
		t.Errorf("after undo: %q, want %q", got, want)
	}
	// Undo again takes back North's (the computer's) setup and South's.
	if !s.Undo() {
		t.Fatal("second Undo = false")
	}
	if got := moves(s); got != "" {
		t.Errorf("after the second undo: %q, want the empty board", got)
	}
	if !s.Redo() || moves(s) != "321123 123321" {
		t.Errorf("Redo gave %q, want both setups back", moves(s))
	}
}

func TestGygesWinAndResume(t *testing.T) {
	store := &MemoryStorage{}
	s := newGyges(t, [2]Seat{{Kind: Human}, {Kind: Computer}}, store, "321123", "123321")
	s2, err := Resume(store)
	if err != nil {
		t.Fatal(err)
	}
	if s2.Game().Kind() != game.Gyges || s2.Record() != s.Record() || s2.Setup().Seats != s.Setup().Seats {
		t.Errorf("resumed %v %q %v, want %v %q %v", s2.Game().Kind(), s2.Record(), s2.Setup().Seats, game.Gyges, s.Record(), s.Setup().Seats)
	}
	if game.AsGyges(s2.Game()) == nil || game.AsGyre(s2.Game()) != nil {
		t.Errorf("resumed Gygès session: Gyges() = %v, Gyre() = %v", game.AsGyges(s2.Game()), game.AsGyre(s2.Game()))
	}
}

func TestResumeRejectsRedoThatDoesNotReplay(t *testing.T) {
	store := &MemoryStorage{}
	newGyges(t, hotSeat, store, "321123", "123321", "a1-a4")
	data, _ := store.Get(StorageKey)
	store.Set(StorageKey, strings.Replace(data, `"record"`, `"redo":["z9-z9"],"record"`, 1))
	if _, err := Resume(store); err == nil || !strings.Contains(err.Error(), "z9-z9") {
		t.Errorf("Resume with a bad redo = %v, want an error naming it", err)
	}
}
