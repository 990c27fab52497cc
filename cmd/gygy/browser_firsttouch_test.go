package main

// A newcomer's first touches (issue 48): the words a first game, a first
// lesson, a bad record and a game by link say; quick choices on the home
// screen, made before and after the program takes over the page, all
// kept; and ring letters that never cover a stone.

import (
	"encoding/json"
	"fmt"
	"github.com/chromedp/chromedp"
	"strings"
	"testing"
	"time"
)

// The DOM these tests use, besides the page object's.
const (
	selLinkSendWhat = "#link-send p" // why the link goes to the opponent now
	idLinkIntro     = "link-intro"   // what the game of a link is
	idLinkRules     = "link-rules"   // and its rules
	idLessonTask    = "lesson-task"
	selLearnInfo    = ".learn-info"
	selSeats        = ".seats"
	idFirstGame     = "first-game" // home: a newcomer's plain first game
)

// The words of a first game: a bad record says which move and in a
// sentence; the lessons name the stones by what they look like and say
// who moves once; My games names the computer's level as the home screen
// does; the plain swap rule has a first stone, not an opening.
func TestBrowserFirstTouchWords(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))

	t.Run("bad record", func(t *testing.T) {
		p.LoadRecord("GYRE 5x10\nc1 swap a6 zz")
		p.WaitVisible(selHomeError)
		got, _, _ := strings.Cut(p.Text(selHomeError), " (") // the sentence, before the technical reason
		if !strings.Contains(got, "move 4 is not a legal move") || strings.Contains(got, "4:") || strings.Contains(got, "in it is") {
			t.Errorf("a record with a bad fourth move says %q, want a sentence naming move 4", got)
		}
		p.Screenshot("firsttouch-bad-record")
	})

	t.Run("lessons", func(t *testing.T) {
		p.Open(srv.url("/?view=learn"))
		p.OpenLesson("gyre-stone")
		if got := p.Text(selLearnInfo); strings.Contains(got, "dark") || !strings.Contains(got, "blue") || !strings.Contains(got, "orange") {
			t.Errorf("lesson 1 says %q, want the stones named blue and orange as drawn", got)
		}
		p.Open(srv.url("/?view=learn"))
		p.OpenLesson("gyre-bridge")
		if got := p.Text(byID(idLessonTask)); strings.Count(got, "Spoke to move") != 1 {
			t.Errorf("lesson 2's task says %q, want who moves said once", got)
		}
		p.Screenshot("firsttouch-lesson-bridge")
	})

	t.Run("plain swap", func(t *testing.T) {
		p.Open(srv.url("/"))
		p.StartGame(idModeHotseat, idSize5x10, idRuleSwap)
		p.WaitLive()
		if got := p.Text(selSeats); strings.Contains(got, "opening") || !strings.Contains(got, "first stone") {
			t.Errorf("with the plain swap rule the seats say %q, want the first stone, no opening", got)
		}
	})

	t.Run("level", func(t *testing.T) {
		p.Click(idNavHome)
		p.startOver(idModeComputer, idLevelMedium, idSize5x10, idRuleNoSwap, idSideFirst)
		p.WaitLive()
		p.Play("c3") // a game is kept once it has begun
		p.WaitLive()
		p.Click(idNavGames)
		p.WaitVisible(selGamesItem)
		got := p.Text(byID(idGamesList))
		if !strings.Contains(got, "Computer (Medium)") {
			t.Errorf("My games says %q, want the level as the home screen says it: Computer (Medium)", got)
		}
	})
}

// By link: a player who lets the opponent move first is not told that a
// move was made; the person who opens the link reads what the game is,
// with a link to its rules.
func TestBrowserFirstTouchByLink(t *testing.T) {
	srv := appServer(t)
	a, b := pair(newPage(t, "A"), newPage(t, "B"))
	b.Emulate(390, 844, true)
	a.Open(srv.url("/"))
	a.StartGame(idModeByLink, idGameGYRE, idSize5x10, idRuleSwap, idSideSecond)
	link := a.SentLink()
	if got := a.Text(selLinkSendWhat); strings.Contains(got, "move is made") || !strings.Contains(got, "first") {
		t.Errorf("before any move, the player who lets the opponent begin reads %q", got)
	}
	a.Screenshot("firsttouch-bylink-invite")
	b.Open(srv.url("/"))
	b.OpenLink(link, 0)
	b.WaitVisible(byID(idLinkIntro))
	if got := b.Text(byID(idLinkIntro)); !strings.Contains(got, "GYRE") || !strings.Contains(got, "ring") {
		t.Errorf("the link's game is introduced as %q", got)
	}
	b.Screenshot("firsttouch-bylink-opened-phone")
	b.Click(idLinkRules)
	b.WaitVisible(selRulesTitle)
	if got := b.Text(selRulesTitle); !strings.Contains(got, "GYRE") {
		t.Errorf("the link's rules open %q", got)
	}
}

