package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gygy/engine/gyges"
)

// centreOf returns the centre of the element a JavaScript expression
// finds, in CSS pixels of the viewport.
func centreOf(t *testing.T, ctx context.Context, expr string) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
		const el = %s;
		if (!el) return [];
		const r = el.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, expr))
	if len(xy) != 2 {
		t.Fatalf("no element for %s", expr)
	}
	return xy[0], xy[1]
}

// square finds a square of the Gygès board; goal finds a goal.
func square(name string) string {
	return fmt.Sprintf(`document.querySelector("#sq-%s .sq-bg")`, name)
}

func goalOf(side string) string {
	return fmt.Sprintf(`document.querySelector("#goal-%s rect")`, side)
}

// mouseDrag presses the mouse on one element, moves it in steps to another
// and releases it there: real pointer events, as a person's hand makes.
func mouseDrag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	x0, y0 := centreOf(t, ctx, from)
	x1, y1 := centreOf(t, ctx, to)
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft),
	}
	const steps = 8
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		actions = append(actions, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+f*(x1-x0), y0+f*(y1-y0),
			chromedp.ButtonLeft, func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }))
	}
	actions = append(actions, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft))
	do(t, ctx, "drag", actions...)
}

// mouseTap clicks an element with the mouse: press and release in place.
func mouseTap(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	x, y := centreOf(t, ctx, expr)
	do(t, ctx, "tap", chromedp.MouseClickXY(x, y))
}

// gygesRecord reads the record the page shows and replays it.
func gygesRecord(t *testing.T, ctx context.Context) *gyges.Game {
	t.Helper()
	text := eval[string](t, ctx, `document.getElementById("record-out").value`)
	g, err := gyges.ParseRecord(text)
	if err != nil {
		t.Fatalf("the page's record %q: %v", text, err)
	}
	return g
}

// waitActions waits until the move list holds n actions (setups included).
func waitActions(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	do(t, ctx, fmt.Sprintf("wait for %d actions", n),
		waitJS(fmt.Sprintf(`document.querySelectorAll("#moves li").length === %d`, n)))
}

// loadRecord starts a two-player game from a record through the home
// screen's loader.
func loadRecord(t *testing.T, ctx context.Context, srv *server, record string) {
	t.Helper()
	do(t, ctx, "home", chromedp.Navigate(srv.url("/")), appReady,
		chromedp.WaitVisible(chromedp.CSS("#record-in")),
		setInput("#record-in", record),
		click("#load"),
		chromedp.WaitVisible(chromedp.CSS("svg.gyges-board")))
	if got := gygesRecord(t, ctx).String(); got != record {
		t.Fatalf("loaded %q, want %q", got, record)
	}
}

// findGame plays seeded random games until it reaches a position where
// want finds a move for the side to move; it returns the game so far and
// that move.
func findGame(t *testing.T, v gyges.Variant, want func(p gyges.Position, m gyges.Move) bool) (*gyges.Game, gyges.Move) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 11))
	for range 200 {
		g := gyges.NewGame(v)
		g.Setup(gyges.RandomLayout(r))
		g.Setup(gyges.RandomLayout(r))
		for ply := 0; ply < 40 && g.Phase() == gyges.Playing; ply++ {
			p := g.Position()
			moves := p.Moves(nil)
			for _, m := range moves {
				if want(p, m) {
					return g, m
				}
			}
			// Avoid ending the game: play a random move that is not a win.
			r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			for _, m := range moves {
				if !m.IsGoal() {
					g.Play(m)
					break
				}
			}
		}
	}
	t.Fatal("no game reached the position wanted")
	return nil, gyges.Pass
}

func hasBounce(p gyges.Path) bool {
	for _, st := range p {
		if st.Bounce {
			return true
		}
	}
	return false
}

// newGygesGame opens the app in a new browser and starts a Gygès game for
// two players at the device, waiting for South's setup.
func newGygesGame(t *testing.T) context.Context {
	t.Helper()
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady,
		click("#game-gyges"), chromedp.WaitVisible(chromedp.CSS("#nodisplace")), click("#start"),
		chromedp.WaitVisible(chromedp.CSS("svg.gyges-board #tray")))
	return ctx
}

