package main

// A click plays the cell or piece under the pointer, whatever was redrawn
// before: a record made shorter (undo) or longer (redo, a record loaded),
// the review, a reload that resumes the save, another board size, a
// rematch; and online, the opponent's absence coming and going (the
// board must not move: see app/ui's package doc).

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// loadGyre starts a two-player GYRE game from a record through the home
// screen's loader.
func loadGyre(t *testing.T, p *page, srv *server, record string) {
	t.Helper()
	p.Open(srv.url("/"))
	p.LoadRecord(record)
	p.WaitVisible(selGyreBoard)
	if got := p.Record(); got != record {
		t.Fatalf("loaded %q, want %q", got, record)
	}
}

// lastAction is the last action of a record as the page shows it.
func lastAction(p *page) string {
	p.t.Helper()
	f := strings.Fields(p.Record())
	if len(f) < 2 {
		return ""
	}
	return f[len(f)-1]
}

// clickEach clicks each GYRE cell in turn with the mouse and sees exactly
// that cell played, then takes the stone back (an undo, which redraws the
// board with a shorter record). The board must not move under the
// pointer while it is clicked.
func clickEach(t *testing.T, p *page, when string, cells ...string) {
	t.Helper()
	for _, name := range cells {
		if !p.Cell(name).Is(classEmpty) {
			t.Fatalf("%s: %s is not empty: the test's plan is wrong", when, name)
		}
		n := p.Moves()
		before := p.rectOf(selGyreBoard)
		p.Cell(name).Click()
		if !p.holdsWithin(5*time.Second, fmt.Sprintf("document.querySelectorAll(%q).length > %d", selMoves, n)) {
			notice := "none"
			if p.Has(byID(idNotice)) {
				notice = fmt.Sprintf("%q", p.Notice())
			}
			p.fail(fmt.Sprintf("%s: a click on %s played nothing (notice %s)", when, name, notice))
		}
		if got := lastAction(p); got != name {
			p.fail(fmt.Sprintf("%s: a click on %s played %s", when, name, got))
		}
		if after := p.rectOf(selGyreBoard); after != before {
			t.Errorf("%s: the board moved from %v to %v with a click on %s", when, before, after, name)
		}
		p.Undo()
		p.WaitMoves(n)
	}
}

// reloadToGame reloads the page and comes back to the saved game: at once,
// or by the home screen's Resume.
func (p *page) reloadToGame(board string) {
	p.t.Helper()
	p.Reload()
	p.Wait("the game or Resume", fmt.Sprintf("%s !== null || %s !== null", jsEl(board), jsEl(byID(idResume))))
	if p.Has(byID(idResume)) {
		p.Click(idResume)
	}
	p.WaitVisible(board)
}

