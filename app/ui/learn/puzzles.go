package learn

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/puzzles"
	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// Puzzles is the puzzle screen: one puzzle of the chosen game at a time,
// from easy to hard, with whose turn it is, the engine's verdict on the
// move played, "Try again", "Show the solution", the puzzles solved (at
// any try, not after the solution was shown) and the streak of those
// solved at the first try. The sets are fetched when the screen opens.
type Puzzles struct {
	app.Compo
	// Store keeps the progress; nil keeps it for this page only.
	Store session.Storage

	gyges    bool
	sets     map[string]puzzles.Set
	loadErr  error
	progress puzzleProgress
	state    puzzleState
}

// puzzleState is the puzzle on screen and what happened to it.
type puzzleState struct {
	result  int           // 0 not tried, 1 solved, -1 missed, 2 solution shown
	failed  bool          // missed once: a later solve does not count for the streak
	played  game.Action   // the move played or shown: a gyre.Move or a gyges.Move; nil for none
	move    string        // the move played, in notation
	refusal func() string // the engine's refusal of the last move tried, worded when drawn
}

// OnInit reads the progress before the first render (go-app calls OnMount
// only after the screen is drawn).
func (s *Puzzles) OnInit() {
	s.progress = loadPuzzles(s.Store)
	s.sets = map[string]puzzles.Set{}
}

// OnMount fetches the sets, takes the boards' actions, and redraws the
// screen in a new language.
func (s *Puzzles) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	ctx.Handle(board.ActionPlay, func(ctx app.Context, a app.Action) {
		if p, ok := a.Value.(board.Played); ok {
			s.play(p)
		}
	})
	if !app.IsClient {
		return
	}
	for _, game := range []string{puzzles.GameGyre, puzzles.GameGyges} {
		fetchSet(ctx, game, func(set puzzles.Set, err error) {
			if err != nil {
				s.loadErr = err
				return
			}
			s.sets[game] = set
		})
	}
}

func (s *Puzzles) game() string {
	if s.gyges {
		return puzzles.GameGyges
	}
	return puzzles.GameGyre
}

// current returns the puzzle on screen and its index.
func (s *Puzzles) current() (puzzles.Puzzle, int, bool) {
	set, ok := s.sets[s.game()]
	if !ok || len(set.Puzzles) == 0 {
		return puzzles.Puzzle{}, 0, false
	}
	i := s.progress.Next[s.game()] % len(set.Puzzles)
	return set.Puzzles[i], i, true
}

// play checks a move against the puzzle's solutions.
func (s *Puzzles) play(move board.Played) {
	p, _, ok := s.current()
	if !ok || s.state.result != 0 {
		return
	}
	action := p.Notation(move.Action)
	win, err := p.Check(move.Action)
	if err != nil {
		s.state.refusal = func() string { return screen.RefusalText(err) }
		return
	}
	s.state.played, s.state.move, s.state.refusal = move.Action, action, nil
	if !win {
		s.state.result, s.state.failed = -1, true
		s.progress.Streak = 0
		s.progress.save(s.Store)
		return
	}
	// A puzzle solved counts as solved, at whatever try; only a first
	// try grows the streak, and the message says which it was.
	s.state.result = 1
	s.progress.Solved++
	if !s.state.failed {
		s.progress.Streak++
		if s.progress.Streak > s.progress.Best {
			s.progress.Best = s.progress.Streak
		}
	}
	s.progress.save(s.Store)
}

// message is what the screen says of the puzzle on screen: the engine's
// refusal, or the verdict on the move played, or the solution shown.
func (s *Puzzles) message(p puzzles.Puzzle) string {
	switch s.state.result {
	case -1:
		return lang.T("learn.puzzle.missed", "move", s.state.move)
	case 1:
		if s.state.failed {
			return lang.T("learn.puzzle.solved_later", "move", s.state.move) + s.lineText(p)
		}
		return lang.T("learn.puzzle.solved", "move", s.state.move) + s.lineText(p)
	case 2:
		return lang.T("learn.puzzle.solution", "move", p.Winning[0]) + s.lineText(p)
	}
	if s.state.refusal != nil {
		return s.state.refusal()
	}
	return ""
}

// lineText is the solution's words: the other winning moves, and for
// Gygès a winning line.
func (s *Puzzles) lineText(p puzzles.Puzzle) string {
	text := ""
	if len(p.Line) > 1 {
		text += " " + lang.T("learn.puzzle.line", "line", strings.Join(p.Line, " "))
	}
	if len(p.Winning) > 1 {
		text += " " + lang.T("learn.puzzle.every", "moves", strings.Join(p.Winning, ", "))
	}
	return text
}

func (s *Puzzles) onTab(ctx app.Context, e app.Event) {
	s.gyges = ctx.JSSrc().Get("value").String() == puzzles.GameGyges
	s.state = puzzleState{}
}

func (s *Puzzles) onAgain(ctx app.Context, e app.Event) {
	s.state = puzzleState{failed: s.state.failed}
}

func (s *Puzzles) onSolution(ctx app.Context, e app.Event) {
	p, _, ok := s.current()
	if !ok {
		return
	}
	if s.state.result != 1 {
		s.progress.Streak = 0
		s.progress.save(s.Store)
	}
	solution, _ := p.Solution(s.game()) // the set was checked when read (puzzles.Parse)
	s.state = puzzleState{result: 2, failed: true, played: solution}
}

func (s *Puzzles) onNext(ctx app.Context, e app.Event) {
	s.progress.Next[s.game()]++
	s.progress.save(s.Store)
	s.state = puzzleState{}
}
