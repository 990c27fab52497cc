package main

// The lessons, the puzzles and the rules screens in French and in English
// (issue 50), on a phone and on a desktop: a lesson open and a try judged
// (missed, then done), a Gygès lesson open, a GYRE puzzle missed and then
// solved, a Gygès puzzle's solution shown, both rulebooks with the
// screen's own words around them. Every word shown or spoken is in the
// page's language.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"gygy/app/puzzles"
	"gygy/engine/gyre"
)

func TestBrowserWordsLearn(t *testing.T) {
	srv := appServer(t)
	english := []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en")}
	for _, l := range []struct {
		tag  string
		opts []chromedp.ExecAllocatorOption
	}{{"fr", french}, {"en", english}} {
		t.Run(l.tag, func(t *testing.T) {
			p := newPage(t, "", l.opts...)
			p.Emulate(390, 844, true)
			walkLearnWords(t, p, srv, l.tag, "phone")
			p.Resize(1280, 800, false)
			walkLearnWords(t, p, srv, l.tag, "desktop")
		})
	}
}

// walkLearnWords opens the lessons, the puzzles and the rules from a
// fresh start (the progress forgotten) and checks the words of each state.
func walkLearnWords(t *testing.T, p *page, srv *server, tag, device string) {
	t.Helper()
	check := func(what string) {
		t.Helper()
		others := eval[[]string](p, jsOthersWords)
		var mine, theirs []string
		for _, w := range wordsLeft(tag, p.Words()) {
			if slices.Contains(others, w) {
				theirs = append(theirs, w)
			} else {
				mine = append(mine, w)
			}
		}
		if len(mine) > 0 {
			t.Errorf("%s, %s, %s: words of the other language: %q", tag, device, what, mine)
		}
		if len(theirs) > 0 {
			t.Errorf("%s, %s, %s: words of the other language in the board or the rulebook: %q", tag, device, what, theirs)
		}
	}
	shot := func(name string) {
		t.Helper()
		if tag == "fr" && device == "phone" {
			p.ScreenshotStill("fr-learn-" + name)
		}
		if device == "phone" && axeAvailable() {
			p.CheckAxe(tag + ", " + name)
		}
	}
	p.Open(srv.url("/?view=learn"))
	eval[bool](p, `(localStorage.removeItem("gygy-lessons-done"), localStorage.removeItem("gygy-puzzles"), true)`)
	p.Reload()
	if got := p.PageLang(); got != tag {
		t.Fatalf("%s, %s: <html lang=%q>", tag, device, got)
	}

	// The lessons: the list, a lesson missed, the same lesson done.
	p.WaitVisible(byID("lesson-gyre-bridge"))
	check("the lessons' list")
	shot("list")
	p.OpenLesson("gyre-bridge")
	check("a lesson open")
	p.Cell("c5").Click()
	p.WaitVisible(byID(idLessonAgain))
	p.Wait("the verdict", `document.getElementById("lesson-message").textContent !== ""`)
	check("a lesson missed")
	shot("lesson-missed")
	p.Click(idLessonAgain)
	p.Cell("c5").WaitIs("empty")
	p.Cell("c1").Click()
	p.WaitVisible(byID(idLessonNext))
	check("a lesson done")
	shot("lesson-done")
	p.Click(idLessonList)
	p.WaitVisible(byID(idLearnGyges))
	p.Click(idLearnGyges)
	p.WaitVisible(byID("lesson-gyges-replace"))
	check("the Gygès lessons, one done in GYRE")
	p.OpenLesson("gyges-replace")
	check("a Gygès lesson open")
	shot("lesson-gyges")

	// The puzzles: a GYRE puzzle missed, then solved; a Gygès solution.
	set := shippedSet(t, puzzles.GameGyre)
	first := set.Puzzles[0]
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
	check("a puzzle")
	p.Cell(wrong).Click()
	if device == "phone" {
		p.Cell(wrong).Click() // a finger's first tap only marks a small cell
	}
	p.WaitVisible(byID(idPuzzleAgain))
	check("a puzzle missed")
	shot("puzzle-missed")
	p.Click(idPuzzleAgain)
	p.Cell(wrong).WaitIs("empty")
	p.Cell(first.Winning[0]).Click()
	if device == "phone" && !p.Has(byID(idPuzzleNext)) {
		p.Cell(first.Winning[0]).Click()
	}
	p.WaitVisible(byID(idPuzzleNext))
	check("a puzzle solved at a later try")
	shot("puzzle-solved")
	p.Click(idPuzzlesGyges)
	p.WaitVisible(byID(idPuzzleSolution))
	p.Click(idPuzzleSolution)
	p.WaitVisible(byID(idPuzzleNext))
	check("a Gygès puzzle's solution")
	shot("puzzle-gyges-solution")

	// The rules: both rulebooks, and the screen's words around them.
	p.Navigate(srv.url("/?view=rules"))
	for _, game := range []string{"gyre", "gyges"} {
		p.Click("rules-" + game)
		p.Wait("the "+game+" rulebook", `document.getElementById("rules-`+game+`").getAttribute("aria-pressed") === "true" && !document.getElementById("rules-loading") && !document.getElementById("rules-failed") && document.querySelectorAll("main.rules h2").length > 4 && (document.querySelector("main.rules h1").textContent.includes("Gyg") === `+fmt.Sprint(game == "gyges")+`)`)
		p.WaitVisible(byID("sheets"))
		check("the " + game + " rules")
		if device == "phone" && axeAvailable() {
			p.CheckAxe(tag + ", the " + game + " rules")
		}
		if tag == "fr" && device == "phone" {
			p.Screenshot("fr-learn-rules-" + game + "-top")
			eval[bool](p, `(document.getElementById("sheets").scrollIntoView(), true)`)
			p.Screenshot("fr-learn-rules-" + game + "-sheets")
			eval[bool](p, `(window.scrollTo(0, document.body.scrollHeight), true)`)
			p.Screenshot("fr-learn-rules-" + game + "-end")
		}
		if eval[bool](p, `document.documentElement.scrollWidth > window.innerWidth || document.querySelector("main.rules").getBoundingClientRect().right > window.innerWidth + 1`) {
			t.Errorf("%s, %s: the %s rules scroll sideways", tag, device, game)
		}
	}
}

// jsOthersWords are the words of the page that other areas word: the
// boards' (package board: their names, their cells' names) and the
// rulebook's own text (fetched in the page's language, with its
// diagrams), which comes on the rules screen before #sheets or
// #rules-app.
const jsOthersWords = `(() => {
  const out = [], roots = [...document.querySelectorAll(".learn-board")];
  const m = document.querySelector("main.rules");
  if (m) for (const el of m.children) {
    if (el.tagName === "NAV") continue;
    if (el.id === "sheets" || el.id === "rules-app") break;
    roots.push(el);
  }
  for (const r of roots) {
    for (const el of [r, ...r.querySelectorAll("*")]) for (const a of ["aria-label", "title", "alt"]) {
      const v = el.getAttribute(a); if (v && v.trim()) out.push(v.trim());
    }
    const w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) { const t = n.textContent.trim(); if (t) out.push(t); }
  }
  return out;
})()`
