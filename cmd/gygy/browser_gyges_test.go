package main

// Gygès in the browser, at one device and against the computer.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"gygy/engine/gyges"
)

// loadRecord starts a two-player game from a record through the home
// screen's loader.
func loadRecord(t *testing.T, p *page, srv *server, record string) {
	t.Helper()
	p.Open(srv.url("/"))
	p.LoadRecord(record)
	p.WaitVisible(selGygesBoard)
	if got := p.GygesGame().String(); got != record {
		t.Fatalf("loaded %q, want %q", got, record)
	}
}

// newGygesGame opens the app in a new browser and starts a Gygès game for
// two players at the device, waiting for South's setup.
func newGygesGame(t *testing.T) *page {
	t.Helper()
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.Click(idGameGyges)
	p.WaitVisible(byID(idNoDisplace))
	p.Click(idStart)
	p.WaitVisible(selGygesBoard + " " + byID(idTray))
	return p
}

// TestBrowserGygesSetups sets up both home rows at one device: South by
// dragging pieces from the tray (and one by tapping), North with a ready
// layout; the board turns to the player who acts.
func TestBrowserGygesSetups(t *testing.T) {
	p := newGygesGame(t)
	if got := p.Status(); !strings.Contains(got, "South") {
		t.Errorf("status = %q, want South to set up", got)
	}
	if p.Flipped() {
		t.Errorf("the board is turned for South's setup")
	}
	// 321123: drag five pieces, tap-tap the sixth.
	for i, size := range []int{3, 2, 1, 1, 2} {
		p.DragPiece(trayPiece(size), p.Square(fmt.Sprintf("%c1", 'a'+i)))
		p.WaitCount(selTrayPiece, 5-i)
	}
	p.Screenshot("gyges-1-south-setup")
	if p.Enabled(idSetupConfirm) {
		t.Errorf("confirm is enabled with a piece still in the tray")
	}
	p.Tap(trayPiece(3))
	p.Tap(p.Square("f1"))
	// A placed piece dragged onto another home square swaps with it.
	p.DragPiece(p.Square("a1"), p.Square("f1"))
	p.Square("a1").WaitPieceSize(3)
	p.DragPiece(p.Square("a1"), p.Square("f1"))
	p.ClickWhenEnabled(idSetupConfirm)
	p.WaitMoves(1)
	if got := p.GygesGame().Layouts()[0].String(); got != "321123" {
		t.Fatalf("South's setup = %s, want 321123", got)
	}
	p.WaitFlipped(true) // North's turn
	p.Screenshot("gyges-2-north-setup")
	p.SetUp("231132")
	p.WaitMoves(2)
	if got := p.GygesGame().String(); got != "GYGES\n321123 231132" {
		t.Errorf("record = %q, want both setups", got)
	}
	p.WaitFlipped(false) // South to move
	p.Screenshot("gyges-3-first-move")

	// The rules, with diagrams drawn by the engine.
	p.Click(idNavRules)
	p.Click(idRulesGyges)
	p.WaitMoreThan(selDiagramPiece, 10)
	p.ScrollTo(selDiagram + ":nth-of-type(3)")
	if n := p.Count(selDiagram); n < 5 {
		t.Errorf("the Gygès rules show %d diagrams, want at least 5", n)
	}
	p.Screenshot("gyges-rules")
}

