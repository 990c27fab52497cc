package gyges

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// Layout is a setup: the sizes of the six pieces a player places on their
// home row, for columns a–f (rulebook, Setup). A legal layout has two
// pieces of each size.
type Layout [Size]int8

// beginnerLayouts are the ready arrangements the client offers.
var beginnerLayouts = [...]string{"321123", "123321", "231132", "312213"}

// BeginnerLayouts returns the ready arrangements offered to beginners
// (rulebook, Setup): 321123, 123321, 231132 and 312213.
func BeginnerLayouts() []Layout {
	out := make([]Layout, len(beginnerLayouts))
	for i, s := range beginnerLayouts {
		out[i], _ = ParseLayout(s)
	}
	return out
}

// RandomLayout returns a layout drawn uniformly from all legal ones.
func RandomLayout(r *rand.Rand) Layout {
	l := Layout{1, 1, 2, 2, 3, 3}
	r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	return l
}

// String returns the six digits, e.g. "321123".
func (l Layout) String() string {
	b := make([]byte, Size)
	for i, size := range l {
		b[i] = '0' + byte(size)
	}
	return string(b)
}

// ParseLayout parses six digits such as "321123" and checks that there are
// two pieces of each size.
func ParseLayout(s string) (Layout, error) {
	var l Layout
	if utf8.RuneCountInString(s) != Size {
		return l, fmt.Errorf("%w: layout %q has %d characters, want 6 digits like 321123", ErrNotation, s, utf8.RuneCountInString(s))
	}
	var count [4]int
	for i, c := range []rune(s) {
		if c < '1' || c > '3' {
			return l, fmt.Errorf("%w: layout %q, column %c: bad character %q, want 1, 2 or 3", ErrNotation, s, 'a'+i, c)
		}
		l[i] = int8(c - '0')
		count[l[i]]++
	}
	for size := 1; size <= 3; size++ {
		if count[size] != 2 {
			return l, fmt.Errorf("%w: layout %q has %d pieces of size %d, want two of each size", ErrSetup, s, count[size], size)
		}
	}
	return l, nil
}

// String returns the position in notation: rows 1 to 6 joined by '/', each
// six characters for columns a–f ('.' or the piece size), a space and the
// side to move, "S" or "N". Two additions to the rulebook's form: a
// finished game writes the winner followed by '#' ("S#"), and the
// nodisplace variant adds the word " nodisplace".
func (p Position) String() string {
	var sb strings.Builder
	for r := range Size {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range Size {
			size := p.board[SquareAt(c, r)]
			if size == 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('0' + byte(size))
			}
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte(p.side.letter())
	if p.over {
		sb.WriteByte('#')
	}
	if p.variant != Standard {
		sb.WriteString(" " + p.variant.String())
	}
	return sb.String()
}

// ParsePosition parses a position written by Position.String. Fewer than
// twelve pieces are accepted (for puzzles and tests); more than four of a
// size, a wrong number of rows or columns, a bad character or a piece in a
// goal are rejected with an error wrapping ErrNotation.
func ParsePosition(s string) (Position, error) {
	var p Position
	fields := strings.Fields(s)
	switch len(fields) {
	case 0:
		return p, fmt.Errorf("%w: empty position", ErrNotation)
	case 1:
		return p, fmt.Errorf("%w: position %q: missing the side to move (S or N) after the board", ErrNotation, s)
	case 2, 3:
	default:
		return p, fmt.Errorf("%w: position: unexpected %q after the side to move", ErrNotation, strings.Join(fields[3:], " "))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return p, err
	}
	switch fields[1] {
	case "S", "N", "S#", "N#":
		if fields[1][0] == 'N' {
			p.side = North
		}
		p.over = len(fields[1]) == 2
	default:
		return p, fmt.Errorf("%w: position: side to move %q, want S or N", ErrNotation, fields[1])
	}
	if len(fields) == 3 {
		v, err := ParseVariant(fields[2])
		if err != nil {
			return p, fmt.Errorf("position: %w", err)
		}
		p.variant = v
	}
	return p, nil
}

func (p *Position) parseBoard(board string) error {
	rows := strings.Split(board, "/")
	if err := checkGoals(rows); err != nil {
		return err
	}
	if len(rows) != Size {
		return fmt.Errorf("%w: position has %d rows, want 6 (rows 1 to 6 joined by '/')", ErrNotation, len(rows))
	}
	var count [4]int
	for r, row := range rows {
		if n := utf8.RuneCountInString(row); n != Size {
			return fmt.Errorf("%w: position, row %d %q has %d squares, want 6", ErrNotation, r+1, row, n)
		}
		for c, ch := range []rune(row) {
			sq := SquareAt(c, r)
			switch {
			case ch == '.':
			case ch >= '1' && ch <= '3':
				p.board[sq] = int8(ch - '0')
				count[ch-'0']++
			default:
				return fmt.Errorf("%w: position, row %d, square %s: bad character %q, want '.', '1', '2' or '3'", ErrNotation, r+1, sq, ch)
			}
		}
	}
	for size := 1; size <= 3; size++ {
		if count[size] > 4 {
			return fmt.Errorf("%w: position has %d pieces of size %d (%s), at most 4", ErrNotation, count[size], size, p.squaresOfSize(size))
		}
	}
	return nil
}

// checkGoals rejects a one-square "row" written beyond row 1 or row 6: a
// goal, which never holds a piece in a position.
func checkGoals(rows []string) error {
	if len(rows) <= Size {
		return nil
	}
	names := [2]string{"South's goal (before row 1)", "North's goal (after row 6)"}
	for i, row := range [2]string{rows[0], rows[len(rows)-1]} {
		if utf8.RuneCountInString(row) == 1 && row != "." {
			return fmt.Errorf("%w: position has %q in %s: a goal never holds a piece", ErrNotation, row, names[i])
		}
	}
	return nil
}

func (p *Position) squaresOfSize(size int) SquareSet {
	var ss SquareSet
	for s, v := range p.board {
		if int(v) == size {
			ss |= bit(Square(s))
		}
	}
	return ss
}

// ParseVariant parses "standard" (or "") and "nodisplace".
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "", "standard":
		return Standard, nil
	case "nodisplace":
		return NoDisplace, nil
	}
	return Standard, fmt.Errorf("%w: variant %q, want standard or nodisplace", ErrNotation, s)
}
