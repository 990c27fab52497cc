package main

// Hints and the analysis of a game (issue 31, parts 2, 3 and 6): a hint
// shown against the computer and marked on the board, not played; the
// analysis of a 60-move GYRE 7 × 14 game and of a 30-move Gygès game run
// to the end with their charts, timed, with the page's long tasks
// counted; a cancelled analysis; the keyboard, axe, a phone and a desktop.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gygy/engine/game"
)

const (
	idHint          = "hint"
	idHintText      = "hint-text"
	selHintCell     = "svg.board .cell.hint"
	idHintsUsed     = "hints-used"
	idAnalyse       = "analyse"
	idAnalysisCncl  = "analysis-cancel"
	idAnalysisChart = "analysis-chart"
	idAnalysisNote  = "analysis-note"
	idAnalysisTotal = "analysis-totals"
	idNavGames      = "nav-games"
	idGamesList     = "games-list"
	selGamesItem    = "#games-list > li"
)

// randomGame plays random actions from the record's header (seeded, the
// same on every run), none that ends the game until lo actions are
// played, then one that ends it as soon as there is one: a finished game
// of lo actions or a few more (at most hi). Random play keeps a GYRE game
// on 7 × 14 going that long; the bots end theirs in 15 to 45.
func randomGame(t *testing.T, header string, lo, hi int) string {
	t.Helper()
	r := rand.New(rand.NewPCG(31, 7))
	g, err := game.Parse(header)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Result().Over() && g.Len() < hi {
		acts := g.Legal(nil)
		r.Shuffle(len(acts), func(i, j int) { acts[i], acts[j] = acts[j], acts[i] })
		var pick game.Action
		for _, a := range acts {
			after := g.Clone()
			if after.Play(a) != nil {
				continue
			}
			ends := after.Result().Over()
			if ends && g.Len()+1 >= lo {
				pick = a
				break
			}
			if !ends && pick == nil {
				pick = a
			}
		}
		if pick == nil {
			pick = acts[0]
		}
		if err := g.Play(pick); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Result().Over() || g.Len() < lo {
		t.Fatalf("the random game of %s did not end within %d..%d actions (%d)", header, lo, hi, g.Len())
	}
	return g.Record()
}

// analyseTimed starts the analysis of the finished game on screen from the
// page itself and waits for its chart: the time it took and the longest
// main-thread task meanwhile (the Long Tasks API), in milliseconds.
func (p *page) analyseTimed(limit time.Duration) (took, longest float64, tasks int) {
	p.t.Helper()
	p.WaitVisible(byID(idAnalyse))
	p.Do("watch the long tasks and start the analysis", waitJS(`(() => {
		window.gygyLong = [];
		window.gygyObs && window.gygyObs.disconnect();
		window.gygyObs = new PerformanceObserver(l => { for (const e of l.getEntries()) window.gygyLong.push(e.duration); });
		window.gygyObs.observe({type: 'longtask'});
		window.gygyT1 = 0;
		window.gygyT0 = performance.now();
		const watch = setInterval(() => {
			if (document.getElementById('analysis-chart')) { window.gygyT1 = performance.now(); clearInterval(watch); }
		}, 20);
		document.getElementById('analyse').click();
		return true;
	})()`))
	p.WaitVisible(byID("analysis-progress"))
	p.WaitLong("the analysis's chart", byID(idAnalysisChart), limit)
	p.Wait("the time taken", `window.gygyT1 > 0`)
	took = eval[float64](p, `window.gygyT1 - window.gygyT0`)
	longest = eval[float64](p, `Math.max(0, ...window.gygyLong)`)
	tasks = eval[int](p, `window.gygyLong.length`)
	p.Do("stop watching", waitJS(`(window.gygyObs.disconnect(), true)`))
	return took, longest, tasks
}

func TestBrowserAnalysis(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))

	// A hint against the computer: asked from the keyboard, shown in
	// words and on the board, not played.
	p.StartGame(idGameGYRE, idSize5x10, idModeComputer, idLevelEasy, idSideFirst)
	p.WaitVisible(byID(idHint))
	p.Focus(idHint)
	p.Press("\r")
	p.Wait("the hint", fmt.Sprintf(`%s.textContent.includes("would play")`, jsEl(byID(idHintText))))
	if n := p.Count(selHintCell); n != 1 {
		t.Errorf("%d cells marked for the hint, want 1", n)
	}
	if n := p.Moves(); n != 0 {
		t.Errorf("the hint played: %d moves on the board", n)
	}
	hinted := strings.TrimSuffix(strings.TrimPrefix(p.Text(byID(idHintText)), "Hint: the computer would play "), ".")
	p.Screenshot("analysis-hint")
	p.CheckAxe("a hint shown")
	p.Play(hinted)
	p.WaitVisible(byID(idHintsUsed))

	// The analysis of a 60-move GYRE 7 × 14 game, on a desktop.
	gyreRec := randomGame(t, "GYRE 7x14", 60, 90)
	p.Click(idNewGame)
	p.LoadRecord(gyreRec)
	p.WaitResult()
	if p.Has(byID(idHint)) {
		t.Error("a hint offered in a finished game")
	}
	took, longest, tasks := p.analyseTimed(3 * time.Minute)
	t.Logf("GYRE 7x14, %d actions: analysed in %.1f s; %d long tasks, the longest %.0f ms",
		strings.Count(strings.SplitN(gyreRec, "\n", 2)[1], " ")+1, took/1000, tasks, longest)
	if took > 60_000 {
		t.Errorf("the analysis of the GYRE game took %.1f s, over 60 s", took/1000)
	}
	if longest > 200 {
		t.Errorf("a main-thread task of %.0f ms during the analysis (over 200 ms)", longest)
	}
	p.WaitVisible(byID(idAnalysisTotal))
	p.Screenshot("analysis-gyre-chart")
	p.CheckAxe("the analysis of a GYRE game")
	// Review from the keyboard: each move's verdict in the status.
	p.Focus(idReview)
	p.Press(kb.ArrowLeft) // the position before the winning move
	p.WaitVisible(byID(idAnalysisNote))
	if note := p.Text(byID(idAnalysisNote)); !strings.Contains(note, "Move ") {
		t.Errorf("the review's note: %q", note)
	}
	p.Press(kb.Home)
	for range 20 {
		p.Press(kb.ArrowRight)
	}
	p.Wait("the review at move 20", fmt.Sprintf(`%s.textContent.startsWith("Move 20 of")`, jsEl(byID(idReviewAt))))
	p.Screenshot("analysis-gyre-review")
	p.Emulate(390, 844, true)
	p.ScrollTo(byID(idAnalysisChart))
	p.Screenshot("analysis-gyre-phone")
	p.CheckAxe("the analysis on a phone")
	p.Emulate(1280, 900, false)

	// A cancelled analysis leaves the button to start again.
	p.Press(kb.End)
	p.WaitText(byID(idReviewAt), "Live")
	// The side column scrolled down to the chart: New game back in sight,
	// and still, before it is pressed.
	p.ScrollTo(byID(idNewGame))
	p.WaitInPlace(byID(idNewGame))
	p.Click(idNewGame)
	p.LoadRecord(gyreRec)
	p.WaitResult()
	p.Click(idAnalyse)
	p.WaitVisible(byID(idAnalysisCncl))
	p.Click(idAnalysisCncl)
	p.WaitVisible(byID(idAnalyse))

	// The analysis of a 30-move Gygès game.
	gygesRec := randomGame(t, "GYGES", 30, 60)
	p.ScrollTo(byID(idNewGame))
	p.WaitInPlace(byID(idNewGame))
	p.Click(idNewGame)
	p.LoadRecord(gygesRec)
	p.WaitResult()
	took, longest, tasks = p.analyseTimed(3 * time.Minute)
	t.Logf("Gygès, %d actions: analysed in %.1f s; %d long tasks, the longest %.0f ms",
		len(strings.Fields(gygesRec))-1, took/1000, tasks, longest)
	if took > 60_000 {
		t.Errorf("the analysis of the Gygès game took %.1f s, over 60 s", took/1000)
	}
	if longest > 200 {
		t.Errorf("a main-thread task of %.0f ms during the analysis (over 200 ms)", longest)
	}
	p.Screenshot("analysis-gyges-chart")
	p.CheckAxe("the analysis of a Gygès game")

	// My games, after a reload: the game against the computer (with its
	// hints), left unfinished when a loaded game replaced it, the GYRE
	// game loaded (once, though loaded twice) and the Gygès game, newest
	// first; one opened, one deleted.
	p.Click(idNavGames)
	p.WaitVisible(byID(idGamesList))
	p.Reload()
	p.WaitCount(selGamesItem, 3)
	first := p.Text(selGamesItem + ":nth-child(1)")
	if !strings.Contains(first, "Gygès") || !strings.Contains(first, "won") {
		t.Errorf("the newest game: %q", first)
	}
	last := p.Text(selGamesItem + ":nth-child(3)")
	if !strings.Contains(last, "Against the computer") || !strings.Contains(last, "left unfinished") || !strings.Contains(last, "hints used") {
		t.Errorf("the oldest game: %q", last)
	}
	p.Screenshot("games-list")
	p.CheckAxe("My games")
	p.Emulate(390, 844, true)
	p.Screenshot("games-list-phone")
	p.Emulate(1280, 900, false)
	p.Do("focus the second game's Open", chromedp.Focus(chromedp.CSS(selGamesItem+":nth-child(2) .games-open")))
	p.Press("\r")
	p.WaitResult()
	if rec := p.Record(); strings.TrimSpace(rec) != strings.TrimSpace(gyreRec) {
		t.Errorf("the game opened: %q, want %q", rec, gyreRec)
	}
	p.Click(idNavGames)
	p.WaitCount(selGamesItem, 3)
	p.Do("delete the newest", click(selGamesItem+":nth-child(1) .games-delete"))
	p.WaitCount(selGamesItem, 2)

	// Offline: the list, a game opened from it and its analysis, from the
	// service worker's cache and the computer's worker.
	p.WaitServiceWorker()
	srv.stop()
	p.Reload()
	p.WaitCount(selGamesItem, 2)
	p.Do("open the GYRE game offline", click(selGamesItem+":nth-child(1) .games-open"))
	p.WaitResult()
	took, _, _ = p.analyseTimed(3 * time.Minute)
	p.WaitVisible(byID(idAnalysisTotal))
	t.Logf("offline: the GYRE game from My games analysed in %.1f s", took/1000)
	p.Screenshot("analysis-offline-gyre")
}
