package puzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// ErrData reports a puzzle file that does not hold what it claims.
var ErrData = errors.New("puzzles: bad data")

// The games a set may be for, as written in its file.
const (
	GameGyre  = "gyre"
	GameGyges = "gyges"
)

// Set is one game's puzzles, in order from easy to hard.
type Set struct {
	Game    string   `json:"game"` // GameGyre or GameGyges
	Puzzles []Puzzle `json:"puzzles"`
}

// Puzzle is one position with its answers.
type Puzzle struct {
	ID       string   `json:"id"`
	Position string   `json:"position"`       // the game's position notation
	N        int      `json:"n,omitempty"`    // Gygès: win in N moves; GYRE: 0
	Winning  []string `json:"winning"`        // every first move that wins, in notation
	Line     []string `json:"line,omitempty"` // a winning line, the defence's best replies included
	Grade    int      `json:"grade"`          // 1 (easy) to 5 (hard)
}

// Parse reads a set and checks that every puzzle's position parses and
// its answers are legal moves there (that they win is the tests' job,
// against the solver or the exhaustive search).
func Parse(data []byte) (Set, error) {
	var s Set
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("%w: %v", ErrData, err)
	}
	if s.Game != GameGyre && s.Game != GameGyges {
		return s, fmt.Errorf("%w: unknown game %.20q", ErrData, s.Game)
	}
	for i, p := range s.Puzzles {
		if err := p.validate(s.Game); err != nil {
			return s, fmt.Errorf("%w: puzzle %d (%s): %v", ErrData, i+1, p.ID, err)
		}
	}
	return s, nil
}

func (p Puzzle) validate(game string) error {
	if len(p.Winning) == 0 {
		return errors.New("no winning move")
	}
	if p.Grade < 1 || p.Grade > 5 {
		return fmt.Errorf("grade %d out of 1..5", p.Grade)
	}
	for _, w := range p.Winning {
		a, err := p.read(game, w)
		if err == nil {
			_, err = p.Check(a)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Gyre returns a GYRE puzzle's game: its position, the side to move
// following from the stones (no swap).
func (p Puzzle) Gyre() (*gyre.Game, error) {
	return gyre.GameFromPosition(p.Position, gyre.NoSwap)
}

// Gyges returns a Gygès puzzle's position.
func (p Puzzle) Gyges() (gyges.Position, error) {
	return gyges.ParsePosition(p.Position)
}

// Solution is the puzzle's first winning move (Winning[0]) in the game
// named (GameGyre or GameGyges), typed: a gyre.Move or a gyges.Move.
func (p Puzzle) Solution(kind string) (game.Action, error) {
	if len(p.Winning) == 0 {
		return nil, fmt.Errorf("%w: puzzle %s has no winning move", ErrData, p.ID)
	}
	return p.read(kind, p.Winning[0])
}

// read reads a move of the puzzle's data, in notation, in the game named.
func (p Puzzle) read(kind, text string) (game.Action, error) {
	if kind == GameGyre {
		g, err := p.Gyre()
		if err != nil {
			return nil, err
		}
		m, err := g.Geometry().ParseMove(text)
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	m, err := gyges.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Check reports whether a (a gyre.Move or a gyges.Move) is one of the
// puzzle's solutions; an error says the move is not legal at all (the
// engine's reason), is of the other game, or the puzzle is broken.
func (p Puzzle) Check(a game.Action) (bool, error) {
	switch m := a.(type) {
	case gyre.Move:
		g, err := p.Gyre()
		if err != nil {
			return false, err
		}
		if err := g.Legal(m); err != nil {
			return false, err
		}
		return slices.Contains(p.Winning, g.Geometry().MoveName(m)), nil
	case gyges.Move:
		pos, err := p.Gyges()
		if err != nil {
			return false, err
		}
		if err := pos.Legal(m); err != nil {
			return false, err
		}
		return slices.Contains(p.Winning, m.String()), nil
	}
	return false, fmt.Errorf("%w: puzzle %s: %T is no move", game.ErrWrongAction, p.ID, a)
}

// Notation writes a move of the puzzle as Winning does; "" for no move
// of its game.
func (p Puzzle) Notation(a game.Action) string {
	switch m := a.(type) {
	case gyre.Move:
		if g, err := p.Gyre(); err == nil && (m == gyre.Swap || m >= 0 && int(m) < g.Geometry().Cells()) {
			return g.Geometry().MoveName(m)
		}
	case gyges.Move:
		return m.String()
	}
	return ""
}
