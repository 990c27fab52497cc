package main

// My games (issue 48, items 4, 5, 6, 12 and 13): a game against the
// computer opened from the list goes on against the computer, on the
// person's side and at its level; opening a game while another is in
// progress asks first, as Start does; a game replaced by another, resigned
// or won is listed as ended with its result; the list names Gygès as the
// rest of the app does; and the review of a finished Gygès game keeps one
// side of the board down.

import (
	"fmt"
	"strings"
	"testing"
)

// GamesItem is the selector of the entry of My games whose text holds
// every one of words, waiting for it: the list is newest first, and a test
// names a game by what it shows.
func (p *page) GamesItem(words ...string) string {
	p.t.Helper()
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = fmt.Sprintf("%q", w)
	}
	find := fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).findIndex(li => [%s].every(w => li.textContent.includes(w)))`,
		selGamesItem, strings.Join(quoted, ","))
	p.Wait("the game of "+strings.Join(words, ", ")+" in My games", find+" >= 0")
	return fmt.Sprintf("%s:nth-child(%d)", selGamesItem, eval[int](p, find)+1)
}

// OpenFromGames presses Open on an entry of My games.
func (p *page) OpenFromGames(item string) {
	p.t.Helper()
	p.Do("open "+item, click(item+" "+selGamesOpen))
}

// MyGames goes to the list by the header's link.
func (p *page) MyGames() {
	p.t.Helper()
	p.Click(idNavGames)
	p.WaitVisible(byID(idGamesList))
}

// TestBrowserMyGamesOpen plays Gygès against the computer, leaves it for
// a game of two players here, and opens it again from My games: the list
// shows it left unfinished, Open asks before it ends the game in progress
// (Keep it keeps it), and the game opened goes on against the computer,
// which answers, and stays listed as a game against the computer. On a
// desktop, then the question on a phone.
func TestBrowserMyGamesOpen(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(1280, 900, false)
	p.Open(srv.url("/"))

	// Gygès against the computer (Easy), the person South: both set up,
	// one move each.
	p.StartGame(idGameGyges, idModeComputer, idLevelEasy, idSideFirst)
	p.WaitVisible(byID(idTray))
	p.SetUp("312213")
	p.WaitMoves(2) // my setup and the computer's
	p.WaitLive()
	m := gygesQuiet(p.GygesGame().Position())
	p.Tap(p.Square(m.From.String()))
	p.Square(m.To.String()).WaitIs(classTarget)
	p.Tap(p.Square(m.To.String()))
	p.WaitMoves(4) // my move and the computer's reply
	p.WaitLive()
	record := p.Record()

	// A game of two players here replaces it, after the home screen asked.
	p.Click(idNavHome)
	p.StartGame(idModeHotseat, idGameGYRE, idSize5x10, idRuleSwap)
	p.WaitVisible(byID(idReplaceAsk))
	p.Click(idStartReplace)
	p.WaitVisible(selGyreBoard)
	p.Play("c3")

	// Item 6: the game replaced is listed as ended, with its result; item
	// 12: its name is Gygès, as everywhere else.
	p.MyGames()
	left := p.GamesItem("Against the computer")
	if got := p.Text(left); !strings.Contains(got, "left unfinished") || strings.Contains(got, "under way") {
		t.Errorf("item 6: the game replaced is listed as %q, want it left unfinished", got)
	}
	if got := p.Text(left + " " + selGamesTitle); !strings.HasPrefix(got, "Gygès") || strings.Contains(got, "GYGES") {
		t.Errorf("item 12: the Gygès game is called %q in My games, want Gygès", got)
	}
	p.Screenshot("mygames-1-left")
	p.CheckAxe("My games with a game left unfinished")

	// Item 5: Open asks while a game is in progress; Keep it keeps it.
	p.OpenFromGames(left)
	if !p.Appears(byID(idOpenQuestion)) {
		t.Errorf("item 5: Open replaced the game in progress without asking")
	} else {
		if got := p.Text(byID(idOpenQuestion)); !strings.Contains(got, "A game is in progress here (GYRE 5×10, 1 move)") {
			t.Errorf("item 5: the question says %q", got)
		}
		p.Screenshot("mygames-2-question")
		p.CheckAxe("My games asking before a game is replaced")
		p.Click(idOpenKeep)
		p.WaitGone(byID(idOpenQuestion))
		if p.Has(selGygesBoard) || p.Has(selGyreBoard) {
			t.Errorf("item 5: Keep it left My games")
		}
		p.OpenFromGames(p.GamesItem("Against the computer"))
		p.WaitVisible(byID(idOpenReplace))
		p.Click(idOpenReplace)
	}

	// Item 4: the game goes on against the computer, the person South.
	p.WaitVisible(selGygesBoard)
	if got := p.Record(); strings.TrimSpace(got) != strings.TrimSpace(record) {
		t.Fatalf("the game opened: %q, want %q", got, record)
	}
	if south, north := p.Text(byID(idSeatSouth)), p.Text(byID(idSeatNorth)); !strings.Contains(south, "You") || !strings.Contains(north, "The computer") {
		t.Errorf("item 4: the sides read %q and %q, want You (South) and The computer (North)", south, north)
	}
	p.WaitLive()
	p.Screenshot("mygames-3-opened")
	m = gygesQuiet(p.GygesGame().Position())
	p.Tap(p.Square(m.From.String()))
	p.Square(m.To.String()).WaitIs(classTarget)
	p.Tap(p.Square(m.To.String()))
	p.WaitMoves(6) // my move and the computer's answer
	p.WaitLive()

	// The list: one game against the computer, under way again, and the
	// game of two players left unfinished in its turn.
	p.MyGames()
	if n := p.Count(selGamesItem); n != 2 {
		t.Errorf("%d games in My games, want 2", n)
	}
	bot := p.GamesItem("Gygès")
	if got := p.Text(bot); !strings.Contains(got, "Against the computer · Computer (Easy)") || !strings.Contains(got, "under way") {
		t.Errorf("item 4: the game opened again is listed as %q, want under way against the computer", got)
	}
	if got := p.Text(p.GamesItem("GYRE")); !strings.Contains(got, "left unfinished") {
		t.Errorf("item 6: the game of two players, replaced in turn, is listed as %q", got)
	}
	p.Screenshot("mygames-4-list")

	// The same game opened again resumes it, without a question.
	p.OpenFromGames(bot)
	p.WaitVisible(selGygesBoard)
	if p.Has(byID(idOpenQuestion)) {
		t.Errorf("Open asked before resuming the game in progress itself")
	}

	// On a phone: the question in sight under the game's Open.
	p.Emulate(390, 844, true)
	p.MyGames()
	p.OpenFromGames(p.GamesItem("GYRE"))
	p.WaitVisible(byID(idOpenQuestion))
	p.ScrollTo(byID(idOpenQuestion))
	if !p.OnScreen(idOpenReplace) || !p.OnScreen(idOpenKeep) {
		t.Errorf("on a phone the question's buttons are not in sight")
	}
	p.Screenshot("mygames-5-question-phone")
	p.CheckAxe("My games asking, on a phone")
	p.Click(idOpenKeep)
	p.WaitGone(byID(idOpenQuestion))
}

// TestBrowserMyGamesEndings lists a resigned game and a won one as ended
// with their results, and reviews the won Gygès game from My games step by
// step with South at the bottom throughout (item 13), on a phone.
func TestBrowserMyGamesEndings(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))

	// A game of two players here, resigned after one move.
	p.StartGame(idModeHotseat, idGameGYRE, idSize5x10, idRuleSwap)
	p.WaitVisible(selGyreBoard)
	p.Play("c3")
	p.ScrollTo(byID(idResign))
	p.Click(idResign)
	p.Click(idResignYes)
	p.WaitResult()

	// A Gygès game won in the goal, loaded from its record.
	won := randomGame(t, "GYGES", 12, 40)
	p.Click(idNavHome)
	p.LoadRecord(won)
	p.WaitResult()

	p.MyGames()
	p.WaitCount(selGamesItem, 2)
	if got := p.Text(p.GamesItem("GYRE")); !strings.Contains(got, "won (resignation)") {
		t.Errorf("item 6: the resigned game is listed as %q", got)
	}
	gy := p.GamesItem("won (goal)")
	if got := p.Text(gy); !strings.HasPrefix(got, "Gygès") || strings.Contains(got, "Player") {
		t.Errorf("the won game is listed as %q, want Gygès and South or North won (goal)", got)
	}
	p.Screenshot("mygames-6-endings-phone")

	// Item 13: the review keeps South at the bottom at every step.
	p.OpenFromGames(gy)
	p.WaitVisible(selGygesBoard)
	p.WaitResult()
	n := p.Moves()
	p.ScrollTo(byID(idReviewFirst))
	p.Click(idReviewFirst)
	p.Wait("the review at the start", fmt.Sprintf(`%s.textContent.startsWith("Move 0 of")`, jsEl(byID(idReviewAt))))
	for k := 1; k <= min(n, 8); k++ {
		p.Click(idReviewForward)
		p.Wait(fmt.Sprintf("the review at move %d", k), fmt.Sprintf(`%s.textContent.startsWith("Move %d of")`, jsEl(byID(idReviewAt)), k))
		if p.Flipped() {
			p.Screenshot("mygames-7-review-flipped")
			t.Fatalf("item 13: the board turned to North at move %d of the review", k)
		}
	}
	p.Screenshot("mygames-7-review-phone")
}