// TestBrowserGygesSetups sets up both home rows at one device: South by
// dragging pieces from the tray (and one by tapping), North with a ready
// layout; the board turns to the player who acts.
func TestBrowserGygesSetups(t *testing.T) {
	ctx := newGygesGame(t)
	if got := textOf(t, ctx, "#status"); !strings.Contains(got, "South") {
		t.Errorf("status = %q, want South to set up", got)
	}
	if eval[bool](t, ctx, `document.querySelector("svg.gyges-board").classList.contains("flipped")`) {
		t.Errorf("the board is turned for South's setup")
	}
	tray := func(size int) string {
		return fmt.Sprintf(`document.querySelector("#tray .size-%d")`, size)
	}
	// 321123: drag five pieces, tap-tap the sixth.
	for i, size := range []int{3, 2, 1, 1, 2} {
		mouseDrag(t, ctx, tray(size), square(fmt.Sprintf("%c1", 'a'+i)))
		do(t, ctx, "placed", waitJS(fmt.Sprintf(`document.querySelectorAll("#tray .piece").length === %d`, 5-i)))
	}
	screenshot(t, ctx, "gyges-1-south-setup")
	if !eval[bool](t, ctx, `document.getElementById("setup-confirm").disabled`) {
		t.Errorf("confirm is enabled with a piece still in the tray")
	}
	mouseTap(t, ctx, tray(3))
	mouseTap(t, ctx, square("f1"))
	// A placed piece dragged onto another home square swaps with it.
	mouseDrag(t, ctx, square("a1"), square("f1"))
	do(t, ctx, "swapped", waitJS(`document.querySelector("#piece-a1").dataset.size === "3"`))
	mouseDrag(t, ctx, square("a1"), square("f1"))
	do(t, ctx, "confirm South", waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
	waitActions(t, ctx, 1)
	if got := gygesRecord(t, ctx).Layouts()[0].String(); got != "321123" {
		t.Fatalf("South's setup = %s, want 321123", got)
	}
	do(t, ctx, "North's turn, board turned", waitJS(`document.querySelector("svg.gyges-board").classList.contains("flipped")`))
	screenshot(t, ctx, "gyges-2-north-setup")
	do(t, ctx, "North layout", click("#layout-231132"),
		waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
	waitActions(t, ctx, 2)
	if got := gygesRecord(t, ctx).String(); got != "GYGES\n321123 231132" {
		t.Errorf("record = %q, want both setups", got)
	}
	do(t, ctx, "South to move", waitJS(`!document.querySelector("svg.gyges-board").classList.contains("flipped")`))
	screenshot(t, ctx, "gyges-3-first-move")

	// The rules, with diagrams drawn by the engine.
	do(t, ctx, "rules", click("#nav-rules"), click("#rules-gyges"),
		waitJS(`document.querySelectorAll("figure.diagram svg .piece").length > 10`),
		chromedp.ScrollIntoView(chromedp.CSS("figure.diagram:nth-of-type(3)")))
	if n := eval[int](t, ctx, `document.querySelectorAll("figure.diagram").length`); n < 5 {
		t.Errorf("the Gygès rules show %d diagrams, want at least 5", n)
	}
	screenshot(t, ctx, "gyges-rules")
}

// TestBrowserGygesMoves plays by real pointer events from recorded
// positions: a move that bounces (its path drawn and animated), a replace
// with a chosen drop square (after a cancelled one), a refused drop, and
// a win into the goal.
func TestBrowserGygesMoves(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)

	// A plain move that bounces, for South.
	g, m := findGame(t, gyges.Standard, func(p gyges.Position, m gyges.Move) bool {
		if m.IsReplace() || m.IsGoal() || m.From == m.To || p.Side() != gyges.South {
			return false
		}
		path, err := p.Path(m)
		return err == nil && hasBounce(path)
	})
	loadRecord(t, ctx, srv, g.String())
	n := len(g.Layouts()) + len(g.Played())
	path, _ := g.Position().Path(m)
	mouseDrag(t, ctx, square(m.From.String()), square(m.To.String()))
	waitActions(t, ctx, n+1)
	if got := gygesRecord(t, ctx).Played(); got[len(got)-1] != m {
		t.Fatalf("last move = %v, want %v", got[len(got)-1], m)
	}
	if got := eval[string](t, ctx, `document.getElementById("trail").dataset.path`); got != path.String() {
		t.Errorf("drawn path = %q, want the engine's %q", got, path)
	}
	if !eval[bool](t, ctx, `document.getAnimations().length > 0`) {
		t.Errorf("the move is not animated")
	}
	screenshot(t, ctx, "gyges-4-bounce")

	// A replace: pick a displaced piece's square, cancel once, then again
	// and choose the drop square.
	g, m = findGame(t, gyges.Standard, func(p gyges.Position, m gyges.Move) bool {
		return m.IsReplace() && p.Side() == gyges.South && m.To.Row() > 0
	})
	loadRecord(t, ctx, srv, g.String())
	n = len(g.Layouts()) + len(g.Played())
	mouseDrag(t, ctx, square(m.From.String()), square(m.To.String()))
	do(t, ctx, "replace choice", chromedp.WaitVisible(chromedp.CSS("#replace-choice")))
	screenshot(t, ctx, "gyges-5-replace-choice")
	if !eval[bool](t, ctx, fmt.Sprintf(`document.getElementById("sq-%s").classList.contains("drop")`, m.Drop)) {
		t.Errorf("%s is not marked as a drop square", m.Drop)
	}
	do(t, ctx, "cancel", click("#replace-cancel"), chromedp.WaitNotPresent(chromedp.CSS("#replace-choice")))
	if got := len(gygesRecord(t, ctx).Played()); got != len(g.Played()) {
		t.Fatalf("a cancelled replace changed the game: %d moves", got)
	}
	mouseDrag(t, ctx, square(m.From.String()), square(m.To.String()))
	do(t, ctx, "replace choice again", chromedp.WaitVisible(chromedp.CSS("#replace-choice")))
	mouseTap(t, ctx, square(m.Drop.String()))
	waitActions(t, ctx, n+1)
	if got := gygesRecord(t, ctx).Played(); got[len(got)-1] != m {
		t.Fatalf("last move = %v, want %v", got[len(got)-1], m)
	}
	screenshot(t, ctx, "gyges-6-replaced")

	// A drop where the piece cannot end is refused with a reason, and the
	// piece goes back.
	p := gygesRecord(t, ctx).Position()
	var from, bad gyges.Square = gyges.NoSquare, gyges.NoSquare
	for s := gyges.Square(0); s < gyges.NumSquares && bad == gyges.NoSquare; s++ {
		if !p.Movable().Has(s) {
			continue
		}
		targets := p.Targets(s)
		for to := gyges.Square(0); to < gyges.NumSquares; to++ {
			if p.Piece(to) == 0 && !targets.Empty.Has(to) {
				from, bad = s, to
				break
			}
		}
	}
	if bad == gyges.NoSquare {
		t.Fatal("no square found where a movable piece cannot end")
	}
	before := gygesRecord(t, ctx).String()
	mouseDrag(t, ctx, square(from.String()), square(bad.String()))
	do(t, ctx, "refused", chromedp.WaitVisible(chromedp.CSS("#notice")))
	if got := textOf(t, ctx, "#notice"); !strings.Contains(got, "cannot end on "+bad.String()) {
		t.Errorf("refusal = %q, want it to say the piece cannot end on %s", got, bad)
	}
	if got := gygesRecord(t, ctx).String(); got != before {
		t.Errorf("a refused drop changed the record to %q", got)
	}
	if got := eval[int](t, ctx, fmt.Sprintf(`+document.querySelector("#piece-%s").dataset.size`, from)); got != p.Piece(from) {
		t.Errorf("the piece on %s is not back after the refusal", from)
	}
	screenshot(t, ctx, "gyges-7-refused")

	// Undo and redo.
	do(t, ctx, "undo", click("#undo"))
	waitActions(t, ctx, n)
	do(t, ctx, "redo", click("#redo"))
	waitActions(t, ctx, n+1)

	// A win: South drags a piece into North's goal.
	g, m = findGame(t, gyges.Standard, func(p gyges.Position, m gyges.Move) bool {
		return m.IsGoal() && p.Side() == gyges.South
	})
	loadRecord(t, ctx, srv, g.String())
	mouseDrag(t, ctx, square(m.From.String()), goalOf("north"))
	do(t, ctx, "win", chromedp.WaitVisible(chromedp.CSS("#result")))
	if got := textOf(t, ctx, "#result"); !strings.Contains(got, "South wins") {
		t.Errorf("result = %q, want South to win", got)
	}
	do(t, ctx, "piece in the goal", chromedp.WaitVisible(chromedp.CSS("#piece-goal")))
	do(t, ctx, "animation over", waitJS(`document.getAnimations().length === 0`))
	screenshot(t, ctx, "gyges-8-win")
	if y := eval[float64](t, ctx, `document.querySelector("#piece-goal .body").getBoundingClientRect().bottom`); y > eval[float64](t, ctx, `document.querySelector("#sq-a6 .sq-bg").getBoundingClientRect().top`) {
		t.Errorf("the winning piece is not drawn in the goal")
	}
}

// TestBrowserGygesBot plays North against the computer: the computer sets
// up South and moves, the board stays turned to the person, a move by
// tapping twice, and a reload resumes the game.
func TestBrowserGygesBot(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady,
		click("#game-gyges"), click("#mode-computer"), click("#level-easy"), click("#side-false"), click("#start"),
		chromedp.WaitVisible(chromedp.CSS("svg.gyges-board")))
	waitActions(t, ctx, 1) // the computer's setup
	do(t, ctx, "my setup", chromedp.WaitVisible(chromedp.CSS("#tray")))
	if !eval[bool](t, ctx, `document.querySelector("svg.gyges-board").classList.contains("flipped")`) {
		t.Errorf("the board is not turned to North, the person's side")
	}
	do(t, ctx, "layout", click("#layout-312213"), waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
	waitActions(t, ctx, 3) // my setup and the computer's first move
	do(t, ctx, "my turn", waitJS(`document.querySelector("svg.gyges-board").classList.contains("live")`))
	screenshot(t, ctx, "gyges-bot-1")
	g := gygesRecord(t, ctx)
	var m gyges.Move
	// A quiet move that leaves the computer no win in one, so that the
	// game is still on after its reply.
	for _, mv := range g.Position().Moves(nil) {
		if mv.IsReplace() || mv.IsGoal() || mv.From == mv.To {
			continue
		}
		after := g.Position()
		after.Apply(mv)
		safe := true
		for _, reply := range after.Moves(nil) {
			safe = safe && !reply.IsGoal()
		}
		if safe {
			m = mv
			break
		}
	}
	mouseTap(t, ctx, square(m.From.String()))
	do(t, ctx, "targets shown", waitJS(fmt.Sprintf(`document.getElementById("sq-%s").classList.contains("target")`, m.To)))
	mouseTap(t, ctx, square(m.To.String()))
	waitActions(t, ctx, 5) // my move and the computer's reply
	g = gygesRecord(t, ctx)
	if got := g.Played()[1]; got != m {
		t.Fatalf("my move = %v, want %v", got, m)
	}
	record := g.String()
	do(t, ctx, "reload", chromedp.Reload(), appReady, chromedp.WaitVisible(chromedp.CSS("svg.gyges-board.live")))
	if got := gygesRecord(t, ctx).String(); got != record {
		t.Errorf("after reload: %q, want %q", got, record)
	}
	screenshot(t, ctx, "gyges-bot-2-resumed")
}

// TestBrowserGygesScreens draws a game in progress on a phone and a
// tablet, both ways up, and moves a piece with a finger on the phone.
func TestBrowserGygesScreens(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	g, m := findGame(t, gyges.Standard, func(p gyges.Position, m gyges.Move) bool {
		if m.IsReplace() || m.IsGoal() || m.From == m.To || p.Side() != gyges.South || len(p.Moves(nil)) < 30 {
			return false
		}
		path, err := p.Path(m)
		return err == nil && hasBounce(path)
	})
	// The setup of a beginner's game (no replacing) on a phone.
	do(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(srv.url("/")), appReady, click("#game-gyges"), click("#nodisplace"), click("#start"),
		chromedp.WaitVisible(chromedp.CSS("#tray")), click("#layout-123321"))
	screenshot(t, ctx, "gyges-screen-phone-setup")
	if got := eval[string](t, ctx, `document.getElementById("record-out").value`); got != "GYGES nodisplace\n" {
		t.Errorf("record of a new beginner's game = %q, want the nodisplace header", got)
	}
	if !eval[bool](t, ctx, `(() => {
		const r = document.getElementById("setup-confirm").getBoundingClientRect();
		return r.bottom <= innerHeight && r.top >= 0;
	})()`) {
		t.Errorf("the confirm button of the setup is off the phone's screen")
	}

	loadRecord(t, ctx, srv, g.String())
	n := len(g.Layouts()) + len(g.Played())
	screens := []struct {
		name          string
		width, height int64
	}{
		{"phone-portrait", 390, 844},
		{"tablet-portrait", 820, 1180},
		{"tablet-landscape", 1180, 820},
		{"phone-landscape", 844, 390},
	}
	for i, sc := range screens {
		do(t, ctx, sc.name, chromedp.EmulateViewport(sc.width, sc.height, chromedp.EmulateMobile, chromedp.EmulateTouch),
			waitJS(fmt.Sprintf(`window.innerWidth === %d`, sc.width)))
		fits := eval[bool](t, ctx, `(() => {
			const r = document.querySelector("svg.gyges-board").getBoundingClientRect();
			const d = document.documentElement;
			return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 &&
				r.height > 0.45 * Math.min(innerWidth, innerHeight) &&
				d.scrollHeight <= innerHeight + 1 && d.scrollWidth <= innerWidth + 1;
		})()`)
		if !fits {
			t.Errorf("%s: the board does not fit the screen, or the page scrolls", sc.name)
		}
		if i == 0 {
			// A finger drags the piece on the phone.
			touchDrag(t, ctx, square(m.From.String()), square(m.To.String()))
			waitActions(t, ctx, n+1)
			do(t, ctx, "animation over", waitJS(`document.getAnimations().length === 0`))
		}
		screenshot(t, ctx, "gyges-screen-"+sc.name)
	}
}

// touchDrag drags with one finger from one element to another.
func touchDrag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	x0, y0 := centreOf(t, ctx, from)
	x1, y1 := centreOf(t, ctx, to)
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
	do(t, ctx, "touch drag", actions...)
}

