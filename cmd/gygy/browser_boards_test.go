package main

// The page object's two boards: GYRE's cells, clicked, tapped or reached by
// keyboard, and Gygès's squares, goals and tray, reached by the mouse (as a
// hand drags), by a finger, or by keyboard.

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// cell is a cell of the GYRE board, named as the notation names it (c3).
type cell struct {
	p    *page
	name string
}

// Cell is the GYRE board's cell of a name.
func (p *page) Cell(name string) cell { return cell{p, name} }

func (c cell) id() string { return "cell-" + c.name }

// Click plays the cell with the mouse.
func (c cell) Click() {
	c.p.t.Helper()
	c.p.Do("play "+c.name, click(byID(c.id())))
}

// Tap touches the cell with a finger (a click whose pointer is a touch).
func (c cell) Tap() {
	c.p.t.Helper()
	c.p.Do("tap "+c.name, dispatch(c.id(), `new PointerEvent("click", {bubbles: true, pointerType: "touch"})`))
}

// Is tells whether the cell has a class: empty, spoke, gyre, pending, win.
func (c cell) Is(class string) bool {
	c.p.t.Helper()
	return c.p.HasClass(c.id(), class)
}

// WaitIs waits until the cell has a class.
func (c cell) WaitIs(class string) {
	c.p.t.Helper()
	c.p.Wait(c.name+" "+class, jsHasClass(c.id(), class))
}

// WaitIsNot waits until the cell lacks a class.
func (c cell) WaitIsNot(class string) {
	c.p.t.Helper()
	c.p.Wait(c.name+" not "+class, "!("+jsHasClass(c.id(), class)+")")
}

// Focus gives the cell the keyboard focus.
func (c cell) Focus() {
	c.p.t.Helper()
	c.p.Do("focus "+c.name, chromedp.Focus(chromedp.CSS(byID(c.id()))))
}

// dispatch sends a JavaScript event to an element.
func dispatch(id, event string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q).dispatchEvent(%s)`, id, event))(ctx, tg)
		return err
	})
}

// Play plays GYRE moves one after the other with the mouse, each a cell,
// "swap" or "keep" (the swap declined), waiting for each to be listed.
func (p *page) Play(moves ...string) {
	p.t.Helper()
	for _, m := range moves {
		before := p.Moves()
		switch m {
		case "keep":
			p.Click(idKeep)
			p.WaitGone(byID(idSwapOffer))
			continue
		case "swap":
			p.Click(idSwap)
		default:
			p.Cell(m).Click()
		}
		p.WaitMovesAtLeast(before + 1)
	}
}

// ClickEmptyCell clicks the first empty cell of a ring (a letter), or any
// empty cell when that ring is full.
func (p *page) ClickEmptyCell(ring string) {
	p.t.Helper()
	p.Do("click an empty cell", chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
			const cells = [...document.querySelectorAll(%q)];
			const pick = cells.find(c => c.id.startsWith("cell-%s")) || cells[0];
			pick.dispatchEvent(new MouseEvent("click", {bubbles: true}));
			return true;
		})()`, selEmptyCell, ring))(c, tg)
		return err
	}))
}

// Press types keys into the element that has the focus.
func (p *page) Press(keys string) {
	p.t.Helper()
	p.Do("keys", chromedp.KeyEvent(keys))
}

// Focused is the id of the element that has the keyboard focus.
func (p *page) Focused() string {
	p.t.Helper()
	return eval[string](p, `document.activeElement ? document.activeElement.id : ""`)
}

// WaitFocus waits until the element with an id has the keyboard focus.
func (p *page) WaitFocus(id string) {
	p.t.Helper()
	p.Wait("focus on "+id, fmt.Sprintf(`document.activeElement && document.activeElement.id === %q`, id))
}

// target is a place on the Gygès board a pointer can aim at.
type target interface{ js() string }

// spot is a target found by a JavaScript expression.
type spot string

