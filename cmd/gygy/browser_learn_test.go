package main

// The lessons and the puzzles (issue 31) in the browser: a lesson missed
// and then completed with the mouse, another by keyboard, one on a phone
// with a finger; the lessons done kept across a reload; a GYRE puzzle
// failed (Try again) and then solved, a Gygès puzzle solved by dragging;
// the streak; axe on every screen.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gygy/app/puzzles"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// The lessons' and puzzles' DOM.
const (
	idLearnLink      = "learn-link"
	idPuzzlesLink    = "puzzles-link"
	idLessonTitle    = "lesson-title"
	idLessonMessage  = "lesson-message"
	idLessonAgain    = "lesson-again"
	idLessonNext     = "lesson-next"
	idLessonList     = "lesson-list"
	idLearnGyges     = "learn-gyges"
	idPuzzleTitle    = "puzzle-title"
	idPuzzleMessage  = "puzzle-message"
	idPuzzleAgain    = "puzzle-again"
	idPuzzleNext     = "puzzle-next"
	idPuzzleStreak   = "puzzle-streak"
	idPuzzlesGyges   = "puzzles-gyges"
	idPuzzleSolution = "puzzle-solution"
)

// OpenLesson opens a lesson from the list.
func (p *page) OpenLesson(id string) {
	p.t.Helper()
	p.Click("lesson-" + id)
	p.WaitVisible(byID(idLessonTitle))
}

// WaitMessage waits until a status line holds a text.
func (p *page) WaitMessage(id, want string) {
	p.t.Helper()
	p.Wait(fmt.Sprintf("%s says %q", id, want), fmt.Sprintf(`document.getElementById(%q) && document.getElementById(%q).textContent.includes(%q)`, id, id, want))
}

// shippedSet reads a puzzle set as the app ships it.
func shippedSet(t *testing.T, game string) puzzles.Set {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "puzzles-"+game+".json"))
	if err != nil {
		t.Fatalf("the shipped puzzles: %v (build them with gygy puzzles)", err)
	}
	s, err := puzzles.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBrowserLearn runs the lessons and the puzzles on a desktop.
func TestBrowserLearn(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.Click(idLearnLink)
	p.WaitVisible(byID("lesson-gyre-bridge"))
	p.Screenshot("learn-list")
	if axeAvailable() {
		p.CheckAxe("the lessons")
	}

	// A bridge: a stone that misses, Try again, the stone that wins.
	p.OpenLesson("gyre-bridge")
	p.Cell("c5").Click()
	p.WaitMessage(idLessonMessage, "does not join the rims")
	p.Screenshot("learn-gyre-bridge-missed")
	if axeAvailable() {
		p.CheckAxe("a lesson missed")
	}
	p.Click(idLessonAgain)
	p.Cell("c5").WaitIs("empty")
	p.Cell("c1").Click()
	p.WaitMessage(idLessonMessage, "Spoke wins")
	p.WaitVisible(byID(idLessonNext))
	p.Screenshot("learn-gyre-bridge-done")

	// By keyboard: Next lesson (the loop), the stone placed with Enter.
	p.Focus(idLessonNext)
	p.Press("\r")
	p.Wait("the loop lesson", fmt.Sprintf(`document.getElementById(%q).textContent === "A loop"`, idLessonTitle))
	p.Cell("c8").Focus()
	p.Press("\r")
	p.WaitMessage(idLessonMessage, "Gyre wins")
	p.Screenshot("learn-gyre-loop-keyboard")

	// The lessons done are ticked, and stay so after a reload.
	p.Click(idLessonList)
	p.Reload()
	p.WaitVisible(byID("lesson-gyre-bridge"))
	done := eval[int](p, `document.querySelectorAll(".lesson-mark.done").length`)
	if done != 2 {
		t.Errorf("%d lessons ticked done after a reload, want 2", done)
	}

	// A GYRE puzzle: a stone that does not win, Try again, one that does.
	gyreSet := shippedSet(t, puzzles.GameGyre)
	first := gyreSet.Puzzles[0]
	g, err := first.Gyre()
	if err != nil {
		t.Fatal(err)
	}
	var wrong string
	for c := 0; c < g.Geometry().Cells(); c++ {
		name := g.Geometry().CellName(gyre.Cell(c))
		if g.At(gyre.Cell(c)) == gyre.Empty && !slices.Contains(first.Winning, name) {
			wrong = name
			break
		}
	}
	p.Navigate(srv.url("/?view=puzzles"))
	p.WaitVisible(byID(idPuzzleTitle))
	if axeAvailable() {
		p.CheckAxe("a GYRE puzzle")
	}
	p.Cell(wrong).Click()
	p.WaitMessage(idPuzzleMessage, "does not win")
	p.WaitVisible(byID(idPuzzleAgain))
	p.WaitMessage(idPuzzleStreak, "Streak: 0")
	p.Screenshot("puzzle-gyre-failed")
	if axeAvailable() {
		p.CheckAxe("a GYRE puzzle missed")
	}
	p.Click(idPuzzleAgain)
	p.Cell(wrong).WaitIs("empty")
	p.Cell(first.Winning[0]).Click()
	p.WaitMessage(idPuzzleMessage, "Solved")
	p.Screenshot("puzzle-gyre-solved")
	p.Click(idPuzzleNext)
	p.WaitMessage(idPuzzleTitle, "Puzzle 2 of")
	// Solved at the first try: the streak grows.
	second := gyreSet.Puzzles[1]
	p.Cell(second.Winning[len(second.Winning)-1]).Click()
	p.WaitMessage(idPuzzleMessage, "Solved")
	p.WaitMessage(idPuzzleStreak, "Streak: 1")

	// A Gygès puzzle, solved by dragging the piece.
	gygesSet := shippedSet(t, puzzles.GameGyges)
	gp := gygesSet.Puzzles[0]
	p.Click(idPuzzlesGyges)
	p.WaitMessage(idPuzzleTitle, "Puzzle 1 of")
	p.Screenshot("puzzle-gyges")
	if axeAvailable() {
		p.CheckAxe("a Gygès puzzle")
	}
	p.playGyges(gp)
	p.WaitMessage(idPuzzleMessage, "Solved")
	p.WaitMessage(idPuzzleStreak, "Streak: 2")
	p.ScreenshotStill("puzzle-gyges-solved")

	// The solution shown on the next one ends the streak.
	p.Click(idPuzzleNext)
	p.WaitMessage(idPuzzleTitle, "Puzzle 2 of")
	p.Click(idPuzzleSolution)
	p.WaitMessage(idPuzzleMessage, "The solution: "+gygesSet.Puzzles[1].Winning[0])
	p.WaitMessage(idPuzzleStreak, "Streak: 0 · best 2")
	p.ScreenshotStill("puzzle-gyges-solution")
}

