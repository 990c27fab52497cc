package main

// What a newcomer meets on a phone and a desktop (issue 30): a Gygès tap
// that does what the red ring shows, the status saying what is held, a
// setup kept across a reload, the phone's game screen, the header's touch
// targets, the light theme and its switch, and the rules without a 404.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gygy/engine/gyges"
)

const (
	idThemeSwitch = "theme"
	idSoundSwitch = "sound"
	selSide       = "main.game .side"
)

// FingerTap touches a target with one finger and lifts it in place.
func (p *page) FingerTap(tg target) {
	p.t.Helper()
	x, y := p.centre(tg)
	touch := func(typ input.DispatchTouchEventType) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(c context.Context, t *chromedp.Target) error {
			one, id := 1.0, 0.0
			points := []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}
			if typ == input.DispatchTouchEventTypeTouchEnd {
				points = []*input.TouchPoint{}
			}
			_, err := cdp.Call(c, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
			return err
		})
	}
	p.Do("finger tap "+tg.js(), touch(input.DispatchTouchEventTypeTouchStart), touch(input.DispatchTouchEventTypeTouchEnd))
}

// PreferScheme makes the browser prefer a colour scheme: "light" or "dark".
func (p *page) PreferScheme(scheme string) {
	p.t.Helper()
	p.Do("prefer "+scheme, chromedp.Func(func(c context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(c, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	}))
}

// PageBackground is the page's background colour as drawn: "rgb(…)".
func (p *page) PageBackground() string {
	p.t.Helper()
	return eval[string](p, `getComputedStyle(document.body).backgroundColor`)
}

// WaitBackground waits until the page's background is the colour given.
func (p *page) WaitBackground(rgb string) {
	p.t.Helper()
	p.Wait("background "+rgb, fmt.Sprintf(`getComputedStyle(document.body).backgroundColor === %q`, rgb))
}

const (
	darkBackground  = "rgb(29, 35, 48)"    // --bg, dark
	lightBackground = "rgb(244, 242, 236)" // --bg, light
)

// TestBrowserNewcomerGygesTaps plays, on a phone with a finger, the replace
// the issue found unreachable by taps (layouts 321123 and 123321, a1 then
// b1): the status says what is held at each step, and the tap on the red
// ring replaces. The goals are named by who enters them.
func TestBrowserNewcomerGygesTaps(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	record := "GYGES\n321123 123321"
	loadRecord(t, p, srv, record)

	// The engine says what a1 may replace in its own row, and where the
	// displaced piece may go.
	g, err := gyges.ParseRecord(record)
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	a1, _ := gyges.ParseSquare("a1")
	pd, ok := pos.Dests().Of(a1)
	if !ok {
		t.Fatalf("a1 may not move in %s", pos)
	}
	var replaced, drop gyges.Square = gyges.NoSquare, gyges.NoSquare
	for _, s := range pd.Replace.Squares(nil) {
		if s.Row() == 0 {
			replaced = s
			break
		}
	}
	if replaced == gyges.NoSquare {
		t.Fatalf("a1 replaces no piece of its own row in %s", pos)
	}
	drop = pd.Drops.Squares(nil)[0]
	if got := eval[string](p, `document.querySelector("#goal-north .goal-label").textContent`); !strings.Contains(got, "South enters") {
		t.Errorf("the goal by North's row reads %q, want it named for South, who enters it", got)
	}

	before := p.Status()
	p.FingerTap(p.Square("a1"))
	p.Square(replaced.String()).WaitIs("replace")
	p.Wait("the status says a1 is held", fmt.Sprintf(`document.getElementById(%q).textContent.includes("on a1 is picked up")`, idStatus))
	if got := p.Status(); got == before || !strings.Contains(got, "drag") {
		t.Errorf("status after picking a1 = %q, want a new line that names tapping and dragging", got)
	}
	p.Screenshot("newcomer-gyges-phone-picked")
	p.FingerTap(p.Square(replaced.String()))
	p.WaitVisible(byID(idReplaceChoice))
	if got := p.Status(); !strings.Contains(got, "Replacing") {
		t.Errorf("status during the replace = %q, want it to say a replace waits for its drop square", got)
	}
	p.Screenshot("newcomer-gyges-phone-replace")
	p.FingerTap(p.Square(drop.String()))
	p.WaitMoves(3)
	want := gyges.ReplaceMove(a1, replaced, drop)
	if got := p.GygesGame().Played(); len(got) != 1 || got[0] != want {
		t.Fatalf("played %v, want %v", got, want)
	}
	p.CheckAxe("a Gygès replace made by taps")

	// Put down, then pick the other piece: a tap on the picked piece puts
	// it down, and the next tap picks.
	p.WaitStill()
	from := p.GygesGame().Position().Dests().Pieces[0].From
	p.FingerTap(p.Square(from.String()))
	p.Wait("a piece is held", fmt.Sprintf(`document.getElementById(%q).textContent.includes("picked up")`, idStatus))
	p.FingerTap(p.Square(from.String()))
	p.Wait("nothing is held", fmt.Sprintf(`!document.getElementById(%q).textContent.includes("picked up")`, idStatus))
}

// TestBrowserNewcomerGygesSetupReload places two pieces of South's setup,
// reloads the page, and finds them where they were; a confirmed setup
// leaves nothing to find.
func TestBrowserNewcomerGygesSetupReload(t *testing.T) {
	p := newGygesGame(t)
	p.Tap(trayPiece(3))
	p.Tap(p.Square("a1"))
	p.Square("a1").WaitPieceSize(3)
	p.DragPiece(trayPiece(1), p.Square("c1"))
	p.Square("c1").WaitPieceSize(1)
	p.Reload()
	p.WaitVisible(byID(idTray))
	p.Square("a1").WaitPieceSize(3)
	p.Square("c1").WaitPieceSize(1)
	if n := p.Count(selTrayPiece); n != 4 {
		t.Errorf("after a reload the tray holds %d pieces, want 4", n)
	}
	p.Screenshot("newcomer-gyges-setup-reloaded")
	p.ChooseLayout("123321")
	p.ClickWhenEnabled(idSetupConfirm)
	p.WaitMoves(1)
	// North's setup starts empty, and stays so across a reload.
	p.Reload()
	p.WaitVisible(byID(idTray))
	if n := p.Count(selTrayPiece); n != 6 {
		t.Errorf("North's setup after a reload has %d pieces in the tray, want 6", n)
	}
}

// TestBrowserNewcomerPhoneGame checks the game screen of a phone held
// upright: the board fits without bands around it, Undo is under it
// within the screen, and the side has no box scrolling inside the page.
func TestBrowserNewcomerPhoneGame(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	g, _ := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		return pos.Side() == gyges.South && len(pos.Moves(nil)) > 20
	})
	loadRecord(t, p, srv, g.String())
	p.WaitStill()
	if !p.BoardFits(selGygesBoard, 0.45) {
		t.Errorf("the Gygès board does not fit the phone's screen, or the page scrolls")
	}
	layout := eval[[]float64](p, fmt.Sprintf(`(() => {
		const side = document.querySelector(%q), svg = document.querySelector(%q);
		const area = document.querySelector("main.game .board-area"), undo = document.getElementById(%q);
		const s = getComputedStyle(side);
		return [side.scrollHeight - side.clientHeight, (s.overflowY === "auto" || s.overflowY === "scroll") ? 1 : 0,
			area.getBoundingClientRect().height - svg.getBoundingClientRect().height,
			undo.getBoundingClientRect().bottom, innerHeight, svg.getBoundingClientRect().width];
	})()`, selSide, selGygesBoard, idUndo))
	if layout[0] > 1 || layout[1] == 1 {
		t.Errorf("the controls and moves scroll in a box of their own (overflow %v, %v px hidden)", layout[1], layout[0])
	}
	if layout[2] > 60 {
		t.Errorf("the board area is %.0f px taller than the board: empty bands around it", layout[2])
	}
	if layout[5] < 330 {
		t.Errorf("the board is %.0f px wide on a 390 px phone", layout[5])
	}
	p.ScrollTo(byID(idUndo))
	if !p.OnScreen(idUndo) {
		t.Errorf("Undo cannot be brought on screen")
	}
	p.ScrollTo(byID(idMoves))
	if !p.OnScreen(idMoves) {
		t.Errorf("the move list cannot be read on the phone")
	}
	if size := eval[float64](p, fmt.Sprintf(`parseFloat(getComputedStyle(document.getElementById(%q)).fontSize)`, idMoves)); size < 15 {
		t.Errorf("the move list is set at %.0f px", size)
	}
	p.Screenshot("newcomer-phone-game-moves")
	p.CheckAxe("the phone's game screen")
}