func (s spot) js() string { return string(s) }

// goalOf is the goal of a side: "north" or "south".
func goalOf(side string) target {
	return spot(fmt.Sprintf(`document.querySelector("#goal-%s rect")`, side))
}

// trayPiece is a piece of a size in the setup's tray.
func trayPiece(size int) target {
	return spot(fmt.Sprintf(`document.querySelector("#tray .size-%d")`, size))
}

// square is a square of the Gygès board, named as the notation names it.
type square struct {
	p    *page
	name string
}

// Square is the Gygès board's square of a name.
func (p *page) Square(name string) square { return square{p, name} }

func (s square) js() string { return fmt.Sprintf(`document.querySelector("#sq-%s .sq-bg")`, s.name) }

// Is tells whether the square has a class: target, drop.
func (s square) Is(class string) bool {
	s.p.t.Helper()
	return s.p.HasClass("sq-"+s.name, class)
}

// WaitIs waits until the square has a class.
func (s square) WaitIs(class string) {
	s.p.t.Helper()
	s.p.Wait(s.name+" "+class, jsHasClass("sq-"+s.name, class))
}

// PieceSize is the size of the piece drawn on the square, 0 for none.
func (s square) PieceSize() int {
	s.p.t.Helper()
	return eval[int](s.p, fmt.Sprintf(`+((document.getElementById("piece-%s") || {dataset: {}}).dataset.size || 0)`, s.name))
}

// WaitPieceSize waits until the piece on the square has a size.
func (s square) WaitPieceSize(size int) {
	s.p.t.Helper()
	s.p.Wait(fmt.Sprintf("a %d on %s", size, s.name), fmt.Sprintf(`document.querySelector("#piece-%s").dataset.size === "%d"`, s.name, size))
}

// Focus gives the square the keyboard focus.
func (s square) Focus() {
	s.p.t.Helper()
	s.p.Do("focus "+s.name, chromedp.Focus(chromedp.CSS("#sq-"+s.name)))
}

// Top is the top edge of the square on screen.
func (s square) Top() float64 {
	s.p.t.Helper()
	return eval[float64](s.p, s.js()+".getBoundingClientRect().top")
}

// GoalPieceBottom is the bottom edge on screen of the piece that won, in
// the goal.
func (p *page) GoalPieceBottom() float64 {
	p.t.Helper()
	return eval[float64](p, fmt.Sprintf(`document.querySelector("#%s .body").getBoundingClientRect().bottom`, idGoalPiece))
}

// Trail is the path of the last move as the board draws it.
func (p *page) Trail() string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).dataset.path`, idTrail))
}

// Flipped tells whether the Gygès board is turned to North.
func (p *page) Flipped() bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`%s.classList.contains(%q)`, jsEl(selGygesBoard), classFlipped))
}

// WaitFlipped waits until the Gygès board is turned to North (or not).
func (p *page) WaitFlipped(flipped bool) {
	p.t.Helper()
	not := "!"
	if flipped {
		not = ""
	}
	p.Wait(fmt.Sprintf("board flipped %v", flipped), fmt.Sprintf(`%s%s.classList.contains(%q)`, not, jsEl(selGygesBoard), classFlipped))
}

// ChooseLayout puts the pieces of the home row in a ready layout, named
// as the record names it (321123).
func (p *page) ChooseLayout(layout string) {
	p.t.Helper()
	p.Click("layout-" + layout)
}

// SetUp chooses a ready layout of the home row and confirms it.
func (p *page) SetUp(layout string) {
	p.t.Helper()
	p.ChooseLayout(layout)
	p.ClickWhenEnabled(idSetupConfirm)
}

// centre is the centre of a target in CSS pixels of the viewport.
func (p *page) centre(tg target) (float64, float64) {
	p.t.Helper()
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		const el = %s;
		if (!el) return [];
		// A person scrolls to see what they aim at: a target hidden
		// past the edge of its scrolling box is brought into view first.
		// One covered by something else stays covered, and the tap or
		// click lands on what covers it, as a finger's would.
		const seen = () => {
			const r = el.getBoundingClientRect();
			const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			return hit && (el.contains(hit) || hit.contains(el) || (el.parentNode && el.parentNode.contains(hit)));
		};
		if (!seen()) {
			const r = el.getBoundingClientRect();
			let box = el.parentElement;
			while (box && box !== document.body && (box.scrollHeight <= box.clientHeight || getComputedStyle(box).overflowY === "visible")) box = box.parentElement;
			const b = box && box !== document.body ? box.getBoundingClientRect() : {top: 0, bottom: innerHeight};
			if (r.top < b.top || r.bottom > b.bottom) el.scrollIntoView({block: "nearest"});
		}
		const r = el.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, tg.js()))
	if len(xy) != 2 {
		p.fail(fmt.Sprintf("no element for %s%s", tg.js(), p.on()))
	}
	return xy[0], xy[1]
}

// boardRect is where the Gygès board is on screen: x, y, width, height.
func (p *page) boardRect() []float64 {
	p.t.Helper()
	return eval[[]float64](p, fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()`, jsEl(selGygesBoard)))
}