// playGyges plays a puzzle's first winning move with the mouse: a drag to
// the square or the goal, and a tap on the drop square for a replace.
func (p *page) playGyges(pz puzzles.Puzzle) {
	p.t.Helper()
	pos, err := pz.Gyges()
	if err != nil {
		p.t.Fatal(err)
	}
	m, err := gyges.ParseMove(pz.Winning[0])
	if err != nil {
		p.t.Fatal(err)
	}
	var to target = p.Square(m.To.String())
	if m.IsGoal() {
		to = goalOf("north")
		if pos.Side() == gyges.North {
			to = goalOf("south")
		}
	}
	p.DragPiece(p.Square(m.From.String()), to)
	if m.IsReplace() {
		p.WaitVisible(byID(idReplaceChoice))
		p.Tap(p.Square(m.Drop.String()))
	}
}

// TestBrowserLearnPhone does a Gygès lesson and a GYRE puzzle on a phone
// with a finger, then opens the puzzles again with the server stopped.
func TestBrowserLearnPhone(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/?view=learn"))
	p.WaitVisible(byID(idLearnGyges))
	p.Click(idLearnGyges)
	p.WaitVisible(byID("lesson-gyges-goal"))
	p.Screenshot("learn-phone-list")
	p.OpenLesson("gyges-goal")
	p.Screenshot("learn-phone-gyges-goal")
	if axeAvailable() {
		p.CheckAxe("a Gygès lesson on a phone")
	}
	p.FingerTap(p.Square("c5"))
	p.FingerTap(goalOf("north"))
	p.WaitMessage(idLessonMessage, "South wins")
	p.ScreenshotStill("learn-phone-gyges-goal-done")
	if w := eval[float64](p, `document.querySelector(".learn-board svg").getBoundingClientRect().width`); w < 300 || w > 390 {
		t.Errorf("the lesson's board is %.0f px wide on a 390 px phone", w)
	}
	if eval[bool](p, `document.documentElement.scrollWidth > window.innerWidth`) {
		t.Errorf("the lesson page scrolls sideways on the phone")
	}
	// A GYRE puzzle by finger on the phone.
	set := shippedSet(t, puzzles.GameGyre)
	p.Navigate(srv.url("/?view=puzzles"))
	p.WaitVisible(byID(idPuzzleTitle))
	c := p.Cell(set.Puzzles[0].Winning[0])
	c.Tap() // a finger's first tap marks the cell, on every board
	c.WaitIs(classPending)
	if strings.Contains(p.Text(byID(idPuzzleMessage)), "Solved") {
		t.Error("the first tap of a finger placed the stone; it only marks the cell")
	}
	c.Tap() // the second places it
	p.WaitMessage(idPuzzleMessage, "Solved")
	p.Screenshot("puzzle-phone-gyre-solved")

	// Offline: the service worker has the puzzle sets too.
	p.WaitServiceWorker()
	srv.stop()
	p.Reload()
	p.WaitVisible(byID(idPuzzleTitle))
	p.Click(idPuzzlesGyges)
	p.WaitMessage(idPuzzleTitle, "Puzzle 1 of")
	if p.Has(byID("puzzle-error")) {
		t.Errorf("offline, the puzzles say %q", p.Text(byID("puzzle-error")))
	}
	p.Screenshot("puzzle-phone-offline-gyges")
}
