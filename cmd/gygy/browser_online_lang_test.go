package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gygy/engine/gyre"
)

// testOnlineTwoLanguages plays a whole online game between a page in
// French (the host, A) and one in English (the guest, B): nothing worded
// crosses the wire, so each page shows the offer, the undo question and
// its refusal, and the end in its own language.
func testOnlineTwoLanguages(t *testing.T) {
	srv := onlineServer(t)
	origin := srv.url("")
	a := langPage(t, "A", origin, french...)
	b := langPage(t, "B", origin, chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en"))
	a, b = pair(a, b)
	link := hostGame(t, a, srv, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst)
	if got := a.PageLang(); got != "fr" {
		t.Fatalf("A's page is in %q, want fr", got)
	}
	ownWords(t, a, "fr", "A waits for its opponent")
	var fig onlineFigures
	joinGame(t, &fig, a, b, link, selGyreBoard, "languages")
	if got := b.PageLang(); got != "en" {
		t.Fatalf("B's page is in %q, want en", got)
	}
	ownWords(t, b, "en", "B has accepted the offer")

	seats := map[gyre.Player]*page{gyre.One: a, gyre.Two: b}
	asked := false
	for ply := 0; ; ply++ {
		g := a.GyreGame()
		if g.Over() {
			break
		}
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		mover, other := seats[g.Turn()], seats[3-g.Turn()]
		turnOf(t, mover, other, ply)
		n := mover.Moves()
		if m := gyrePlan(g); m == gyre.Swap {
			mover.WaitVisible(byID(idSwapOffer))
			mover.Click(idSwap)
		} else {
			mover.Cell(g.Geometry().MoveName(m)).Click()
		}
		afterMove(t, &fig, mover, other, n+1)
		if !asked && ply >= 3 && mover == b {
			// B asks to take its move back; A, in French, refuses.
			asked = true
			b.ClickWhenEnabled(idUndo)
			a.WaitVisible(byID(idUndoRequest))
			ownWords(t, a, "fr", "A is asked to allow an undo")
			a.Screenshot("online-languages-undo-asked-A-fr")
			a.Click(idUndoRefuse)
			b.WaitNotice("declined")
			ownWords(t, b, "en", "B's undo was refused")
			if got := b.Moves(); got != n+1 {
				t.Fatalf("after a refused undo B lists %d moves, want %d", got, n+1)
			}
		}
	}
	if !asked {
		t.Fatal("the game ended before B could ask for an undo")
	}
	finish(t, a, b, "languages")
	ownWords(t, a, "fr", "the end, on A's page")
	ownWords(t, b, "en", "the end, on B's page")
	shots("online-languages-end", a, b)
}

// langPage is onlinePage with the browser's language set by extra.
func langPage(t *testing.T, name, origin string, extra ...chromedp.ExecAllocatorOption) *page {
	t.Helper()
	return newPage(t, name, append(webrtcFlags(origin), extra...)...)
}

// ownWords fails the test when page p, in language lang, shows or speaks a
// word of the other language.
func ownWords(t *testing.T, p *page, lang, when string) {
	t.Helper()
	if left := wordsLeft(lang, p.Words()); len(left) > 0 {
		t.Errorf("%s: %s's page (%s) has words of another language: %s", when, p.name, lang, quoteAll(left))
	}
}

func quoteAll(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}
