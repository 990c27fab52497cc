package gyre

import (
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Fair is what the laboratory measured of a board size's fair start
// (fair.txt, written by `gygy-lab gyre opening --fair`): the K of
// `opening K` and how the games between two strong bots came out there.
type Fair struct {
	K         int
	Games     int
	OneWins   int  // games won by player 1, who built the opening
	SpokeWins int  // games won by Spoke
	Even      bool // both shares even within the measure's error
}

// Ahead is the player who won more of the measured games, or NoPlayer
// when neither did.
func (f Fair) Ahead() Player {
	switch {
	case 2*f.OneWins > f.Games:
		return One
	case 2*f.OneWins < f.Games:
		return Two
	}
	return NoPlayer
}

//go:embed fair.txt
var fairText string

// fairStarts holds fair.txt by size.
var fairStarts = func() map[Size]Fair {
	m, err := ParseFair(fairText)
	if err != nil {
		panic("gyre: fair.txt: " + err.Error())
	}
	return m
}()

// ParseFair reads fair starts as fair.txt holds them: after comment lines
// that start with #, a line a size of "RxC K games oneWins spokeWins" and
// "even" or "uneven".
func ParseFair(text string) (map[Size]Fair, error) {
	m := map[Size]Fair{}
	for i, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 6 {
			return nil, fmt.Errorf("line %d: %d fields, want 6 (size, K, games, player 1's wins, Spoke's wins, even or uneven)", i+1, len(fields))
		}
		var f Fair
		var errs [4]error
		for j, n := range []*int{&f.K, &f.Games, &f.OneWins, &f.SpokeWins} {
			*n, errs[j] = strconv.Atoi(fields[j+1])
		}
		if err := errors.Join(errs[:]...); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if f.Games <= 0 || f.OneWins < 0 || f.OneWins > f.Games || f.SpokeWins < 0 || f.SpokeWins > f.Games {
			return nil, fmt.Errorf("line %d: wins %d and %d of %d games", i+1, f.OneWins, f.SpokeWins, f.Games)
		}
		size, verdict := fields[0], fields[5]
		s, err := ParseSize(size)
		if err == nil {
			err = Opening(f.K).Fits(s)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if verdict != "even" && verdict != "uneven" {
			return nil, fmt.Errorf("line %d: %q is not even or uneven", i+1, verdict)
		}
		f.Even = verdict == "even"
		m[s] = f
	}
	return m, nil
}

// FormatFair writes f as its line of fair.txt.
func FormatFair(s Size, f Fair) string {
	verdict := "uneven"
	if f.Even {
		verdict = "even"
	}
	return fmt.Sprintf("%s %d %d %d %d %s", s, f.K, f.Games, f.OneWins, f.SpokeWins, verdict)
}

// FairStart returns the fair start measured on a board of size s, and
// false for sizes that were not measured.
func FairStart(s Size) (Fair, bool) {
	f, ok := fairStarts[s]
	return f, ok
}

// FairOpening returns the K of `opening K` recommended as the fair start
// on a board of size s (see FairStart).
func FairOpening(s Size) (k int, ok bool) {
	f, ok := fairStarts[s]
	return f.K, ok
}
