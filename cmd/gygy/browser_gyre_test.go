package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// playCells clicks the cells (or "swap") one after the other, waiting for
// each move to reach the move list.
func playCells(t *testing.T, ctx context.Context, moves ...string) {
	t.Helper()
	for _, m := range moves {
		before := countMoves(t, ctx)
		sel := "#cell-" + m
		switch m {
		case "swap":
			sel = "#swap"
		case "keep":
			do(t, ctx, "keep", click("#keep"), chromedp.WaitNotPresent(chromedp.CSS("#swap-offer")))
			continue
		}
		do(t, ctx, "play "+m, click(sel),
			waitJS(fmt.Sprintf(`document.querySelectorAll("#moves li").length > %d`, before)))
	}
}

func countMoves(t *testing.T, ctx context.Context) int {
	t.Helper()
	return eval[int](t, ctx, `document.querySelectorAll("#moves li").length`)
}

// startCustom starts a two-player game of the given custom size from the
// home screen.
func startCustom(t *testing.T, ctx context.Context, rings, cols string) {
	t.Helper()
	do(t, ctx, "custom size",
		click("#size-custom"),
		chromedp.WaitVisible(chromedp.CSS("#rings")),
		setInput("#rings", rings),
		setInput("#cols", cols),
		click("#start"),
		chromedp.WaitVisible(chromedp.CSS("svg.board")),
	)
}

// TestBrowserHotSeat plays a whole two-player game on a 3×6 board: the
// first stone, the swap, an undo and redo, a keyboard move, and the win
// with the winning chain highlighted.
func TestBrowserHotSeat(t *testing.T) {
	srv := appServer(t)
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(srv.url("/")), appReady)
	screenshot(t, ctx, "hotseat-1-home")
	startCustom(t, ctx, "3", "6")

	playCells(t, ctx, "a1")
	do(t, ctx, "swap offer", chromedp.WaitVisible(chromedp.CSS("#swap-offer")))
	screenshot(t, ctx, "hotseat-2-swap-offer")
	playCells(t, ctx, "swap")
	if got := textOf(t, ctx, "#status"); !strings.Contains(got, "Player 1") || !strings.Contains(got, "Gyre") {
		t.Errorf("status after swap = %q, want player 1 to place a Gyre stone", got)
	}

	playCells(t, ctx, "b1", "a3")
	do(t, ctx, "undo", click("#undo"), waitJS(`document.querySelectorAll("#moves li").length === 3`))
	if !eval[bool](t, ctx, `document.getElementById("cell-a3").classList.contains("empty")`) {
		t.Errorf("a3 still holds a stone after undo")
	}
	do(t, ctx, "redo", click("#redo"), waitJS(`document.querySelectorAll("#moves li").length === 4`))

	// b2 by keyboard: focus b1, arrow right, Enter.
	do(t, ctx, "keyboard move",
		chromedp.Focus(chromedp.CSS("#cell-b1")),
		chromedp.KeyEvent(kb.ArrowRight),
		waitJS(`document.activeElement && document.activeElement.id === "cell-b2"`),
		chromedp.KeyEvent(kb.Enter),
		waitJS(`document.querySelectorAll("#moves li").length === 5`),
	)

	playCells(t, ctx, "c3", "b3", "a5", "b4", "c5", "b5", "c1", "b6")
	do(t, ctx, "result", chromedp.WaitVisible(chromedp.CSS("#result")))
	if got := textOf(t, ctx, "#status"); !strings.Contains(got, "Player 1 wins") || !strings.Contains(got, "loop") {
		t.Errorf("result = %q, want player 1 to win with a loop", got)
	}
	wins := eval[int](t, ctx, `document.querySelectorAll(".cell.win").length`)
	if wins != 6 {
		t.Errorf("cells highlighted in the winning chain = %d, want 6 (ring b)", wins)
	}
	record := eval[string](t, ctx, `document.getElementById("record-out").value`)
	if want := "GYRE 3x6\na1 swap b1 a3 b2 c3 b3 a5 b4 c5 b5 c1 b6"; record != want {
		t.Errorf("record = %q, want %q", record, want)
	}
	screenshot(t, ctx, "hotseat-3-won")

	// Copy record: with the clipboard allowed, the record lands there.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted,
		}); err != nil {
			t.Fatalf("allowing %s: %v", name, err)
		}
	}
	do(t, ctx, "copy record", click("#copy"), chromedp.WaitVisible(chromedp.CSS("#copied")))
	if got := eval[string](t, ctx, `navigator.clipboard.readText()`); got != record {
		t.Errorf("clipboard after Copy record = %q, want the record", got)
	}

	// The record loads back from the home screen; a broken one is refused
	// with the reason.
	do(t, ctx, "load a broken record", click("#new-game"), chromedp.WaitVisible(chromedp.CSS("#record-in")),
		setInput("#record-in", "GYRE 3x6\na1 a1"), click("#load"), chromedp.WaitVisible(chromedp.CSS(".home .error")))
	if got := textOf(t, ctx, ".home .error"); !strings.Contains(got, "move 2") {
		t.Errorf("error for a broken record = %q, want it to name move 2", got)
	}
	do(t, ctx, "load the record", setInput("#record-in", record), click("#load"), chromedp.WaitVisible(chromedp.CSS("#result")))
	if got := countMoves(t, ctx); got != 13 {
		t.Errorf("moves after loading the record = %d, want 13", got)
	}
}

// setInput types a value into an input as a person would, firing "input".
func setInput(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.SetValue(chromedp.CSS(sel), value),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event("input", {bubbles: true}))`, sel))(ctx, tg)
			return err
		}),
	)
}
