package learn

import (
	"encoding/json"
	"slices"
	"strings"

	"gygy/app/session"
)

// The storage keys of the progress.
const (
	keyLessons = "gygy-lessons-done"
	keyPuzzles = "gygy-puzzles"
)

// lessonsDone reads the ids of the lessons done.
func lessonsDone(st session.Storage) []string {
	if st == nil {
		return nil
	}
	text, err := st.Get(keyLessons)
	if err != nil || text == "" {
		return nil
	}
	return strings.Split(text, ",")
}

// markDone adds a lesson to those done; a storage that refuses is not an
// error for the lesson (the person still sees it done on screen).
func markDone(st session.Storage, done []string, id string) []string {
	if slices.Contains(done, id) {
		return done
	}
	done = append(done, id)
	if st != nil {
		_ = st.Set(keyLessons, strings.Join(done, ","))
	}
	return done
}

// puzzleProgress is how far a person got in the puzzles.
type puzzleProgress struct {
	Next   map[string]int `json:"next"` // by game: the index of the puzzle to show
	Streak int            `json:"streak"`
	Best   int            `json:"best"`
	Solved int            `json:"solved"`
}

func loadPuzzles(st session.Storage) puzzleProgress {
	p := puzzleProgress{Next: map[string]int{}}
	if st == nil {
		return p
	}
	if text, err := st.Get(keyPuzzles); err == nil {
		_ = json.Unmarshal([]byte(text), &p) // a broken save starts afresh
	}
	if p.Next == nil {
		p.Next = map[string]int{}
	}
	return p
}

func (p puzzleProgress) save(st session.Storage) {
	if st == nil {
		return
	}
	if data, err := json.Marshal(p); err == nil {
		_ = st.Set(keyPuzzles, string(data))
	}
}