// DragPiece drags a piece with the mouse as a hand does: it presses on the
// piece, moves a little, and then aims at the target and lets go there. A
// board that redraws at another size when a piece is picked up, or a
// target that moves during the drag, would send the piece elsewhere, as it
// would a person's: that fails the test.
func (p *page) DragPiece(from, to target) {
	p.t.Helper()
	move := from.js() + " to " + to.js()
	before := p.boardRect()
	x0, y0 := p.centre(from)
	held := func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }
	p.Do("pick up", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+2, y0+2, chromedp.ButtonLeft, held),
		chromedp.Sleep(100*time.Millisecond))
	if after := p.boardRect(); !slices.Equal(after, before) {
		p.t.Errorf("%s: the board changed from %.0f×%.0f at (%.0f, %.0f) to %.0f×%.0f at (%.0f, %.0f) when a piece was picked up for %s",
			p.on(), before[2], before[3], before[0], before[1], after[2], after[3], after[0], after[1], move)
	}
	x1, y1 := p.centre(to)
	var steps []chromedp.Action[chromedp.Void]
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+f*(x1-x0), y0+f*(y1-y0), chromedp.ButtonLeft, held))
	}
	p.Do("drag", steps...)
	if x2, y2 := p.centre(to); x2 != x1 || y2 != y1 {
		p.t.Errorf("%s: the target moved during the drag %s", p.on(), move)
		x1, y1 = x2, y2
		p.Do("re-aim", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1, chromedp.ButtonLeft, held))
	}
	p.Do("drop", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft))
}

// Tap clicks a target with the mouse: press and release in place.
func (p *page) Tap(tg target) {
	p.t.Helper()
	x, y := p.centre(tg)
	p.Do("tap", chromedp.MouseClickXY(x, y))
}

// TouchDrag drags with one finger from one target to another.
func (p *page) TouchDrag(from, to target) {
	p.t.Helper()
	x0, y0 := p.centre(from)
	x1, y1 := p.centre(to)
	touch := func(typ input.DispatchTouchEventType, x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			one, id := 1.0, 0.0
			points := []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}
			if typ == input.DispatchTouchEventTypeTouchEnd {
				points = []*input.TouchPoint{} // a touchEnd has no touch points
			}
			_, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
			return err
		})
	}
	actions := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, x0, y0)}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		actions = append(actions, touch(input.DispatchTouchEventTypeTouchMove, x0+f*(x1-x0), y0+f*(y1-y0)))
	}
	actions = append(actions, touch(input.DispatchTouchEventTypeTouchEnd, x1, y1))
	p.Do("touch drag", actions...)
}
