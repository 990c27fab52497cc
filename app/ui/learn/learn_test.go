package learn

import (
	"slices"
	"testing"

	"gygy/app/learn"
	"gygy/app/puzzles"
	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/engine/gyre"
)

// stone is what the GYRE board emits for a stone on the cell named text
// in g, typed.
func stone(t *testing.T, g *gyre.Game, text string) board.Played {
	t.Helper()
	m, err := g.Geometry().ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return board.Played{Action: m}
}

// gyrePuzzle is the game of the GYRE puzzle on screen.
func gyrePuzzle(t *testing.T, s *Puzzles) *gyre.Game {
	t.Helper()
	p, _, ok := s.current()
	if !ok {
		t.Fatal("no puzzle on screen")
	}
	g, err := p.Gyre()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestProgressKept(t *testing.T) {
	st := &session.MemoryStorage{}
	done := markDone(st, lessonsDone(st), "gyre-bridge")
	done = markDone(st, done, "gyre-bridge")
	done = markDone(st, done, "gyges-goal")
	if got := lessonsDone(st); !slices.Equal(got, []string{"gyre-bridge", "gyges-goal"}) || !slices.Equal(got, done) {
		t.Errorf("lessonsDone() = %v, want the two marked once each", got)
	}
	p := loadPuzzles(st)
	p.Next["gyre"], p.Streak, p.Best = 3, 2, 5
	p.save(st)
	if q := loadPuzzles(st); q.Next["gyre"] != 3 || q.Streak != 2 || q.Best != 5 {
		t.Errorf("loadPuzzles() = %+v after a save of %+v", q, p)
	}
	_ = st.Set(keyPuzzles, "{broken")
	if q := loadPuzzles(st); q.Next == nil || q.Streak != 0 {
		t.Errorf("a broken save gives %+v, want a fresh start", q)
	}
}

// TestLessonScreen plays a lesson through the screen's own steps: a
// miss, a new start, the task done and ticked, then the next lesson.
func TestLessonScreen(t *testing.T) {
	st := &session.MemoryStorage{}
	s := &Lessons{Store: st}
	l, _ := learn.ByID("gyre-bridge")
	s.start(l)
	s.play(stone(t, s.pos.Gyre, "c5"))
	if !s.played || s.verdict != learn.Again || s.said() != "That stone does not join the rims. Find the one gap in the chain." {
		t.Fatalf("after c5: verdict %v, message %q", s.verdict, s.said())
	}
	s.play(stone(t, s.pos.Gyre, "c1")) // the board is not live after a miss: nothing happens
	if s.verdict != learn.Again {
		t.Fatalf("a stone after a miss was judged: %v", s.verdict)
	}
	s.start(*s.open)
	s.play(stone(t, s.pos.Gyre, "a1"))
	if s.played || s.said() == "" {
		t.Errorf("an occupied cell: played %v, message %q; want the engine's refusal", s.played, s.said())
	}
	s.play(stone(t, s.pos.Gyre, "c1"))
	if s.verdict != learn.Done || !slices.Contains(lessonsDone(st), "gyre-bridge") {
		t.Errorf("after c1: verdict %v, done %v", s.verdict, lessonsDone(st))
	}
}

// TestPuzzleScreen plays a puzzle through the screen's steps: a miss
// ends the streak, a solve at the first try grows it.
func TestPuzzleScreen(t *testing.T) {
	s := &Puzzles{Store: &session.MemoryStorage{}, progress: puzzleProgress{Next: map[string]int{}, Streak: 4, Best: 4},
		sets: map[string]puzzles.Set{"gyre": {Game: "gyre", Puzzles: []puzzles.Puzzle{
			{ID: "a", Position: "s...g.../s...g.../......../s...g...", Winning: []string{"c1"}, Grade: 1},
			{ID: "b", Position: "s...g.../s...g.../......../s...g...", Winning: []string{"c1"}, Grade: 1},
		}}}}
	s.play(stone(t, gyrePuzzle(t, s), "c5"))
	if s.state.result != -1 || s.progress.Streak != 0 {
		t.Fatalf("a miss: result %d, streak %d", s.state.result, s.progress.Streak)
	}
	s.state = puzzleState{failed: true}
	s.play(stone(t, gyrePuzzle(t, s), "c1"))
	if s.state.result != 1 || s.progress.Streak != 0 {
		t.Errorf("solved after a miss: result %d, streak %d; want 1, 0", s.state.result, s.progress.Streak)
	}
	s.progress.Next["gyre"]++
	s.state = puzzleState{}
	s.play(stone(t, gyrePuzzle(t, s), "c1"))
	if s.progress.Streak != 1 || s.progress.Best != 4 {
		t.Errorf("solved at once: streak %d, best %d; want 1, 4", s.progress.Streak, s.progress.Best)
	}
}

// TestLessonWords: the lessons' words come from the texts files by
// lesson, in the page's language (the server's copy here, fetched in the
// browser), English byte for byte as it was written.
func TestLessonWords(t *testing.T) {
	l, _ := learn.ByID("gyre-bridge")
	want := lessonText{
		Title:   "A bridge",
		Text:    "Spoke wins with a chain of touching stones from the inner rim to the outer rim: a bridge across the ring.",
		Task:    "Spoke to move: complete the bridge.",
		Success: "A bridge from rim to rim: Spoke wins.",
		Wrong:   "That stone does not join the rims. Find the one gap in the chain.",
	}
	if got := words(l); got != want {
		t.Errorf("words(gyre-bridge) = %+v, want %+v", got, want)
	}
	lang.Use(lang.FR)
	defer lang.Use(lang.EN)
	if got := words(l).Title; got == want.Title || got == "" {
		t.Errorf("in French the title is %q", got)
	}
	for _, l := range learn.All() {
		if w := words(l); w.Title == "" || w.Text == "" || w.Task == "" || w.Success == "" {
			t.Errorf("lesson %s lacks words in French: %+v", l.ID, w)
		}
	}
}