// TextOnStones lists the board's words and numbers that lie over a stone
// (the stone in the hole that shows who moves aside), as "text on cell".
func (p *page) TextOnStones() []string {
	p.t.Helper()
	return eval[[]string](p, fmt.Sprintf(`(() => {
		const board = %s, out = [];
		const discs = [...board.querySelectorAll(".cell .stone .disc")].map(d => [d, d.getBoundingClientRect()]);
		for (const text of board.querySelectorAll("text")) {
			const t = text.getBoundingClientRect();
			if (t.width === 0) continue;
			for (const [d, r] of discs) {
				if (t.left < r.right - 0.5 && r.left < t.right - 0.5 && t.top < r.bottom - 0.5 && r.top < t.bottom - 0.5) {
					out.push(text.textContent + " on " + d.closest(".cell").id);
				}
			}
		}
		return out;
	})()`, jsEl(selGyreBoard)))
}

// Coordinates name the cells without covering a stone: on a game's board,
// phone and desktop, with stones where the ring letters were drawn, and
// on a lesson's board, which always shows them.
func TestBrowserFirstTouchCoordinates(t *testing.T) {
	srv := appServer(t)
	for _, screen := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}} {
		t.Run(screen.name, func(t *testing.T) {
			p := newPage(t, "")
			p.Emulate(screen.width, screen.height, screen.phone)
			p.Open(srv.url("/"))
			p.StartGame(idModeHotseat, idGameGYRE, idRuleNoSwap)
			p.WaitLive()
			p.Click(idCoords)
			p.Wait("the coordinates", fmt.Sprintf(`%s.querySelectorAll("text").length > 20`, jsEl(selGyreBoard)))
			// Stones in the first column and the one halfway round, inner
			// rim to outer rim, and a few elsewhere.
			for _, c := range []string{"a1", "d8", "g1", "b8", "c1", "f8", "e5", "b12"} {
				if screen.phone {
					p.Cell(c).Tap()
					p.Cell(c).WaitIs(classPending)
					p.Cell(c).Tap()
				} else {
					p.Cell(c).Click()
				}
				p.Cell(c).WaitIsNot(classEmpty)
			}
			if on := p.TextOnStones(); len(on) > 0 {
				t.Errorf("coordinates drawn over stones: %v", on)
			}
			p.Screenshot("firsttouch-coordinates-" + screen.name)
			if axeAvailable() {
				p.CheckAxe("a GYRE board with coordinates, " + screen.name)
			}

			p.Open(srv.url("/?view=learn"))
			p.OpenLesson("gyre-bridge")
			p.WaitVisible(selGyreBoard)
			if on := p.TextOnStones(); len(on) > 0 {
				t.Errorf("on the lesson's board, coordinates drawn over stones: %v", on)
			}
			p.Screenshot("firsttouch-coordinates-lesson-" + screen.name)
		})
	}
}

// tapNow taps an element with the pointer where it is at this moment, as
// a person tapping quickly does: no wait for the page to keep still (a
// form that moves under the finger sends the tap elsewhere).
func (p *page) tapNow(id string) {
	p.t.Helper()
	// A person taps what is drawn: a group that a choice brings (the
	// level after "Against the computer") is waited for, not its
	// stillness.
	p.WaitVisible(byID(id))
	eval[bool](p, fmt.Sprintf(`(() => {
		const el = %s, r = el.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({block: "center"});
		return true;
	})()`, jsEl(byID(id))))
	// A person aims at what the screen shows and the finger lands a tenth
	// of a second later, where the button was: a form that moves in
	// between sends the tap elsewhere. (Taps a few milliseconds apart are
	// no person's.)
	x, y := p.centre(spot(jsEl(byID(id))))
	time.Sleep(quickTapGap)
	p.Do("tap", chromedp.MouseClickXY(x, y))
}

