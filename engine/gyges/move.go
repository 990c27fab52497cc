package gyges

import (
	"fmt"
	"strings"
)

// Move is an outcome (rulebook, Moves as outcomes): the piece on From ends
// on To, an empty square (possibly From itself), an occupied square whose
// piece goes to Drop (a replace), or Goal (a win). Drop is NoSquare unless
// the move replaces. Many paths may realise one move; Path returns one.
type Move struct {
	From, To, Drop Square
}

// Pass is the move of a side that has no legal move (rulebook, Goals and
// winning). Moves returns it, alone, exactly then.
var Pass = Move{NoSquare, NoSquare, NoSquare}

// PlainMove returns the move that ends on a square without replacing.
func PlainMove(from, to Square) Move { return Move{from, to, NoSquare} }

// ReplaceMove returns the move that ends on the occupied square to and puts
// that square's piece on drop.
func ReplaceMove(from, to, drop Square) Move { return Move{from, to, drop} }

// GoalMove returns the move that takes the piece on from into the goal.
func GoalMove(from Square) Move { return Move{from, Goal, NoSquare} }

// IsReplace reports whether m displaces a piece.
func (m Move) IsReplace() bool { return m.Drop != NoSquare }

// IsGoal reports whether m enters the goal and so wins.
func (m Move) IsGoal() bool { return m.To == Goal && m.From != NoSquare }

// String returns the move in notation: "c1-c3", "c1-d4:a3", "c5-G" or
// "pass".
func (m Move) String() string {
	if m == Pass {
		return "pass"
	}
	s := m.From.String() + "-" + m.To.String()
	if m.Drop != NoSquare {
		s += ":" + m.Drop.String()
	}
	return s
}

// ParseSquare parses a square name such as "c3".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '6' {
		return NoSquare, fmt.Errorf("%w: square %q: want a column a–f and a row 1–6, like c3", ErrNotation, s)
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), nil
}

// ParseMove parses a move in notation: "c1-c3", "c1-d4:a3", "c5-G" or
// "pass". It checks the syntax only; Legal checks the rules.
func ParseMove(s string) (Move, error) {
	if s == "pass" {
		return Pass, nil
	}
	fromStr, rest, ok := strings.Cut(s, "-")
	if !ok {
		return Pass, fmt.Errorf("%w: move %q: want from-to, like c1-c3, c1-d4:a3 or c5-G", ErrNotation, s)
	}
	toStr, dropStr, hasDrop := strings.Cut(rest, ":")
	from, err := ParseSquare(fromStr)
	if err != nil {
		return Pass, fmt.Errorf("move %q, start: %w", s, err)
	}
	m := Move{from, Goal, NoSquare}
	if toStr != "G" {
		if m.To, err = ParseSquare(toStr); err != nil {
			return Pass, fmt.Errorf("move %q, destination: %w", s, err)
		}
	}
	if hasDrop {
		if m.To == Goal {
			return Pass, fmt.Errorf("%w: move %q: a goal move has no drop", ErrNotation, s)
		}
		if m.Drop, err = ParseSquare(dropStr); err != nil {
			return Pass, fmt.Errorf("move %q, drop: %w", s, err)
		}
	}
	return m, nil
}

// Legal returns nil if m is legal in p, and otherwise an error wrapping
// ErrIllegalMove (or ErrGameOver) that says why.
func (p Position) Legal(m Move) error {
	if p.over {
		return fmt.Errorf("%w: %s has won; no move %s", ErrGameOver, p.side, m)
	}
	if m == Pass {
		if r, ok := p.ActiveRow(); ok {
			return fmt.Errorf("%w: pass: %s has legal moves in %s", ErrIllegalMove, p.side, rowName(r))
		}
		return nil
	}
	if err := p.checkShape(m); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrIllegalMove, m, err)
	}
	if r, ok := p.ActiveRow(); !ok || m.From.Row() != r {
		return fmt.Errorf("%w: %s: %s is not in %s's active row (%s)", ErrIllegalMove, m, m.From, p.side, activeRowName(r))
	}
	g := newGen(&p)
	t, drops := g.targets(m.From)
	if err := p.checkTarget(m, t, drops); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrIllegalMove, m, err)
	}
	return nil
}

func activeRowName(r int) string {
	if r < 0 {
		return "none: it must pass"
	}
	return rowName(r)
}

// checkShape checks what can be seen without searching: the squares exist,
// a piece stands on From, and a drop comes exactly with a replace.
func (p Position) checkShape(m Move) error {
	switch {
	case !m.From.OnBoard():
		return fmt.Errorf("start %s is not a square", m.From)
	case !m.To.OnBoard() && m.To != Goal:
		return fmt.Errorf("destination %s is not a square", m.To)
	case m.Drop != NoSquare && !m.Drop.OnBoard():
		return fmt.Errorf("drop %s is not a square", m.Drop)
	case p.board[m.From] == 0:
		return fmt.Errorf("no piece on %s", m.From)
	case m.To == Goal && m.Drop != NoSquare:
		return fmt.Errorf("a goal move has no drop")
	case m.To != Goal && m.To != m.From && p.board[m.To] != 0:
		if p.variant == NoDisplace {
			return fmt.Errorf("%s is occupied and replacing is not allowed in %s", m.To, NoDisplace)
		}
		if m.Drop == NoSquare {
			return fmt.Errorf("%s is occupied: a replace names where its piece goes, like %s:a3", m.To, m)
		}
	case m.To != Goal && m.Drop != NoSquare:
		return fmt.Errorf("%s is empty, so there is no piece to drop", m.To)
	}
	return nil
}

// checkTarget checks m against the search result for its piece.
func (p Position) checkTarget(m Move, t Targets, drops SquareSet) error {
	size := p.board[m.From]
	switch {
	case m.To == Goal:
		if !t.Goal {
			return fmt.Errorf("the %d-ring piece on %s cannot reach %s's goal with an exact count", size, m.From, p.side.Opponent())
		}
	case m.Drop == NoSquare:
		if !t.Empty.Has(m.To) {
			return fmt.Errorf("the %d-ring piece on %s cannot end on %s", size, m.From, m.To)
		}
	case !t.Replace.Has(m.To):
		return fmt.Errorf("the %d-ring piece on %s cannot end on %s", size, m.From, m.To)
	case !drops.Has(m.Drop):
		return p.dropError(m)
	}
	return nil
}

// dropError explains why m.Drop cannot receive the displaced piece.
func (p Position) dropError(m Move) error {
	if m.Drop != m.From && p.board[m.Drop] != 0 || m.Drop == m.To {
		return fmt.Errorf("drop square %s is occupied", m.Drop)
	}
	occ := p.Occupied() &^ bit(m.From)
	opp := p.side.Opponent()
	r := nearestRow(occ, opp)
	return fmt.Errorf("drop square %s is behind %s's active row (%s)", m.Drop, opp, rowName(r))
}