// TestBrowserGygesKeyboard sets up South's row and makes a move with the
// keyboard alone: digits place pieces, the arrows move, Enter picks up
// and puts down.
func TestBrowserGygesKeyboard(t *testing.T) {
	ctx := newGygesGame(t)
	keys := "3" + kb.ArrowRight + "2" + kb.ArrowRight + "1" + kb.ArrowRight + "1" + kb.ArrowRight + "2" + kb.ArrowRight + "3"
	do(t, ctx, "type the setup", chromedp.Focus(chromedp.CSS("#sq-a1")), chromedp.KeyEvent(keys),
		waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
	waitActions(t, ctx, 1)
	do(t, ctx, "North", click("#layout-123321"), waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
	waitActions(t, ctx, 2)
	g := gygesRecord(t, ctx)
	if got := g.Layouts()[0].String(); got != "321123" {
		t.Fatalf("South's typed setup = %s, want 321123", got)
	}
	// a1 holds a 3: a1-a4 goes straight up three squares.
	do(t, ctx, "move by keys", chromedp.Focus(chromedp.CSS("#sq-a1")), chromedp.KeyEvent(kb.Enter),
		waitJS(`document.getElementById("sq-a4").classList.contains("target")`),
		chromedp.KeyEvent(kb.ArrowUp+kb.ArrowUp+kb.ArrowUp+kb.Enter))
	waitActions(t, ctx, 3)
	if got := gygesRecord(t, ctx).Played()[0].String(); got != "a1-a4" {
		t.Errorf("keyboard move = %s, want a1-a4", got)
	}
	if got := eval[string](t, ctx, `document.activeElement ? document.activeElement.id : ""`); !strings.HasPrefix(got, "sq-") {
		t.Logf("focus after the move: %q", got)
	}
}
