package gyre

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// ErrNotation reports text that is not valid GYRE notation.
var ErrNotation = errors.New("gyre: bad notation")

// geometries caches one Geometry per size; they are immutable.
var geometries sync.Map // Size → *Geometry

// GeometryOf returns the shared geometry of a size, or why it is invalid.
func GeometryOf(s Size) (*Geometry, error) {
	if g, ok := geometries.Load(s); ok {
		return g.(*Geometry), nil
	}
	g, err := NewGeometry(s)
	if err != nil {
		return nil, err
	}
	actual, _ := geometries.LoadOrStore(s, g)
	return actual.(*Geometry), nil
}

// ringLetter names ring r: 'a' is the inner rim.
func ringLetter(r int) byte { return byte('a' + r) }

// CellName names a cell as in the rulebook (Notation): ring letter, then
// 1-based column, e.g. "d7".
func (g *Geometry) CellName(c Cell) string {
	if !g.Contains(c) {
		return fmt.Sprintf("cell(%d)", c)
	}
	return string(ringLetter(g.Ring(c))) + strconv.Itoa(g.Col(c)+1)
}

// ParseCell reads a cell name such as "d7" on this board.
func (g *Geometry) ParseCell(text string) (Cell, error) {
	if len(text) < 2 {
		return NoCell, fmt.Errorf("%w: cell %q: want a ring letter and a column number, like d7", ErrNotation, text)
	}
	r := int(text[0]) - 'a'
	if r < 0 || r >= g.size.Rings {
		return NoCell, fmt.Errorf("%w: cell %q: ring %q is not one of a to %c", ErrNotation, text, text[0], ringLetter(g.size.Rings-1))
	}
	digits := text[1:]
	col, err := strconv.Atoi(digits)
	if err != nil || digits[0] == '0' || digits[0] == '+' || digits[0] == '-' {
		return NoCell, fmt.Errorf("%w: cell %q: column %q is not a number from 1 to %d", ErrNotation, text, digits, g.size.Cols)
	}
	if col < 1 || col > g.size.Cols {
		return NoCell, fmt.Errorf("%w: cell %q: column %d is outside 1 to %d", ErrNotation, text, col, g.size.Cols)
	}
	return g.At(r, col-1), nil
}

// MoveName writes a move: a cell name, or "swap".
func (g *Geometry) MoveName(m Move) string {
	if m == Swap {
		return "swap"
	}
	return g.CellName(Cell(m))
}

// ParseMove reads a cell name or "swap".
func (g *Geometry) ParseMove(text string) (Move, error) {
	if text == "swap" {
		return Swap, nil
	}
	c, err := g.ParseCell(text)
	if err != nil {
		return 0, err
	}
	return Place(c), nil
}

// positionChar maps a colour to its character in position strings.
var positionChar = [3]byte{Empty: '.', Spoke: 's', Gyre: 'g'}

// String writes the position: the rings from inner to outer separated by
// '/', one character a column: s Spoke, g Gyre, . empty.
func (b *Board) String() string {
	s := b.geo.size
	var sb strings.Builder
	sb.Grow(s.Cells() + s.Rings)
	for r := 0; r < s.Rings; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < s.Cols; c++ {
			sb.WriteByte(positionChar[b.stones[b.geo.At(r, c)]])
		}
	}
	return sb.String()
}

// ParsePosition reads a position string (see Board.String); the board size
// follows from the string. Errors name the ring and column at fault.
func ParsePosition(text string) (Board, error) {
	rings := strings.Split(text, "/")
	cols := len(rings[0])
	if len(rings) < MinRings || len(rings) > MaxRings {
		return Board{}, fmt.Errorf("%w: position has %d rings, want %d to %d separated by '/'", ErrNotation, len(rings), MinRings, MaxRings)
	}
	for r, ring := range rings {
		if len(ring) != cols {
			return Board{}, fmt.Errorf("%w: ring %c has %d columns, but ring a has %d", ErrNotation, ringLetter(r), len(ring), cols)
		}
	}
	g, err := GeometryOf(Size{Rings: len(rings), Cols: cols})
	if err != nil {
		return Board{}, fmt.Errorf("%w: position: %w", ErrNotation, err)
	}
	b := NewBoard(g)
	for r, ring := range rings {
		for c := 0; c < cols; c++ {
			var col Color
			switch ring[c] {
			case '.':
				continue
			case 's':
				col = Spoke
			case 'g':
				col = Gyre
			default:
				return Board{}, fmt.Errorf("%w: ring %c, column %d: %q is not s, g or '.'", ErrNotation, ringLetter(r), c+1, ring[c])
			}
			b.Place(g.At(r, c), col)
		}
	}
	return b, nil
}

