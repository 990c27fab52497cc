package session

import (
	"errors"
	"gygy/engine/game"
	"testing"
)

func TestSaveResume(t *testing.T) {
	tests := []struct {
		name   string
		seats  [2]Seat
		moves  []string
		undo   bool
		resign game.Seat
	}{
		{"empty board", hotSeat, nil, false, game.NoSeat},
		{"with swap", vsBot, []string{"a1", "swap", "b2"}, false, game.NoSeat},
		{"with redo", hotSeat, []string{"a1", "b2", "c3"}, true, game.NoSeat},
		{"resigned", botVs, []string{"a1", "b2"}, false, game.Two},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &MemoryStorage{}
			s := newSession(t, tt.seats, store, tt.moves...)
			if tt.undo {
				s.Undo()
			}
			if tt.resign != game.NoSeat {
				if err := s.Resign(tt.resign); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.SaveError(); err != nil {
				t.Fatal(err)
			}
			r, err := Resume(store)
			if err != nil {
				t.Fatalf("Resume: %v", err)
			}
			if r.Record() != s.Record() || r.Setup() != s.Setup() || r.Result() != s.Result() || r.CanRedo() != s.CanRedo() {
				t.Errorf("Resume = %q %v %v %v, want %q %v %v %v",
					r.Record(), r.Setup(), r.Result(), r.CanRedo(), s.Record(), s.Setup(), s.Result(), s.CanRedo())
			}
			if tt.undo {
				r.Redo()
				s.Redo()
				if r.Record() != s.Record() {
					t.Errorf("after Redo: %q, want %q", r.Record(), s.Record())
				}
			}
		})
	}
}

func TestResumeErrors(t *testing.T) {
	tests := []struct {
		name, stored string
	}{
		{"garbled", "{"},
		{"other format", `{"v":99,"record":"GYRE 3x6"}`},
		{"bad record", `{"v":1,"seats":[{"kind":"human"},{"kind":"human"}],"record":"GYRE 3x6\na1 a1"}`},
		{"bad seat", `{"v":1,"seats":[{"kind":"robot"},{"kind":"human"}],"record":"GYRE 3x6"}`},
		{"bad level", `{"v":1,"seats":[{"kind":"computer","level":"godlike"},{"kind":"human"}],"record":"GYRE 3x6"}`},
		{"bad redo", `{"v":1,"seats":[{"kind":"human"},{"kind":"human"}],"record":"GYRE 3x6","redo":["z9"]}`},
		{"bad resignation", `{"v":1,"seats":[{"kind":"human"},{"kind":"human"}],"record":"GYRE 3x6","resigned":7}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &MemoryStorage{}
			store.Set(StorageKey, tt.stored)
			if s, err := Resume(store); err == nil {
				t.Errorf("Resume(%s) = %q, want an error", tt.stored, s.Record())
			}
		})
	}
	if _, err := Resume(&MemoryStorage{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Resume(empty) = %v, want ErrNotFound", err)
	}
}

// failingStorage refuses every write, as a full or disabled localStorage does.
type failingStorage struct{ MemoryStorage }

func (*failingStorage) Set(string, string) error { return errors.New("quota exceeded") }

func TestSaveErrorKeepsPlaying(t *testing.T) {
	s := newSession(t, hotSeat, &failingStorage{}, "a1")
	if s.SaveError() == nil {
		t.Errorf("SaveError() = nil with a failing storage")
	}
	if got := moves(s); got != "a1" {
		t.Errorf("moves = %q, want a1", got)
	}
}

func TestForget(t *testing.T) {
	store := &MemoryStorage{}
	s := newSession(t, hotSeat, store, "a1")
	if err := s.Forget(); err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(store); !errors.Is(err, ErrNotFound) {
		t.Errorf("Resume after Forget = %v, want ErrNotFound", err)
	}
}
