package main

// The analysis judges moves as the rules judge them (issue 48, item 10):
// a Gygès move that lets the computer into the goal is a blunder and the
// computer's goal move is good; a GYRE move that throws away a win the
// solver proved is a blunder, and none of the winner's moves after it a
// mistake; the chart has its axes and a legend, and the sides are named
// as the board names them.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"gygy/app/puzzles"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// ChartMarks reads the marks the analysis chart shows: move number → mark.
func (p *page) ChartMarks() map[int]string {
	p.t.Helper()
	titles := eval[[]string](p, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent)`, selChartMarkTitles))
	out := map[int]string{}
	re := regexp.MustCompile(`^Move (\d+): (.+)$`)
	for _, s := range titles {
		if m := re.FindStringSubmatch(s); m != nil {
			k, _ := strconv.Atoi(m[1])
			out[k] = m[2]
		}
	}
	return out
}

// analyse starts the analysis of the finished game on screen and waits
// for its chart.
func (p *page) analyse() {
	p.t.Helper()
	p.ScrollTo(byID(idAnalyse))
	p.WaitInPlace(byID(idAnalyse))
	p.Click(idAnalyse)
	p.WaitLong("the analysis's chart", byID(idAnalysisChart), 3*time.Minute)
	p.WaitVisible(byID(idAnalysisTotal))
}

// blunderInto is a move of South's that lets North into the goal at
// once where another move does not, and the first such safe move; ok is
// false when no move gives the goal or none keeps it shut.
func blunderInto(p gyges.Position) (blunder, quiet gyges.Move, ok bool) {
	var gives, safe []gyges.Move
	for _, m := range p.Moves(nil) {
		if m.IsGoal() {
			continue
		}
		q := p
		q.Apply(m)
		opens := false
		for _, r := range q.Moves(nil) {
			if r.IsGoal() {
				opens = true
				break
			}
		}
		if opens {
			gives = append(gives, m)
		} else {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		return gyges.Move{}, gyges.Move{}, false
	}
	// Simple moves first: a drag, no replace to choose.
	pick := func(ms []gyges.Move) gyges.Move {
		for _, m := range ms {
			if !m.IsReplace() {
				return m
			}
		}
		return ms[0]
	}
	if len(gives) == 0 {
		return gyges.Move{}, pick(safe), false
	}
	return pick(gives), pick(safe), true
}

// dragGyges plays a Gygès move of South's on the board with the mouse.
func (p *page) dragGyges(m gyges.Move) {
	p.t.Helper()
	if m.IsGoal() {
		p.DragPiece(p.Square(m.From.String()), goalOf("north"))
		return
	}
	p.DragPiece(p.Square(m.From.String()), p.Square(m.To.String()))
	if m.IsReplace() {
		p.WaitVisible(byID(idReplaceChoice))
		p.Tap(p.Square(m.Drop.String()))
	}
}

func TestBrowserAnalysisJudgesGygesBlunder(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(1280, 900, false)
	p.Open(srv.url("/"))
	p.StartGame(idGameGyges, idModeComputer, idLevelMedium, idSideFirst)
	p.SetUp("123321")

	// South plays safe moves until one can let North in, then that one;
	// the computer, which takes every win in one, enters the goal.
	blunderAt := 0
	for blunderAt == 0 {
		p.Wait("South to move", fmt.Sprintf(`%s.textContent.includes("Your move")`, jsEl(byID(idStatus))))
		g := p.GygesGame()
		if len(g.Played()) > 40 {
			t.Fatalf("no move let North into the goal in 40 moves: %s", g)
		}
		bad, quiet, ok := blunderInto(g.Position())
		before := p.Moves()
		if ok {
			blunderAt = 2 + len(g.Played()) + 1 // the two setups, then the moves
			t.Logf("South's move %d, %v, lets North into the goal (%v would not)", blunderAt, bad, quiet)
			p.dragGyges(bad)
		} else {
			p.dragGyges(quiet)
		}
		p.WaitMovesAtLeast(before + 1)
	}
	p.WaitResult()
	if r := p.Result(); !strings.Contains(r, "computer") {
		t.Fatalf("the result: %q, want the computer's win", r)
	}
	p.analyse()
	marks := p.ChartMarks()
	n := p.GygesGame()
	total := 2 + len(n.Played())
	t.Logf("%d actions; marks %v", total, marks)
	if marks[blunderAt] != "blunder" {
		t.Errorf("South's move %d, which let North into the goal, is marked %q, want blunder", blunderAt, marks[blunderAt])
	}
	if mk, ok := marks[total]; ok {
		t.Errorf("the computer's goal move %d is marked %s", total, mk)
	}
	totals := p.Text(byID(idAnalysisTotal))
	if !strings.Contains(totals, "You · South:") || !strings.Contains(totals, "The computer · North:") {
		t.Errorf("the totals name the sides %q, want You · South and The computer · North", totals)
	}
	if !regexp.MustCompile(`You · South: \d+ good, \d+ inaccurac(y|ies), \d+ mistakes?, [1-9]\d* blunders?`).MatchString(totals) {
		t.Errorf("the totals give South no blunder: %q", totals)
	}
	p.checkChartFrame("You · South")
	p.Screenshot("judged-gyges-chart")
	p.CheckAxe("the analysis of a Gygès game lost to a blunder")

	// In review, the blunder's note names it and the move preferred.
	p.reviewAt(blunderAt)
	if note := p.Text(byID(idAnalysisNote)); !strings.Contains(note, fmt.Sprintf("Move %d", blunderAt)) || !strings.Contains(note, "blunder") {
		t.Errorf("the review's note on move %d: %q", blunderAt, note)
	}
	p.Emulate(390, 844, true)
	p.ScrollTo(byID(idAnalysisChart))
	p.Screenshot("judged-gyges-phone")
}

// reviewAt shows the position after move k in review, from the keyboard,
// with the analysis's note on move k.
func (p *page) reviewAt(k int) {
	p.t.Helper()
	p.Focus(idReview)
	p.Press(kb.Home)
	for i := 1; i <= k; i++ {
		p.Press(kb.ArrowRight)
		p.Wait(fmt.Sprintf("the review at move %d", i), fmt.Sprintf(`%s.textContent.startsWith("Move %d of")`, jsEl(byID(idReviewAt)), i))
	}
	p.WaitVisible(byID(idAnalysisNote))
}

// checkChartFrame checks the chart's axes (chance and moves, with their
// words) and its legend naming the side the line follows.
func (p *page) checkChartFrame(one string) {
	p.t.Helper()
	axis := eval[string](p, fmt.Sprintf(`[...document.querySelectorAll("#%s text")].map(e => e.textContent).join("|")`, idAnalysisChart))
	for _, want := range []string{"0%", "50%", "100%", "move"} {
		if !strings.Contains("|"+axis+"|", "|"+want+"|") {
			p.t.Errorf("the chart's axes say %q, missing %q", axis, want)
		}
	}
	legend := p.Text(byID(idAnalysisLegend))
	for _, want := range []string{"The chance of " + one + " to win", "inaccuracy", "mistake", "blunder"} {
		if !strings.Contains(legend, want) {
			p.t.Errorf("the chart's legend %q does not say %q", legend, want)
		}
	}
}

// provedBlunderGame plays a GYRE 5 × 10 game at random until the side to
// move has a win the solver proves (within the page's reach: at most 24
// empty cells, the page's node budget), plays a move that loses it, and
// lets the winner finish with proved winning moves. It returns the record
// and the number of the losing move.
func provedBlunderGame(t *testing.T) (string, int) {
	t.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(48, 10))
	for try := 0; try < 50; try++ {
		g, err := game.Parse("GYRE 5x10")
		if err != nil {
			t.Fatal(err)
		}
		s, err := solve.New(gyre.Size{Rings: 5, Cols: 10}, solve.Config{TableBits: 18, MaxNodes: 400_000})
		if err != nil {
			t.Fatal(err)
		}
		blunder := 0
		for !g.Result().Over() {
			gg := game.AsGyre(g)
			b := gg.Board()
			var act string
			if blunder == 0 && !gg.InOpening() && !gg.SwapAvailable() && b.Stones(gyre.Empty) <= 24 {
				res, err := s.SolveAll(ctx, &b, gg.ToMove())
				if err != nil {
					break // out of reach: another game
				}
				if res.Win {
					for _, a := range g.Legal(nil) {
						if c, ok := a.(gyre.Move).Cell(); ok && !containsCell(res.Winning, c) {
							act, blunder = g.Notation(a), g.Len()+1
							break
						}
					}
				}
			} else if blunder != 0 && (g.Len()+1-blunder)%2 == 1 {
				res, err := s.SolveAll(ctx, &b, gg.ToMove())
				if err != nil || !res.Win {
					t.Fatalf("after the blunder the winner has no proved win: %v", err)
				}
				act = b.Geometry().MoveName(gyre.Place(res.Winning[0]))
			}
			if act == "" {
				acts := g.Legal(nil)
				act = g.Notation(acts[r.IntN(len(acts))])
			}
			if err := game.PlayText(g, act); err != nil {
				t.Fatal(err)
			}
		}
		if blunder != 0 && g.Result().Over() {
			return g.Record(), blunder
		}
	}
	t.Fatal("no random GYRE 5x10 game reached a proved win within the solver's reach")
	return "", 0
}

func containsCell(cs []gyre.Cell, c gyre.Cell) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

func TestBrowserAnalysisJudgesGyreProvedBlunder(t *testing.T) {
	record, blunder := provedBlunderGame(t)
	t.Logf("the game: %q; move %d throws the proved win away", record, blunder)
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(1280, 900, false)
	p.Open(srv.url("/"))
	p.LoadRecord(record)
	p.WaitResult()
	p.analyse()
	marks := p.ChartMarks()
	total := len(strings.Fields(strings.SplitN(record, "\n", 2)[1]))
	t.Logf("%d actions; marks %v", total, marks)
	if marks[blunder] != "blunder" {
		t.Errorf("move %d, which threw a proved win away, is marked %q, want blunder", blunder, marks[blunder])
	}
	for k := blunder + 1; k <= total; k += 2 {
		if mk := marks[k]; mk == "mistake" || mk == "blunder" || mk == "inaccuracy" {
			t.Errorf("the winner's move %d, which keeps a proved win, is marked %s", k, mk)
		}
	}
	p.checkChartFrame("Player 1 · Spoke")
	p.reviewAt(blunder)
	if note := p.Text(byID(idAnalysisNote)); !strings.Contains(note, "blunder") || !strings.Contains(note, "Proved") {
		t.Errorf("the review's note on move %d: %q", blunder, note)
	}
	p.Screenshot("judged-gyre-review")
}

// BoardRect is where the Gygès board is drawn: left, top, width, height.
func (p *page) BoardRect() [4]float64 {
	p.t.Helper()
	r := eval[[]float64](p, fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, jsEl(selGygesBoard)))
	return [4]float64{r[0], r[1], r[2], r[3]}
}

// outsideActiveRow is a square whose piece is not in the active row.
func outsideActiveRow(pos gyges.Position) (gyges.Square, bool) {
	row, ok := pos.ActiveRow()
	if !ok {
		return gyges.NoSquare, false
	}
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if pos.Piece(s) > 0 && s.Row() != row {
			return s, true
		}
	}
	return gyges.NoSquare, false
}

// unreachable is a square the piece on from can neither end on nor
// replace, which holds no movable piece.
func unreachable(pos gyges.Position, from gyges.Square) (gyges.Square, bool) {
	ds := pos.Dests()
	pd, _ := ds.Of(from)
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if _, movable := ds.Of(s); s != from && !movable && !pd.Empty.Has(s) && !pd.Replace.Has(s) {
			return s, true
		}
	}
	return gyges.NoSquare, false
}

// TestBrowserGygesBoardSaysWhy (issue 48, item 19): the question where a
// displaced piece goes appears under the board without moving or
// resizing it; a tap on a piece outside the active row, and Enter on a
// square the held piece cannot end on, say why, and the piece stays held.
func TestBrowserGygesBoardSaysWhy(t *testing.T) {
	srv := appServer(t)
	g, m := findGame(t, gyges.Standard, func(pos gyges.Position, m gyges.Move) bool {
		_, outside := outsideActiveRow(pos)
		_, bad := unreachable(pos, m.From)
		return m.IsReplace() && pos.Side() == gyges.South && m.To.Row() > 0 && outside && bad
	})
	pos := g.Position()
	outside, _ := outsideActiveRow(pos)
	bad, _ := unreachable(pos, m.From)
	row, _ := pos.ActiveRow()
	for _, dev := range []struct {
		name   string
		w, h   int64
		finger bool
	}{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}} {
		t.Run(dev.name, func(t *testing.T) {
			p := newPage(t, "")
			p.Emulate(dev.w, dev.h, dev.finger)
			loadRecord(t, p, srv, g.String())
			p.WaitStill()
			tap := p.Tap
			if dev.finger {
				tap = p.FingerTap
			}
			before := p.BoardRect()

			// A replace: the question comes under the board, which stays.
			if dev.finger {
				tap(p.Square(m.From.String()))
				p.Wait("the piece held", fmt.Sprintf(`%s.textContent.includes("is picked up")`, jsEl(byID(idStatus))))
				if got := p.BoardRect(); got != before {
					t.Errorf("the board moved when a piece was picked up: %v, was %v", got, before)
				}
				tap(p.Square(m.To.String()))
			} else {
				p.DragPiece(p.Square(m.From.String()), p.Square(m.To.String()))
			}
			p.WaitVisible(byID(idReplaceChoice))
			if got := p.BoardRect(); got != before {
				t.Errorf("the board moved when the question where the displaced piece goes appeared: %v, was %v", got, before)
			}
			p.Screenshot("says-why-replace-" + dev.name)
			p.Click(idReplaceCancel)
			p.WaitGone(byID(idReplaceChoice))

			// A tap on a piece outside the active row says why.
			tap(p.Square(outside.String()))
			p.WaitVisible(byID(idRefused))
			want := fmt.Sprintf("only a piece in row %d", row+1)
			if got := p.Text(byID(idRefused)); !strings.Contains(got, want) {
				t.Errorf("a tap on %s, outside the active row, says %q; want it to say %q", outside, got, want)
			}
			if got := p.BoardRect(); got != before {
				t.Errorf("the board moved when the refusal appeared: %v, was %v", got, before)
			}
			p.Screenshot("says-why-outside-" + dev.name)

			// Enter on a square the held piece cannot end on says why;
			// the piece stays held and nothing is played.
			record := p.Record()
			p.Square(m.From.String()).Focus()
			p.Press("\r")
			p.Wait("the piece held", fmt.Sprintf(`%s.textContent.includes("is picked up")`, jsEl(byID(idStatus))))
			p.Square(bad.String()).Focus()
			p.Press("\r")
			p.Wait("the refusal", fmt.Sprintf(`(%s || {textContent: ""}).textContent.includes("cannot end on %s")`, jsEl(byID(idRefused)), bad))
			if got := p.Status(); !strings.Contains(got, "is picked up") {
				t.Errorf("after Enter on %s the status says %q: the piece on %s should still be held", bad, got, m.From)
			}
			if got := p.Record(); got != record {
				t.Errorf("Enter on %s played: the record is %q", bad, got)
			}
			if got := p.BoardRect(); got != before {
				t.Errorf("the board moved when the refusal appeared: %v, was %v", got, before)
			}
			p.Screenshot("says-why-enter-" + dev.name)
		})
	}
}

// winsAtOnce reports whether a GYRE puzzle's first winning stone wins
// the moment it is placed.
func winsAtOnce(t *testing.T, pz puzzles.Puzzle) bool {
	t.Helper()
	g, err := pz.Gyre()
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Geometry().ParseMove(pz.Winning[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	return g.Over()
}

// TestShippedGyrePuzzlesLevelOneVaries (issue 48, item 22): the first
// level of GYRE puzzles is not only wins in one stone.
func TestShippedGyrePuzzlesLevelOneVaries(t *testing.T) {
	ones, others := 0, 0
	for _, pz := range shippedSet(t, puzzles.GameGyre).Puzzles {
		if pz.Grade != 1 {
			continue
		}
		if winsAtOnce(t, pz) {
			ones++
		} else {
			others++
		}
	}
	t.Logf("level 1: %d wins in one stone, %d longer", ones, others)
	if ones == 0 || others == 0 {
		t.Errorf("level 1 has %d wins in one stone and %d longer wins: want both", ones, others)
	}
}

// PuzzleBoardFits reports whether the puzzle's board is wholly in the
// window, with the task above it.
func (p *page) PuzzleBoardFits() bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => {
		const b = document.querySelector(%q).getBoundingClientRect();
		const t = document.getElementById(%q).getBoundingClientRect();
		return b.top >= 0 && b.bottom <= window.innerHeight && t.bottom <= window.innerHeight;
	})()`, selPuzzleBoard, idPuzzleTask))
}

