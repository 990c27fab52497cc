package rules

import "testing"

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
