package gyges

import (
	"fmt"
	"strings"
)

// Game is a whole game: the two setups, then the moves, with undo and the
// record. The zero Game is not ready: use NewGame or ParseRecord.
type Game struct {
	variant Variant
	layouts []Layout   // South's, then North's
	moves   []Move     // played after both setups
	before  []Position // before[i] is the position moves[i] was played in
	pos     Position
}

// NewGame returns a game under variant v waiting for South's setup.
func NewGame(v Variant) *Game {
	return &Game{variant: v, pos: Position{variant: v}}
}

// Variant returns the rule variant.
func (g *Game) Variant() Variant { return g.variant }

// Clone returns an independent copy of the game, e.g. for a computer
// player to think about or for a board to draw.
func (g *Game) Clone() *Game {
	c := *g
	c.layouts = append([]Layout(nil), g.layouts...)
	c.moves = append([]Move(nil), g.moves...)
	c.before = append([]Position(nil), g.before...)
	return &c
}

// Phase returns the phase: a setup, play, or over once a piece has entered
// a goal.
func (g *Game) Phase() Phase {
	switch {
	case len(g.layouts) < 2:
		return Phase(len(g.layouts))
	case g.pos.over:
		return Over
	}
	return Playing
}

// Position returns the current position. During setup it shows the home
// rows set up so far.
func (g *Game) Position() Position { return g.pos }

// Played returns the moves played so far, after the setups.
func (g *Game) Played() []Move { return append([]Move(nil), g.moves...) }

// Layouts returns the setups made so far, South's first.
func (g *Game) Layouts() []Layout { return append([]Layout(nil), g.layouts...) }

// Winner returns the side that won, and false while the game goes on.
func (g *Game) Winner() (Side, bool) { return g.pos.Winner() }

// Setup places the next setup: South's home row first, then North's
// (rulebook, Setup). It returns an error wrapping ErrSetup if the layout
// does not have two pieces of each size, and ErrPhase after both setups.
func (g *Game) Setup(l Layout) error {
	if len(g.layouts) == 2 {
		return fmt.Errorf("%w: setup %s: both home rows are already set up", ErrPhase, l)
	}
	var count [4]int
	for _, size := range l {
		if size < 1 || size > 3 {
			return fmt.Errorf("%w: setup %s: pieces have size 1, 2 or 3", ErrSetup, l)
		}
		count[size]++
	}
	if count[1] != 2 || count[2] != 2 {
		return fmt.Errorf("%w: setup %s: want two pieces of each size", ErrSetup, l)
	}
	row := Side(len(g.layouts)).homeRow()
	for col, size := range l {
		g.pos.board[SquareAt(col, row)] = size
	}
	g.layouts = append(g.layouts, l)
	return nil
}

// Play checks m and plays it. If m is illegal, or the game is not in play,
// it returns an error (wrapping ErrIllegalMove, ErrGameOver or ErrPhase)
// and changes nothing.
func (g *Game) Play(m Move) error {
	if len(g.layouts) < 2 {
		return fmt.Errorf("%w: move %s during %s", ErrPhase, m, g.Phase())
	}
	if err := g.pos.Legal(m); err != nil {
		return err
	}
	g.Apply(m)
	return nil
}

// Apply plays a move that came from the generator without checking it.
func (g *Game) Apply(m Move) {
	g.before = append(g.before, g.pos)
	g.moves = append(g.moves, m)
	g.pos.Apply(m)
}

// Undo takes back the last move, or during setup the last setup. It
// returns an error wrapping ErrNoUndo when the game is at its start.
func (g *Game) Undo() error {
	if n := len(g.moves); n > 0 {
		g.pos = g.before[n-1]
		g.moves = g.moves[:n-1]
		g.before = g.before[:n-1]
		return nil
	}
	n := len(g.layouts)
	if n == 0 {
		return fmt.Errorf("%w: no setup or move yet", ErrNoUndo)
	}
	row := Side(n - 1).homeRow()
	for col := range Size {
		g.pos.board[SquareAt(col, row)] = 0
	}
	g.layouts = g.layouts[:n-1]
	return nil
}

// recordHeader is the first word of a record (rulebook, Position and
// record notation).
const recordHeader = "GYGES"

// String returns the record: the header line "GYGES" (with " nodisplace"
// for that variant), then on one line the setups and the moves separated by
// spaces, e.g. "GYGES\n321123 123321 c1-c3".
func (g *Game) String() string {
	var sb strings.Builder
	sb.WriteString(recordHeader)
	if g.variant != Standard {
		sb.WriteString(" " + g.variant.String())
	}
	sb.WriteByte('\n')
	for i, l := range g.layouts {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(l.String())
	}
	for _, m := range g.moves {
		sb.WriteByte(' ')
		sb.WriteString(m.String())
	}
	return sb.String()
}

// ParseRecord reads a record written by Game.String, replaying every setup
// and move with the checks of Setup and Play. Tokens may be separated by
// any white space. Errors say which setup or move is wrong and why.
func ParseRecord(s string) (*Game, error) {
	header, body, _ := strings.Cut(s, "\n")
	hf := strings.Fields(header)
	if len(hf) == 0 || hf[0] != recordHeader || len(hf) > 2 {
		return nil, fmt.Errorf("%w: record, line 1: header %q, want %q or %q", ErrNotation, header, recordHeader, recordHeader+" nodisplace")
	}
	var v Variant
	if len(hf) == 2 {
		var err error
		if v, err = ParseVariant(hf[1]); err != nil || v == Standard {
			return nil, fmt.Errorf("%w: record, line 1: unknown variant %q, want nodisplace", ErrNotation, hf[1])
		}
	}
	g := NewGame(v)
	for i, tok := range strings.Fields(body) {
		if err := g.replay(i, tok); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
	}
	return g, nil
}

// replay plays the i-th token of a record's body.
func (g *Game) replay(i int, tok string) error {
	if i < 2 {
		who := Side(i)
		l, err := ParseLayout(tok)
		if err == nil {
			err = g.Setup(l)
		}
		if err != nil {
			return fmt.Errorf("%s's setup %q: %w", who, tok, err)
		}
		return nil
	}
	m, err := ParseMove(tok)
	if err == nil {
		err = g.Play(m)
	}
	if err != nil {
		return fmt.Errorf("move %d (%s to play) %q: %w", i-1, g.pos.side, tok, err)
	}
	return nil
}