// rectOf is where an element is on the page: x, y, width and height,
// rounded to a pixel. On the page, not on the screen: a phone's game
// screen scrolls as one page, and a scroll is not the board moving.
func (p *page) rectOf(sel string) [4]int {
	p.t.Helper()
	r := eval[[]float64](p, fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()`, jsEl(sel)))
	if len(r) != 4 {
		p.fail("no element " + sel + p.on())
	}
	return [4]int{int(r[0] + 0.5), int(r[1] + 0.5), int(r[2] + 0.5), int(r[3] + 0.5)}
}

// TestBrowserClickGyre redraws a GYRE board through what changes a board
// at one device, and after each change clicks several cells and sees
// each played.
func TestBrowserClickGyre(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	cells := []string{"d3", "b8", "e10", "a2"}

	loadGyre(t, p, srv, "GYRE 5x10\nc1 swap a6 e1 b6")
	clickEach(t, p, "a record loaded", cells...)

	// Shorter, then longer again; then shorter.
	p.Undo()
	p.WaitMoves(4)
	p.Undo()
	p.WaitMoves(3)
	p.Redo()
	p.WaitMoves(4)
	p.Redo()
	p.WaitMoves(5)
	clickEach(t, p, "after two undos and two redos", cells...)
	p.Undo()
	p.WaitMoves(4)
	p.Undo()
	p.WaitMoves(3)
	clickEach(t, p, "after two undos", cells...)

	// The review: to the first position and back to the game.
	p.Click(idReviewFirst)
	p.WaitText(byID(idReviewAt), "Move 0 of 3")
	p.Click(idReviewLast)
	p.WaitText(byID(idReviewAt), "Live")
	clickEach(t, p, "after the review", cells...)

	// A longer record, then a shorter one, loaded in place of this one.
	loadGyre(t, p, srv, "GYRE 5x10\nc1 swap a6 e1 b6 c5 c6 b1 a9")
	clickEach(t, p, "a longer record", "d3", "b8", "a2")
	loadGyre(t, p, srv, "GYRE 5x10\nc1 swap")
	clickEach(t, p, "a shorter record", cells...)

	// A reload resumes the save.
	p.reloadToGame(selGyreBoard)
	clickEach(t, p, "resumed after a reload", cells...)

	// Another size, and its rematch.
	loadGyre(t, p, srv, "GYRE 3x6\na1 swap b1 a3 b2 c3 b3 a5 b4 c5 b5 c1")
	clickEach(t, p, "a 3×6 board", "a2", "c6")
	p.Play("b6")
	p.WaitResult()
	p.Click(idRematch)
	p.WaitMoves(0)
	clickEach(t, p, "a rematch on the 3×6 board", "b4", "c2", "a1")
	p.Screenshot("click-gyre-rematch")
}

// tapMove moves the piece on from with two taps, to the first square the
// board marks as a target, and sees exactly that move played; then it
// takes it back.
func tapMove(t *testing.T, p *page, when string, from gyges.Square) {
	t.Helper()
	n := p.Moves()
	p.WaitInPlace(selGygesBoard) // what came before (an undo, a redo) is drawn
	before := p.rectOf(selGygesBoard)
	p.Tap(p.Square(from.String()))
	other := fmt.Sprintf(`[...document.querySelectorAll("#gyges-svg .target")].find(e => e.id !== "sq-%s")`, from)
	p.Wait("targets of "+from.String(), other+" !== undefined")
	to := strings.TrimPrefix(eval[string](p, other+".id"), "sq-")
	if after := p.rectOf(selGygesBoard); after != before {
		t.Errorf("%s: the board moved from %v to %v when %s was picked up", when, before, after, from)
	}
	p.Tap(p.Square(to))
	if !p.holdsWithin(5*time.Second, fmt.Sprintf("document.querySelectorAll(%q).length > %d", selMoves, n)) {
		p.fail(fmt.Sprintf("%s: tapping %s then %s played nothing", when, from, to))
	}
	played := p.GygesGame().Played()
	if len(played) == 0 {
		p.fail(fmt.Sprintf("%s: tapping %s then %s left no move in the game", when, from, to))
	}
	if got := played[len(played)-1]; got.From != from || got.To.String() != to {
		p.fail(fmt.Sprintf("%s: tapping %s then %s played %v", when, from, to, got))
	}
	p.Undo()
	p.WaitMoves(n)
	p.WaitStill()
}

// movable lists the squares of the pieces the side to move may move.
func movable(t *testing.T, p *page) []gyges.Square {
	t.Helper()
	m := p.GygesGame().Position().Dests().Movable()
	var out []gyges.Square
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if m.Has(s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no movable piece in %s", p.GygesGame())
	}
	return out
}

// TestBrowserClickGyges does the same on the Gygès board: after a record
// loaded, undo and redo, the review and a reload, each movable piece
// tapped and moved is the one that moves.
func TestBrowserClickGyges(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	g, _ := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		return pos.Side() == gyges.South && len(pos.Dests().Pieces) >= 2
	})
	loadRecord(t, p, srv, g.String())
	each := func(when string) {
		t.Helper()
		for _, s := range movable(t, p) {
			tapMove(t, p, when, s)
		}
	}
	each("a record loaded")
	// A click's handler runs after the click returns: wait for the list to
	// change, or the next tap counts moves from a list not yet redrawn (in
	// CI it read 1 mid-redo, took the redo for its move, and found none).
	k := p.Moves()
	p.Undo()
	p.WaitMoves(k - 1)
	p.WaitStill()
	p.Redo()
	p.WaitMoves(k)
	p.WaitStill()
	each("after an undo and a redo")
	p.Click(idReviewFirst)
	p.WaitText(byID(idReviewAt), fmt.Sprintf("Move 0 of %d", p.Moves()))
	p.Click(idReviewLast)
	p.WaitText(byID(idReviewAt), "Live")
	each("after the review")
	p.reloadToGame(selGygesBoard)
	each("resumed after a reload")
	p.Screenshot("click-gyges-resumed")
}

// testOnlineClick: while the guest waits for its move, the host's page is
// frozen and offline until the guest's page says the opponent is gone,
// then comes back; the guest's board must not move meanwhile (it did: the
// banner of the absence above it left as the host came back, the board
// rose, and a click aimed at d1 played c1), and the guest's click then
// plays the cell clicked.
func testOnlineClick(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	joinGame(t, fig, a, b, link, selGyreBoard, "click")
	for _, p := range []*page{a, b} {
		p.Watch()
	}
	ply := 0
	for a.GyreGame().Turn() != gyre.Two || a.GyreGame().SwapAvailable() {
		gyrePly(t, fig, a, b, ply)
		ply++
	}
	b.WaitLive()
	before := b.rectOf(selGyreBoard)
	a.setOffline(true)
	a.setFrozen(true)
	b.WaitLong("the opponent gone", byID("away"), 60*time.Second)
	gone := b.rectOf(selGyreBoard)
	b.Screenshot("online-click-gone-B")
	a.setOffline(false)
	a.setFrozen(false)
	b.Wait("the opponent back", `document.getElementById("no-away") !== null`)
	back := b.rectOf(selGyreBoard)
	if gone != before || back != before {
		t.Errorf("the guest's board moved: %v before, %v with the opponent gone, %v once back", before, gone, back)
	}
	b.WaitLive()
	n := a.Moves()
	b.WaitMoves(n)
	g := b.GyreGame()
	move := g.Geometry().MoveName(gyrePlan(g))
	b.Cell(move).Click()
	if !b.holdsWithin(5*time.Second, fmt.Sprintf("document.querySelectorAll(%q).length > %d", selMoves, n)) {
		b.fail(fmt.Sprintf("a click on %s once the opponent was back played nothing", move))
	}
	if got := lastAction(b); got != move {
		b.fail(fmt.Sprintf("a click on %s once the opponent was back played %s", move, got))
	}
	a.WaitMoves(n + 1)
	b.Screenshot("online-click-back-B")
}
