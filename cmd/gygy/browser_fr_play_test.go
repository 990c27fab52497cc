package main

// The game screen's words (issue 50, area "play"), in French and in
// English, on a phone and on a desktop: a GYRE game against the computer
// (moves, a hint, the review moved back, the resign question, the end and
// its analysis), a Gygès game at one device (the setups, a move, the
// resign question) and a timed game's clocks. No word of the other
// language may be left on the page.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestBrowserWordsPlay(t *testing.T) {
	srv := appServer(t)
	for _, tc := range []struct {
		lang string
		opts []chromedp.ExecAllocatorOption
	}{
		{"fr", french},
		{"en", []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en")}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			p := newPage(t, "", tc.opts...)
			p.Emulate(390, 844, true)
			p.Open(srv.url("/"))
			if got := p.PageLang(); got != tc.lang {
				t.Fatalf("<html lang=%q>, want %q", got, tc.lang)
			}
			device := "phone"
			check := func(when string) {
				t.Helper()
				words := p.Words()
				if len(words) < 10 {
					t.Errorf("%s, %s: the walk found only %q", device, when, words)
				}
				if left := wordsLeft(tc.lang, words); len(left) > 0 {
					t.Errorf("%s, %s: words of the other language left: %q", device, when, left)
				}
			}
			shot := func(name string) {
				if tc.lang == "fr" && device == "phone" {
					p.ScreenshotStill("fr-play-" + name)
				}
			}
			for _, d := range []string{"phone", "desktop"} {
				device = d
				if d == "desktop" {
					p.Resize(1280, 800, false)
					p.Click(idNewGame)
				}

				// GYRE against the computer: a few moves, a hint, the
				// review moved back, the resign question, the end and its
				// analysis.
				p.StartGame(idGameGYRE, idSize5x10, idModeComputer, idLevelEasy, idSideFirst)
				p.WaitLive()
				check("a GYRE game started")
				if want := map[string]string{"fr": "À vous", "en": "Your turn"}[tc.lang]; !strings.Contains(p.Status(), want) {
					t.Errorf("%s: the status reads %q, want %q in it", device, p.Status(), want)
				}
				p.Play("a1")
				p.WaitLive()
				before := p.Moves()
				p.ClickEmptyCell("c")
				p.WaitMovesAtLeast(before + 1)
				p.WaitLive()
				check("GYRE, the computer has played")
				p.Click(idHint)
				p.Wait("the hint", fmt.Sprintf(`%s.textContent.trim() !== "" && !%s.textContent.endsWith("…")`,
					jsEl(byID(idHintText)), jsEl(byID(idHintText))))
				check("GYRE, a hint shown")
				shot("1-gyre-hint")
				p.Click(idReviewBack)
				p.Wait("the review", fmt.Sprintf(`%s !== null`, jsEl(byID(idReviewAt))))
				check("GYRE, the review moved back")
				shot("2-gyre-review")
				p.Click(idReviewLast)
				p.WaitLive()
				p.Click(idResign)
				p.WaitVisible(byID(idResignYes))
				check("GYRE, the resign question")
				p.Click(idResignYes)
				p.WaitResult()
				check("GYRE, the game over")
				p.analyse()
				check("GYRE, the analysis")
				p.Click(idReviewBack)
				p.WaitVisible(byID("analysis-note"))
				check("GYRE, the analysis in review")
				p.ScrollTo(byID("analysis-totals"))
				shot("3-gyre-analysis")

				// Gygès at one device: the setups, a move, the resign
				// question.
				p.Click(idNewGame)
				p.StartGame(idGameGyges, idModeHotseat)
				p.WaitVisible(selGygesBoard + " " + byID(idTray))
				check("Gygès, South's setup")
				shot("4-gyges-setup")
				p.SetUp("321123")
				p.WaitMoves(1)
				p.SetUp("231132")
				p.WaitMoves(2)
				p.WaitLive()
				p.dragGyges(p.GygesGame().Position().Moves(nil)[0])
				p.WaitMoves(3)
				p.WaitLive()
				check("Gygès, a move played")
				p.Click(idResign)
				p.WaitVisible(byID(idResignYes))
				check("Gygès, the resign question")
				shot("5-gyges-resign")

				// A timed game at one device: the clocks.
				p.Click(idNewGame)
				p.Choose(idGameGYRE)
				p.Choose(idModeHotseat)
				p.CustomSize("3", "6")
				p.ChooseClock("1", "0")
				p.Click(idStart)
				p.WaitVisible(byID(idStartReplace)) // the Gygès game is in progress
				p.Click(idStartReplace)
				p.WaitVisible(selRunningClock)
				check("a timed game")
				shot("6-clock")
				p.Click(idResign)
				p.Click(idResignYes)
				p.WaitResult()
				check("a timed game over")
			}
		})
	}
}