// TestBrowserPuzzlesCountAndFit (issue 48, item 22): a puzzle solved after
// a wrong try says so and counts as solved, not toward the streak; on a
// 1280 × 800 desktop both games' puzzle boards fit in the window.
func TestBrowserPuzzlesCountAndFit(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(1280, 800, false)
	first := shippedSet(t, puzzles.GameGyre).Puzzles[0]
	g, err := first.Gyre()
	if err != nil {
		t.Fatal(err)
	}
	wrong := ""
	for c := 0; c < g.Geometry().Cells() && wrong == ""; c++ {
		if name := g.Geometry().CellName(gyre.Cell(c)); g.At(gyre.Cell(c)) == gyre.Empty && !containsName(first.Winning, name) {
			wrong = name
		}
	}
	p.Open(srv.url("/?view=puzzles"))
	p.WaitVisible(byID(idPuzzleTitle))
	p.WaitStill()
	if !p.PuzzleBoardFits() {
		t.Error("at 1280 × 800 the GYRE puzzle's board runs below the window")
	}
	p.Screenshot("puzzle-fit-gyre-desktop")
	p.Cell(wrong).Click()
	p.WaitMessage(idPuzzleMessage, "does not win")
	p.Click(idPuzzleAgain)
	p.Cell(wrong).WaitIs("empty")
	p.Cell(first.Winning[0]).Click()
	p.WaitMessage(idPuzzleMessage, first.Winning[0]+" wins")
	msg, counter := p.Text(byID(idPuzzleMessage)), p.Text(byID(idPuzzleStreak))
	t.Logf("after a wrong try: %q; %q", msg, counter)
	if strings.HasPrefix(msg, "Solved") != strings.Contains(counter, "solved 1") {
		t.Errorf("the message %q and the counter %q disagree on whether the puzzle is solved", msg, counter)
	}
	if !strings.Contains(counter, "Streak: 0") {
		t.Errorf("a puzzle solved after a wrong try grew the streak: %q", counter)
	}
	p.Screenshot("puzzle-later-try")

	p.Click(idPuzzlesGyges)
	p.WaitMessage(idPuzzleTitle, "Puzzle 1 of")
	p.WaitStill()
	if !p.PuzzleBoardFits() {
		t.Error("at 1280 × 800 the Gygès puzzle's board runs below the window")
	}
	p.Screenshot("puzzle-fit-gyges-desktop")
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// TestBrowserGygesHintOnTheBoard (issue 48, item 14): the Gygès hint marks
// on the board the piece, its path and (for a replace) the drop square of
// the move named under the buttons, and plays nothing.
func TestBrowserGygesHintOnTheBoard(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Emulate(1280, 800, false)
	p.Open(srv.url("/"))
	p.StartGame(idGameGyges, idModeComputer, idLevelEasy, idSideFirst)
	p.SetUp("123321")
	p.Wait("South to move", fmt.Sprintf(`%s.textContent.includes("Your move")`, jsEl(byID(idStatus))))
	moves := p.Moves()
	p.Click(idHint)
	p.Wait("the hint", fmt.Sprintf(`%s.textContent.includes("would play")`, jsEl(byID(idHintText))))
	hinted := strings.TrimSuffix(strings.TrimPrefix(p.Text(byID(idHintText)), "Hint: the computer would play "), ".")
	m, err := gyges.ParseMove(hinted)
	if err != nil {
		t.Fatalf("the hint %q: %v", hinted, err)
	}
	p.WaitVisible(byID(idHintPath))
	if got := p.Attr(byID(idHintPath), "data-move"); got != hinted {
		t.Errorf("the board marks the path of %q, the hint says %q", got, hinted)
	}
	from := eval[[]float64](p, `(() => { const r = document.getElementById("hint-from").getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`)
	sq := eval[[]float64](p, fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, p.Square(m.From.String()).js()))
	if dx, dy := from[0]-sq[0], from[1]-sq[1]; dx*dx+dy*dy > 4 {
		t.Errorf("the ring of the hint's piece is at %v, the piece on %s at %v", from, m.From, sq)
	}
	if m.IsReplace() {
		if got := p.Attr(byID(idHintDrop), "data-square"); got != m.Drop.String() {
			t.Errorf("the drop square marked: %q, want %s", got, m.Drop)
		}
	} else if p.Has(byID(idHintDrop)) {
		t.Errorf("a drop square marked for %s, which replaces nothing", m)
	}
	if n := p.Moves(); n != moves {
		t.Errorf("the hint played: %d moves, was %d", n, moves)
	}
	p.Screenshot("gyges-hint-board")
	p.CheckAxe("a Gygès hint on the board")
	p.dragGyges(m)
	p.WaitMovesAtLeast(moves + 1)
	p.WaitGone(byID(idHintPath))
}