// TestBrowserNewcomerTheme follows the browser's colour scheme, then the
// header's switch, which is remembered; axe passes in both palettes, on a
// phone and a desktop. The header's Rules link and Sound button are apart,
// each tall enough for a finger, and the rules load no data: image as a
// path (the balance map's old 404).
func TestBrowserNewcomerTheme(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.PreferScheme("light")
	p.Open(srv.url("/"))
	p.WaitBackground(lightBackground)

	gap := eval[[]float64](p, fmt.Sprintf(`(() => {
		const a = document.getElementById(%q).getBoundingClientRect(), b = document.getElementById(%q).getBoundingClientRect();
		return [b.left - a.right, a.height, b.height];
	})()`, idNavRules, idSoundSwitch))
	if gap[0] < 8 || gap[1] < 44 || gap[2] < 44 {
		t.Errorf("Rules and Sound: %.0f px apart, %.0f and %.0f px tall; want 8 px apart and 44 px tall", gap[0], gap[1], gap[2])
	}
	p.CheckAxe("home, light, phone")
	p.Screenshot("newcomer-home-phone-light")

	p.Click(idGameGyges)
	p.WaitVisible(byID(idNoDisplace))
	p.Click(idStart)
	p.WaitVisible(byID(idTray))
	p.ChooseLayout("321123")
	p.ClickWhenEnabled(idSetupConfirm)
	p.WaitMoves(1)
	p.SetUp("123321")
	p.WaitMoves(2)
	p.WaitStill()
	p.CheckAxe("Gygès, light, phone")
	p.Screenshot("newcomer-gyges-phone-light")

	// The switch: light (chosen), then dark, kept across a reload.
	if got := p.Text(byID(idThemeSwitch)); !strings.Contains(got, "auto") {
		t.Errorf("the theme switch reads %q before any choice, want auto", got)
	}
	p.Click(idThemeSwitch)
	p.Wait("theme light", fmt.Sprintf(`document.getElementById(%q).innerText.includes("light")`, idThemeSwitch))
	p.Click(idThemeSwitch)
	p.WaitBackground(darkBackground)
	p.Reload()
	p.WaitBackground(darkBackground)
	if got := p.Text(byID(idThemeSwitch)); !strings.Contains(got, "dark") {
		t.Errorf("after a reload the theme switch reads %q, want dark", got)
	}
	p.WaitStill()
	p.CheckAxe("Gygès, dark by choice, phone")
	p.Screenshot("newcomer-gyges-phone-dark")

	// A desktop, dark then light (chosen while the browser prefers dark).
	p.Resize(1280, 800, false)
	p.PreferScheme("dark")
	p.WaitStill()
	p.Screenshot("newcomer-gyges-desktop-dark")
	p.Click(idThemeSwitch) // auto: the browser's dark
	p.Wait("theme auto", fmt.Sprintf(`document.getElementById(%q).innerText.includes("auto")`, idThemeSwitch))
	p.WaitBackground(darkBackground)
	p.Click(idThemeSwitch) // light
	p.WaitBackground(lightBackground)
	p.CheckAxe("Gygès, light by choice, desktop")
	p.Screenshot("newcomer-gyges-desktop-light")

	// The rules, light: the balance map is drawn, and nothing was asked
	// for as a path named data:.
	p.Click(idNavRules)
	p.WaitVisible(byID("balance-map"))
	p.ScrollTo(byID("balance-map"))
	p.Wait("the balance map is drawn", `document.getElementById("balance-map").complete && document.getElementById("balance-map").naturalWidth > 0`)
	if n := eval[int](p, `performance.getEntriesByType("resource").filter(e => e.name.includes("data:image")).length`); n != 0 {
		t.Errorf("the rules asked the server for %d data: images as paths", n)
	}
	p.CheckAxe("GYRE rules, light, desktop")
	p.Screenshot("newcomer-rules-desktop-light")
	p.Click(idRulesGyges)
	p.WaitMoreThan(selDiagramPiece, 10)
	p.CheckAxe("Gygès rules, light, desktop")
}
