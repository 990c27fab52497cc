package ui

import (
	"testing"

	"gygy/app/session"
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

func TestHomeSetup(t *testing.T) {
	tests := []struct {
		name      string
		change    func(h *Home)
		wantSize  gyre.Size
		wantSeats [2]session.Kind
		wantErr   bool
	}{
		{"defaults", func(h *Home) {}, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Human, session.Human}, false},
		{"small", func(h *Home) { h.size = "5x10" }, gyre.Size{Rings: 5, Cols: 10}, [2]session.Kind{session.Human, session.Human}, false},
		{"custom", func(h *Home) { h.size, h.rings, h.cols = "custom", 15, 40 }, gyre.Size{Rings: 15, Cols: 40}, [2]session.Kind{session.Human, session.Human}, false},
		{"custom too small", func(h *Home) { h.size, h.rings, h.cols = "custom", 2, 10 }, gyre.Size{}, [2]session.Kind{}, true},
		{"computer second", func(h *Home) { h.mode = "computer" }, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Human, session.Computer}, false},
		{"computer first", func(h *Home) { h.mode, h.first = "computer", false }, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Computer, session.Human}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &Home{CanComputer: true}
			h.OnInit()
			tt.change(h)
			s, err := h.setup()
			if (err != nil) != tt.wantErr {
				t.Fatalf("setup() error = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if s.Size != tt.wantSize || s.Seats[0].Kind != tt.wantSeats[0] || s.Seats[1].Kind != tt.wantSeats[1] {
				t.Errorf("setup() = %v %v, want %v %v", s.Size, s.Seats, tt.wantSize, tt.wantSeats)
			}
		})
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