// String writes the game record (rulebook, Notation): a header line
// "GYRE RxC" (plus the variant, "noswap", "opening3" or "gyrefirst", if not the plain
// swap rule), then the moves on one line; with an opening the first K + 1
// are the opening's stones, then comes "swap" or the next stone.
func (g *Game) String() string {
	var sb strings.Builder
	sb.WriteString("GYRE ")
	sb.WriteString(g.Size().String())
	if v := g.variant.String(); v != "" {
		sb.WriteByte(' ')
		sb.WriteString(v)
	}
	for i, m := range g.record {
		if i == 0 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(g.board.geo.MoveName(m))
	}
	return sb.String()
}

// ParseRecord reads a game record and replays it, checking every move.
// Moves may be separated by any white space. Errors name the move at fault.
func ParseRecord(text string) (*Game, error) {
	fields := strings.Fields(text)
	if len(fields) < 2 || fields[0] != "GYRE" {
		return nil, fmt.Errorf("%w: a record starts with a header like \"GYRE 7x14\"", ErrNotation)
	}
	size, err := ParseSize(fields[1])
	if err != nil {
		return nil, fmt.Errorf("%w: record header: %w", ErrNotation, err)
	}
	v, moves, err := recordVariant(fields[2:])
	if err != nil {
		return nil, err
	}
	g, err := NewGame(size, v)
	if err != nil {
		return nil, fmt.Errorf("%w: record header: %w", ErrNotation, err)
	}
	geo := g.board.geo
	for i, text := range moves {
		m, err := geo.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
	}
	return g, nil
}

// recordVariant reads the variant that may follow a record's size
// ("noswap", "opening3", also "opening 3") and returns it with the moves
// after it.
func recordVariant(fields []string) (Variant, []string, error) {
	if len(fields) == 0 || !isVariantWord(fields[0]) {
		return Classic, fields, nil
	}
	text, rest := fields[0], fields[1:]
	if text == "opening" && len(rest) > 0 && allDigits(rest[0]) {
		text, rest = text+rest[0], rest[1:]
	}
	v, err := ParseVariant(text)
	if err != nil {
		return Classic, nil, fmt.Errorf("%w: record header: %w", ErrNotation, err)
	}
	if len(rest) > 0 && isVariantWord(rest[0]) {
		return Classic, nil, fmt.Errorf("%w: record header: %s and %s: noswap, gyrefirst and opening K exclude each other", ErrNotation, text, rest[0])
	}
	return v, rest, nil
}

// GameFromPosition starts a game at a position given as a position string,
// for tools that get a bare board. The colours of the stones follow from
// their number (Variant.StoneColor): Spoke moves first and colours
// alternate, so the board must hold as many Spoke stones as Gyre stones,
// or one more; with `opening K` the first K stones are Gyre and the next
// Spoke, so the counts must be those after that many stones. The side to
// move follows from the counts. The swap decision is still open when the
// board holds exactly the opening's stones and v has the swap. The record
// of the new game lists the stones in board order, colour by colour as
// the variant calls for them, not the order they were played in, which a
// bare board does not tell.
func GameFromPosition(text string, v Variant) (*Game, error) {
	b, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(b.Size(), v)
	if err != nil {
		return nil, err
	}
	spoke, gyre := b.Stones(Spoke), b.Stones(Gyre)
	var want [3]int
	for i := 0; i < spoke+gyre; i++ {
		want[v.StoneColor(i)]++
	}
	if want[Spoke] != spoke || want[Gyre] != gyre {
		return nil, fmt.Errorf("%w: position has %d spoke and %d gyre stones; %s, so %d stones are %d spoke and %d gyre", ErrNotation, spoke, gyre, colourOrder(v), spoke+gyre, want[Spoke], want[Gyre])
	}
	if w := b.Winner(); w != Empty {
		return nil, fmt.Errorf("%w: position is already won by %s", ErrIllegalMove, w)
	}
	var cells [3][]Cell
	for c := Cell(0); int(c) < b.geo.Cells(); c++ {
		cells[b.At(c)] = append(cells[b.At(c)], c)
	}
	var next [3]int
	for i := 0; i < spoke+gyre; i++ {
		col := v.StoneColor(i)
		g.Apply(Place(cells[col][next[col]]))
		next[col]++
	}
	return g, nil
}

// colourOrder says in words in which order the colours come under v.
func colourOrder(v Variant) string {
	if k := v.K(); k > 0 {
		return fmt.Sprintf("the first %d stones are gyre, then spoke and gyre alternate from spoke", k)
	}
	if v == GyreFirst {
		return "gyre moves first and colours alternate"
	}
	return "spoke moves first and colours alternate"
}