// TestBrowserGygesMoves plays by real pointer events from recorded
// positions: a move that bounces (its path drawn and animated), a replace
// with a chosen drop square (after a cancelled one), a refused drop, and
// a win into the goal.
func TestBrowserGygesMoves(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")

	// A plain move that bounces, for South.
	g, m := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		if m.IsReplace() || m.IsGoal() || m.From == m.To || pos.Side() != gyges.South {
			return false
		}
		path, err := pos.Path(m)
		return err == nil && hasBounce(path)
	})
	loadRecord(t, p, srv, g.String())
	n := len(g.Layouts()) + len(g.Played())
	path, _ := g.Position().Path(m)
	p.DragPiece(p.Square(m.From.String()), p.Square(m.To.String()))
	p.WaitMoves(n + 1)
	if got := p.GygesGame().Played(); got[len(got)-1] != m {
		t.Fatalf("last move = %v, want %v", got[len(got)-1], m)
	}
	if got := p.Trail(); got != path.String() {
		t.Errorf("drawn path = %q, want the engine's %q", got, path)
	}
	if !p.Animating() {
		t.Errorf("the move is not animated")
	}
	p.Screenshot("gyges-4-bounce")

	// A replace: pick a displaced piece's square, cancel once, then again
	// and choose the drop square.
	g, m = findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		return m.IsReplace() && pos.Side() == gyges.South && m.To.Row() > 0
	})
	loadRecord(t, p, srv, g.String())
	n = len(g.Layouts()) + len(g.Played())
	p.DragPiece(p.Square(m.From.String()), p.Square(m.To.String()))
	p.WaitVisible(byID(idReplaceChoice))
	p.Screenshot("gyges-5-replace-choice")
	if !p.Square(m.Drop.String()).Is(classDrop) {
		t.Errorf("%s is not marked as a drop square", m.Drop)
	}
	p.Click(idReplaceCancel)
	p.WaitGone(byID(idReplaceChoice))
	if got := len(p.GygesGame().Played()); got != len(g.Played()) {
		t.Fatalf("a cancelled replace changed the game: %d moves", got)
	}
	p.DragPiece(p.Square(m.From.String()), p.Square(m.To.String()))
	p.WaitVisible(byID(idReplaceChoice))
	p.Tap(p.Square(m.Drop.String()))
	p.WaitMoves(n + 1)
	if got := p.GygesGame().Played(); got[len(got)-1] != m {
		t.Fatalf("last move = %v, want %v", got[len(got)-1], m)
	}
	p.Screenshot("gyges-6-replaced")

	// A drop where the piece cannot end is refused with a reason, and the
	// piece goes back.
	pos := p.GygesGame().Position()
	from, bad, ok := gygesBadDrop(pos)
	if !ok {
		t.Fatal("no square found where a movable piece cannot end")
	}
	before := p.Record()
	p.DragPiece(p.Square(from.String()), p.Square(bad.String()))
	p.WaitVisible(byID(idNotice))
	if got := p.Notice(); !strings.Contains(got, "cannot end on "+bad.String()) {
		t.Errorf("refusal = %q, want it to say the piece cannot end on %s", got, bad)
	}
	if got := p.Record(); got != before {
		t.Errorf("a refused drop changed the record to %q", got)
	}
	if got := p.Square(from.String()).PieceSize(); got != pos.Piece(from) {
		t.Errorf("the piece on %s is not back after the refusal", from)
	}
	p.Screenshot("gyges-7-refused")

	// Undo and redo.
	p.Undo()
	p.WaitMoves(n)
	p.Redo()
	p.WaitMoves(n + 1)

	// A win: South drags a piece into North's goal.
	g, m = findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		return m.IsGoal() && pos.Side() == gyges.South
	})
	loadRecord(t, p, srv, g.String())
	p.DragPiece(p.Square(m.From.String()), goalOf("north"))
	p.WaitResult()
	if got := p.Result(); !strings.Contains(got, "South wins") {
		t.Errorf("result = %q, want South to win", got)
	}
	p.WaitVisible(byID(idGoalPiece))
	p.WaitStill()
	p.Screenshot("gyges-8-win")
	if p.GoalPieceBottom() > p.Square("a6").Top() {
		t.Errorf("the winning piece is not drawn in the goal")
	}
}

