package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/level"
)

// StorageKey is the key under which the game in progress is saved, of
// either game (the record says which). It keeps the name it had when GYRE
// was the only game, so that games saved then still resume.
const StorageKey = "gygy.gyre.session"

// saveVersion is the format of the saved game; a saved game of another
// format is ignored rather than misread.
const saveVersion = 1

// saved is the stored form of a session: the record in notation, so that
// resuming replays and checks every move with the engine.
type saved struct {
	V        int      `json:"v"`
	Seats    [2]seat  `json:"seats"`
	Record   string   `json:"record"`
	Redo     []string `json:"redo,omitempty"` // most recently undone last
	Resigned int      `json:"resigned,omitempty"`
	// Ended is how the game ended off the board other than by
	// resignation (which Resigned keeps, as before), e.g. on time.
	Ended *game.Result `json:"ended,omitempty"`
	// A timed game's control, and the think time of each action and of
	// each action to redo, in milliseconds.
	Clock     clock.Control `json:"clock,omitempty"`
	Think     []int64       `json:"think,omitempty"`
	RedoThink []int64       `json:"redoThink,omitempty"`
}

type seat struct {
	Kind  string `json:"kind"`
	Level string `json:"level,omitempty"`
	Long  bool   `json:"long,omitempty"`
}

// save writes the session to its storage, remembering any failure for
// SaveError. A session without storage is not saved.
func (s *Session) save() {
	if s.store == nil {
		return
	}
	data, err := json.Marshal(s.marshal())
	if err == nil {
		err = s.store.Set(StorageKey, string(data))
	}
	s.saveErr = err
}

// SaveError returns why the last save failed, or nil.
func (s *Session) SaveError() error { return s.saveErr }

func (s *Session) marshal() saved {
	out := saved{V: saveVersion, Record: s.Record()}
	if r := s.rules.Result(); r.Method == game.Resignation {
		out.Resigned = int(r.Loser())
	} else if r.Method.OffBoard() {
		out.Ended = &r
	}
	out.Clock = s.setup.Clock
	for _, d := range s.think {
		out.Think = append(out.Think, d.Milliseconds())
	}
	for _, d := range s.redoThink {
		out.RedoThink = append(out.RedoThink, d.Milliseconds())
	}
	for i, st := range s.setup.Seats {
		out.Seats[i].Kind = st.Kind.String()
		if st.Kind == Computer {
			out.Seats[i].Level = st.Level.String()
			out.Seats[i].Long = st.Long
		}
	}
	for _, a := range s.redo {
		out.Redo = append(out.Redo, s.rules.Notation(a))
	}
	return out
}

// Resume loads the game saved in store. It returns an error wrapping
// ErrNotFound when there is none, and another error when what is stored
// cannot be read or replayed.
func Resume(store Storage) (*Session, error) {
	text, err := store.Get(StorageKey)
	if err != nil {
		return nil, err
	}
	var in saved
	if err := json.Unmarshal([]byte(text), &in); err != nil {
		return nil, fmt.Errorf("session: saved game: %w", err)
	}
	if in.V != saveVersion {
		return nil, fmt.Errorf("session: saved game has format %d, want %d", in.V, saveVersion)
	}
	var seats [2]Seat
	for i, st := range in.Seats {
		switch st.Kind {
		case "human":
		case "computer":
			seats[i].Kind = Computer
			if seats[i].Level, err = level.Parse(st.Level); err != nil {
				return nil, fmt.Errorf("session: saved game: %w", err)
			}
			seats[i].Long = st.Long
		default:
			return nil, fmt.Errorf("session: saved game: unknown seat %q", st.Kind)
		}
	}
	r, err := game.Parse(in.Record)
	if err != nil {
		return nil, fmt.Errorf("session: saved game: %w", err)
	}
	// The actions to redo must replay from here, most recent undo last.
	ahead := r.Clone()
	redo := make([]game.Action, len(in.Redo))
	for i := len(in.Redo) - 1; i >= 0; i-- {
		a, err := ahead.ReadAction(in.Redo[i])
		if err == nil {
			err = ahead.Play(a)
		}
		if err != nil {
			return nil, fmt.Errorf("session: saved game: redo %q: %w", in.Redo[i], err)
		}
		redo[i] = a
	}
	switch p := game.Seat(in.Resigned); p {
	case game.NoSeat:
	case game.One, game.Two:
		if r.Result().Over() {
			return nil, errors.New("session: saved game: resigned after the end")
		}
		r.Resign(p)
	default:
		return nil, fmt.Errorf("session: saved game: bad resignation %d", in.Resigned)
	}
	if in.Ended != nil {
		if err := r.End(*in.Ended); err != nil {
			return nil, fmt.Errorf("session: saved game: %w", err)
		}
	}
	s := &Session{
		setup: Setup{Spec: r.Spec(), Clock: in.Clock, Seats: seats},
		rules: r,
		redo:  redo,
		store: store,
	}
	if in.Clock.On() {
		if len(in.Think) != r.Len() || len(in.RedoThink) > len(in.Redo) {
			return nil, fmt.Errorf("session: saved game: %d think times for %d actions", len(in.Think), r.Len())
		}
		for _, ms := range in.Think {
			s.think = append(s.think, time.Duration(ms)*time.Millisecond)
		}
		for _, ms := range in.RedoThink {
			s.redoThink = append(s.redoThink, time.Duration(ms)*time.Millisecond)
		}
	}
	return s, nil
}

// Forget deletes the saved game, for when the player leaves it for good.
func (s *Session) Forget() error {
	if s.store == nil {
		return nil
	}
	return s.store.Delete(StorageKey)
}
