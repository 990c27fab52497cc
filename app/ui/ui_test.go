package ui

import (
	"testing"

	"gygy/engine/gyre"
)

func TestParseStones(t *testing.T) {
	size := gyre.Size{Rings: 3, Cols: 6}
	got := parseStones("s.g.../.s..../.....g", size)
	want := map[int]gyre.Color{0: gyre.Spoke, 2: gyre.Gyre, 7: gyre.Spoke, 17: gyre.Gyre}
	for c, col := range got {
		if col != want[c] {
			t.Errorf("parseStones: cell %d = %v, want %v", c, col, want[c])
		}
	}
	for _, bad := range []string{"", "s.g.../.s....", "garbage"} {
		for c, col := range parseStones(bad, size) {
			if col != gyre.Empty {
				t.Errorf("parseStones(%q): cell %d = %v, want an empty board", bad, c, col)
			}
		}
	}
}

func TestSheetLabel(t *testing.T) {
	for name, want := range map[string]string{
		"gyre-7x14-a4.svg":        "GYRE 7 × 14 board (A4)",
		"gyre-5x10-letter.svg":    "GYRE 5 × 10 board (US Letter)",
		"gyges-board-a4.svg":      "Gygès board (A4)",
		"gyges-pieces-letter.svg": "Gygès pieces (US Letter)",
	} {
		if got := sheetLabel(name); got != want {
			t.Errorf("sheetLabel(%q) = %q, want %q", name, got, want)
		}
	}
}