// TestBrowserGygesBot plays North against the computer: the computer sets
// up South and moves, the board stays turned to the person, a move by
// tapping twice, and a reload resumes the game.
func TestBrowserGygesBot(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.StartGame(idGameGyges, idModeComputer, idLevelEasy, idSideSecond)
	p.WaitVisible(selGygesBoard)
	p.WaitMoves(1) // the computer's setup
	p.WaitVisible(byID(idTray))
	if !p.Flipped() {
		t.Errorf("the board is not turned to North, the person's side")
	}
	p.SetUp("312213")
	p.WaitMoves(3) // my setup and the computer's first move
	p.WaitLive()
	p.Screenshot("gyges-bot-1")
	// A quiet move, so that the game is still on after the reply.
	m := gygesQuiet(p.GygesGame().Position())
	p.Tap(p.Square(m.From.String()))
	p.Square(m.To.String()).WaitIs(classTarget)
	p.Tap(p.Square(m.To.String()))
	p.WaitMoves(5) // my move and the computer's reply
	g := p.GygesGame()
	if got := g.Played()[1]; got != m {
		t.Fatalf("my move = %v, want %v", got, m)
	}
	record := g.String()
	p.Reload()
	p.WaitLive()
	if got := p.GygesGame().String(); got != record {
		t.Errorf("after reload: %q, want %q", got, record)
	}
	p.Screenshot("gyges-bot-2-resumed")
}

// TestBrowserGygesScreens draws a game in progress on a phone and a
// tablet, both ways up, and moves a piece with a finger on the phone.
func TestBrowserGygesScreens(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	g, m := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		if m.IsReplace() || m.IsGoal() || m.From == m.To || pos.Side() != gyges.South || len(pos.Moves(nil)) < 30 {
			return false
		}
		path, err := pos.Path(m)
		return err == nil && hasBounce(path)
	})
	// The setup of a beginner's game (no replacing) on a phone.
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	p.Click(idGameGyges)
	p.StartGame(idNoDisplace)
	p.WaitVisible(byID(idTray))
	p.ChooseLayout("123321")
	p.Screenshot("gyges-screen-phone-setup")
	if got := p.Record(); got != "GYGES nodisplace\n" {
		t.Errorf("record of a new beginner's game = %q, want the nodisplace header", got)
	}
	if !p.OnScreen(idSetupConfirm) {
		t.Errorf("the confirm button of the setup is off the phone's screen")
	}

	loadRecord(t, p, srv, g.String())
	n := len(g.Layouts()) + len(g.Played())
	for i, sc := range []struct {
		name          string
		width, height int64
	}{
		{"phone-portrait", 390, 844},
		{"tablet-portrait", 820, 1180},
		{"tablet-landscape", 1180, 820},
		{"phone-landscape", 844, 390},
	} {
		p.Resize(sc.width, sc.height, true)
		if !p.BoardFits(selGygesBoard, 0.45) {
			t.Errorf("%s: the board does not fit the screen, or the page scrolls", sc.name)
		}
		if i == 0 {
			// A finger drags the piece on the phone.
			p.TouchDrag(p.Square(m.From.String()), p.Square(m.To.String()))
			p.WaitMoves(n + 1)
			p.WaitStill()
		}
		p.Screenshot("gyges-screen-" + sc.name)
	}
}

// TestBrowserGygesKeyboard sets up South's row and makes a move with the
// keyboard alone: digits place pieces, the arrows move, Enter picks up
// and puts down.
func TestBrowserGygesKeyboard(t *testing.T) {
	p := newGygesGame(t)
	p.Square("a1").Focus()
	p.Press("3" + kb.ArrowRight + "2" + kb.ArrowRight + "1" + kb.ArrowRight + "1" + kb.ArrowRight + "2" + kb.ArrowRight + "3")
	p.ClickWhenEnabled(idSetupConfirm)
	p.WaitMoves(1)
	p.SetUp("123321") // North
	p.WaitMoves(2)
	if got := p.GygesGame().Layouts()[0].String(); got != "321123" {
		t.Fatalf("South's typed setup = %s, want 321123", got)
	}
	// a1 holds a 3: a1-a4 goes straight up three squares.
	p.Square("a1").Focus()
	p.Press(kb.Enter)
	p.Square("a4").WaitIs(classTarget)
	p.Press(kb.ArrowUp + kb.ArrowUp + kb.ArrowUp + kb.Enter)
	p.WaitMoves(3)
	if got := p.GygesGame().Played()[0].String(); got != "a1-a4" {
		t.Errorf("keyboard move = %s, want a1-a4", got)
	}
	if got := p.Focused(); !strings.HasPrefix(got, "sq-") {
		t.Logf("focus after the move: %q", got)
	}
}
