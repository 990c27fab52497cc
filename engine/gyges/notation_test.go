package gyges

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePositionRoundTrip(t *testing.T) {
	for _, s := range []string{
		startFEN,
		"321123/....../....../....../....../321123 N",
		startFEN + " nodisplace",
		"....../121132/..3.../..2.23/....../.3..1. S",
		"....../....../....../....../....../...... S#",
		"....../....../....../....../....../...... N# nodisplace",
	} {
		p, err := ParsePosition(s)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", s, err)
			continue
		}
		if got := p.String(); got != s {
			t.Errorf("ParsePosition(%q).String() = %q", s, got)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	tests := []struct {
		name, in, want string // want: a part of the message
	}{
		{"empty", "", "empty position"},
		{"no side", "321123/....../....../....../....../321123", "missing the side to move"},
		{"bad side", "321123/....../....../....../....../321123 X", `side to move "X"`},
		{"too many fields", startFEN + " nodisplace extra", `unexpected "extra"`},
		{"bad variant", startFEN + " wild", `variant "wild"`},
		{"five rows", "321123/....../....../....../321123 S", "5 rows, want 6"},
		{"seven rows", "321123/....../....../....../....../....../321123 S", "7 rows, want 6"},
		{"short row", "321123/....../...../....../....../321123 S", `row 3 "....." has 5 squares, want 6`},
		{"long row", "321123/....../....../....../....../3211233 S", `row 6 "3211233" has 7 squares`},
		{"bad character", "321123/....../..x.../....../....../321123 S", "row 3, square c3: bad character 'x'"},
		{"size four", "321123/....../...4../....../....../321123 S", "square d3: bad character '4'"},
		{"non-ASCII", "321123/....../..é.../....../....../321123 S", "square c3: bad character 'é'"},
		{"five of a size", "321123/1...../....../....../....../321123 S", "5 pieces of size 1 (c1 d1 a2 c6 d6), at most 4"},
		{"piece in North's goal", "321123/....../....../....../....../321123/2 S", "North's goal (after row 6): a goal never holds a piece"},
		{"piece in South's goal", "1/321123/....../....../....../....../321123 S", "South's goal (before row 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParsePosition(tt.in)
			if !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParsePosition(%q) = %v, want ErrNotation saying %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		err  string
	}{
		{"c1-c3", PlainMove(SquareAt(2, 0), SquareAt(2, 2)), ""},
		{"c1-c1", PlainMove(SquareAt(2, 0), SquareAt(2, 0)), ""},
		{"c1-d4:a3", ReplaceMove(SquareAt(2, 0), SquareAt(3, 3), SquareAt(0, 2)), ""},
		{"c5-G", GoalMove(SquareAt(2, 4)), ""},
		{"pass", Pass, ""},
		{"", Pass, "want from-to"},
		{"c1c3", Pass, "want from-to"},
		{"c7-c3", Pass, `start: gyges: bad notation: square "c7"`},
		{"c1-g3", Pass, `destination: gyges: bad notation: square "g3"`},
		{"c1-d4:", Pass, `drop: gyges: bad notation: square ""`},
		{"c5-G:a1", Pass, "a goal move has no drop"},
		{"C1-c3", Pass, `square "C1"`},
	}
	for _, tt := range tests {
		m, err := ParseMove(tt.in)
		switch {
		case tt.err == "" && (err != nil || m != tt.want):
			t.Errorf("ParseMove(%q) = %v, %v, want %v", tt.in, m, err, tt.want)
		case tt.err == "" && m.String() != tt.in:
			t.Errorf("ParseMove(%q).String() = %q", tt.in, m)
		case tt.err != "" && (!errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseMove(%q) error = %v, want ErrNotation saying %q", tt.in, err, tt.err)
		}
	}
}

func TestParseLayout(t *testing.T) {
	for _, l := range BeginnerLayouts() {
		back, err := ParseLayout(l.String())
		if err != nil || back != l {
			t.Errorf("ParseLayout(%q) = %v, %v", l, back, err)
		}
	}
	tests := []struct {
		in   string
		is   error
		want string
	}{
		{"32112", ErrNotation, "has 5 characters"},
		{"321124", ErrNotation, "column f: bad character '4'"},
		{"111222", ErrSetup, "has 3 pieces of size 1, want two of each size"},
	}
	for _, tt := range tests {
		_, err := ParseLayout(tt.in)
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseLayout(%q) = %v, want %v saying %q", tt.in, err, tt.is, tt.want)
		}
	}
}

func TestBeginnerLayouts(t *testing.T) {
	var got []string
	for _, l := range BeginnerLayouts() {
		got = append(got, l.String())
	}
	if want := "321123 123321 231132 312213"; strings.Join(got, " ") != want {
		t.Errorf("BeginnerLayouts() = %v, want %s", got, want)
	}
}

func TestSquareNames(t *testing.T) {
	for s := Square(0); s < NumSquares; s++ {
		back, err := ParseSquare(s.String())
		if err != nil || back != s {
			t.Errorf("ParseSquare(%q) = %v, %v, want %d", s, back, err, s)
		}
	}
	if got := SquareAt(2, 2).String(); got != "c3" {
		t.Errorf("SquareAt(2, 2) = %s, want c3", got)
	}
	for _, s := range []Square{Goal, NoSquare} {
		if s.OnBoard() || SquareSet(allSquares).Has(s) {
			t.Errorf("%s is on the board, want not", s)
		}
	}
}