// settledChoices gives the buttons of want that do not show as chosen
// once the screen has drawn the last tap: it looks again until all do or
// a second has gone (the program draws a tap some milliseconds after it;
// a tap lost stays lost).
func (p *page) settledChoices(want []string) []string {
	p.t.Helper()
	ids, _ := json.Marshal(want)
	js := fmt.Sprintf(`%s.filter(id => { const b = document.getElementById(id); return !b || b.getAttribute("aria-pressed") !== "true"; })`, ids)
	deadline := time.Now().Add(time.Second)
	for {
		missed := eval[[]string](p, js)
		if len(missed) == 0 || time.Now().After(deadline) {
			return missed
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// quickTapGap is the time from a quick person's aim to their tap.
const quickTapGap = 100 * time.Millisecond

// quickTry is one try of quick taps: the taps, in order, and the choices
// that must show as chosen after them.
type quickTry struct {
	taps, want []string
}

// quickTries are the tries: a mode, the small board, a rule and a side
// (and a level), in the order of the form, from one mode to another.
func quickTries() []quickTry {
	var out []quickTry
	for i, mode := range []string{idModeComputer, idModeByLink, idModeComputer, idModeByLink, idModeHotseat, idModeComputer} {
		side, rule := []string{idSideFirst, idSideSecond}[i%2], []string{idRuleSwap, idRuleNoSwap}[i/2%2]
		taps := []string{mode, idSize5x10, rule}
		if mode != idModeHotseat {
			taps = append(taps, side)
		}
		if mode == idModeComputer {
			taps = append(taps, []string{idLevelEasy, idLevelHard}[i%2])
		}
		out = append(out, quickTry{taps: taps, want: taps})
	}
	return out
}

// Quick choices are kept: a person who taps a mode, the board, a rule and
// a side without pausing gets what they tapped, every time, on a phone and
// a desktop.
func TestBrowserFirstTouchQuickChoices(t *testing.T) {
	srv := appServer(t)
	for _, screen := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		t.Run(screen.name, func(t *testing.T) {
			p := newPage(t, "")
			p.Emulate(screen.width, screen.height, screen.phone)
			lost := 0
			tries := quickTries()
			for i, try := range tries {
				p.Open(srv.url("/"))
				p.WaitInPlace(byID(idStartQuick)) // the page, before the first tap
				for _, id := range try.taps {
					p.tapNow(id)
				}
				missed := p.settledChoices(try.want)
				if len(missed) > 0 {
					lost++
					t.Errorf("try %d, taps %v: %v not chosen", i+1, try.taps, missed)
					p.Screenshot(fmt.Sprintf("firsttouch-quick-lost-%s-%d", screen.name, i+1))
				}
			}
			t.Logf("%s: choices lost in %d of %d tries", screen.name, lost, len(tries))
			p.Screenshot("firsttouch-quick-" + screen.name)
			// The last try's game starts as chosen.
			p.Click(idStartQuick)
			p.WaitVisible(selGyreBoard)
			if rec := p.Record(); !strings.HasPrefix(rec, "GYRE 5x10") {
				t.Errorf("the game started after quick choices: %q, want GYRE 5x10", rec)
			}
		})
	}
}

// A plain way in: the home screen keeps the study figures for the rules,
// and a newcomer's first game against the computer needs no decision
// before the first stone: no opening, no swap, the person moves first.
func TestBrowserFirstTouchPlainWayIn(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	for _, id := range []string{idSize5x10, idSizeCustom} {
		p.Choose(id)
		if got := eval[string](p, `document.querySelector("main.home").innerText`); strings.Contains(got, "Hard bots") || strings.Contains(got, "100 games") {
			t.Errorf("with %s the home screen carries study figures: %q", id, got)
		}
	}
	p.Screenshot("firsttouch-plain-home-phone")
	p.Click(idFirstGame)
	p.WaitLive()
	if rec := p.Record(); !strings.HasPrefix(rec, "GYRE 5x10 noswap") || p.Moves() != 0 {
		t.Errorf("the plain first game: record %q, want an empty GYRE 5x10 noswap", rec)
	}
	if p.Has(byID(idSwapOffer)) {
		t.Error("the plain first game offers a swap")
	}
	wantStatus(t, p, "Your turn: place a Spoke stone.")
	p.Screenshot("firsttouch-plain-game-phone")
}
