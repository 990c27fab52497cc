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
		var err error
		if game == GameGyre {
			_, err = p.gyreCheck(w)
		} else {
			_, err = p.gygesCheck(w)
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
	if kind == GameGyre {
		g, err := p.Gyre()
		if err != nil {
			return nil, err
		}
		m, err := g.Geometry().ParseMove(p.Winning[0])
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	m, err := gyges.ParseMove(p.Winning[0])
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Check reports whether move, in notation, is one of the puzzle's
// solutions; an error says the move is not legal at all (the engine's
// reason) or the puzzle is broken.
func (p Puzzle) Check(game, move string) (bool, error) {
	if game == GameGyre {
		return p.gyreCheck(move)
	}
	return p.gygesCheck(move)
}

func (p Puzzle) gyreCheck(move string) (bool, error) {
	g, err := p.Gyre()
	if err != nil {
		return false, err
	}
	m, err := g.Geometry().ParseMove(move)
	if err != nil {
		return false, err
	}
	if err := g.Legal(m); err != nil {
		return false, err
	}
	name := g.Geometry().MoveName(m)
	return slices.Contains(p.Winning, name), nil
}

func (p Puzzle) gygesCheck(move string) (bool, error) {
	pos, err := p.Gyges()
	if err != nil {
		return false, err
	}
	m, err := gyges.ParseMove(move)
	if err != nil {
		return false, err
	}
	if err := pos.Legal(m); err != nil {
		return false, err
	}
	return slices.Contains(p.Winning, m.String()), nil
}
