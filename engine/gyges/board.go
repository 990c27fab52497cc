package gyges

import (
	"math/bits"
	"strings"
)

// Size is the number of columns and of rows of the board (rulebook, Board
// and pieces).
const Size = 6

// NumSquares is the number of squares on the board, goals excluded.
const NumSquares = Size * Size

// Square is a square of the board as a compact index: a1 = 0, b1 = 1, …,
// f1 = 5, a2 = 6, …, f6 = 35. Columns a–f run from South's left, rows 1–6
// from South's side. Two values are not squares: NoSquare, and Goal, which
// stands for the goal the moving side aims at (always the opponent's).
type Square int8

const (
	// NoSquare is the absence of a square, e.g. the drop of a move that
	// replaces nothing.
	NoSquare Square = -1
	// Goal is the opponent's goal, as the destination of a winning move.
	Goal Square = NumSquares
)

// SquareAt returns the square in column col (0 = a) and row row (0 = row 1),
// or NoSquare if either is outside the board.
func SquareAt(col, row int) Square {
	if col < 0 || col >= Size || row < 0 || row >= Size {
		return NoSquare
	}
	return Square(row*Size + col)
}

// OnBoard reports whether s is one of the 36 squares (not a goal, not
// NoSquare).
func (s Square) OnBoard() bool { return s >= 0 && s < NumSquares }

// Col returns the column of s, 0 for a to 5 for f.
func (s Square) Col() int { return int(s) % Size }

// Row returns the row of s, 0 for row 1 (South's home row) to 5 for row 6.
func (s Square) Row() int { return int(s) / Size }

// String returns the square's name: "c3", "G" for Goal, "-" for NoSquare.
func (s Square) String() string {
	switch {
	case s.OnBoard():
		return string([]byte{'a' + byte(s.Col()), '1' + byte(s.Row())})
	case s == Goal:
		return "G"
	case s == NoSquare:
		return "-"
	}
	return "?"
}

// SquareSet is a set of squares (goals excluded), one bit per square.
type SquareSet uint64

const allSquares SquareSet = 1<<NumSquares - 1

// Has reports whether s is in the set.
func (ss SquareSet) Has(s Square) bool {
	return s.OnBoard() && ss&(1<<uint(s)) != 0
}

// Len returns the number of squares in the set.
func (ss SquareSet) Len() int { return bits.OnesCount64(uint64(ss)) }

// Squares appends the squares of the set to dst in increasing order.
func (ss SquareSet) Squares(dst []Square) []Square {
	for b := uint64(ss); b != 0; b &= b - 1 {
		dst = append(dst, Square(bits.TrailingZeros64(b)))
	}
	return dst
}

// String lists the squares, e.g. "a1 c3".
func (ss SquareSet) String() string {
	var sb strings.Builder
	for i, s := range ss.Squares(nil) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(s.String())
	}
	return sb.String()
}

func bit(s Square) SquareSet { return 1 << uint(s) }

// rowMask is the set of the six squares of row r.
func rowMask(r int) SquareSet { return (1<<Size - 1) << (Size * uint(r)) }

// Side is one of the two players. South sits at row 1 and moves first.
type Side int8

// The sides.
const (
	South Side = iota
	North
)

// Opponent returns the other side.
func (sd Side) Opponent() Side { return 1 - sd }

// String returns "South" or "North".
func (sd Side) String() string {
	if sd == North {
		return "North"
	}
	return "South"
}

// letter is the side's letter in position notation.
func (sd Side) letter() byte {
	if sd == North {
		return 'N'
	}
	return 'S'
}

// homeRow is the side's own home row: 0 (row 1) for South, 5 for North.
func (sd Side) homeRow() int {
	if sd == North {
		return Size - 1
	}
	return 0
}

// Variant selects a rule variant (rulebook, Landing on a piece).
type Variant int8

// The variants. In NoDisplace landing on a piece always bounces.
const (
	Standard Variant = iota
	NoDisplace
)

// String returns "standard" or "nodisplace".
func (v Variant) String() string {
	if v == NoDisplace {
		return "nodisplace"
	}
	return "standard"
}

// Phase is the stage a Game is in.
type Phase int8

// The phases: the two setups (rulebook, Setup), play, and the end.
const (
	SouthSetup Phase = iota
	NorthSetup
	Playing
	Over
)

// String returns "South's setup", "North's setup", "play" or "over".
func (ph Phase) String() string {
	switch ph {
	case SouthSetup:
		return "South's setup"
	case NorthSetup:
		return "North's setup"
	case Playing:
		return "play"
	}
	return "over"
}
