package home

import (
	"strings"
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// measuredOr1 is the opening K measured for a board, or opening 1.
func measuredOr1(s gyre.Size) gyre.Variant {
	if k, ok := gyre.FairOpening(s); ok {
		return gyre.Opening(k)
	}
	return gyre.Opening(1)
}

func TestHomeSetup(t *testing.T) {
	humans := [2]session.Kind{session.Human, session.Human}
	tests := []struct {
		name      string
		change    func(h *Home)
		wantSize  gyre.Size
		wantSeats [2]session.Kind
		wantErr   bool
		wantRule  gyre.Variant
	}{
		// The named boards start with their recommended fair start
		// (issue 30: a newcomer who changes nothing plays the fair game);
		// a custom board with the plain swap rule.
		{"defaults", func(h *Home) {}, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Human, session.Human}, false, measuredOr1(gyre.Size{Rings: 7, Cols: 14})},
		{"small", func(h *Home) { h.size = "5x10" }, gyre.Size{Rings: 5, Cols: 10}, [2]session.Kind{session.Human, session.Human}, false, measuredOr1(gyre.Size{Rings: 5, Cols: 10})},
		{"swap chosen", func(h *Home) { h.rule = ruleSwap }, gyre.Size{Rings: 7, Cols: 14}, humans, false, gyre.Classic},
		{"custom", func(h *Home) { h.size, h.rings, h.cols = "custom", 15, 40 }, gyre.Size{Rings: 15, Cols: 40}, [2]session.Kind{session.Human, session.Human}, false, gyre.Classic},
		{"custom too small", func(h *Home) { h.size, h.rings, h.cols = "custom", 2, 10 }, gyre.Size{}, [2]session.Kind{}, true, 0},
		// Against the computer the person chooses the side by default: the
		// computer places the opening (seat one).
		{"computer by default", func(h *Home) { h.mode = "computer" }, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Computer, session.Human}, false, measuredOr1(gyre.Size{Rings: 7, Cols: 14})},
		{"computer second", func(h *Home) { h.mode, h.first, h.firstSet, h.rule = "computer", true, true, ruleSwap }, gyre.Size{Rings: 7, Cols: 14}, [2]session.Kind{session.Human, session.Computer}, false, gyre.Classic},
		{"Gygès, computer by default", func(h *Home) { h.mode, h.kind = "computer", game.Gyges }, gyre.Size{}, [2]session.Kind{session.Human, session.Computer}, false, gyre.Classic},
		{"no swap", func(h *Home) { h.rule = ruleNoSwap }, gyre.Size{Rings: 7, Cols: 14}, humans, false, gyre.NoSwap},
		{"fair start, K typed", func(h *Home) { h.rule, h.size, h.k = ruleFair, "5x10", 3 }, gyre.Size{Rings: 5, Cols: 10}, humans, false, gyre.Opening(3)},
		{"fair start, K of the board", func(h *Home) { h.rule = ruleFair }, gyre.Size{Rings: 7, Cols: 14}, humans, false, measuredOr1(gyre.Size{Rings: 7, Cols: 14})},
		{"fair start, K too large", func(h *Home) { h.rule, h.size, h.rings, h.cols, h.k = ruleFair, "custom", 3, 6, 6 }, gyre.Size{}, humans, true, 0},
		{"fair start, unmeasured board", func(h *Home) { h.rule, h.size, h.rings, h.cols = ruleFair, "custom", 3, 6 }, gyre.Size{Rings: 3, Cols: 6}, humans, false, measuredOr1(gyre.Size{Rings: 3, Cols: 6})},
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
			if s.Spec.Size != tt.wantSize || s.Seats[0].Kind != tt.wantSeats[0] || s.Seats[1].Kind != tt.wantSeats[1] {
				t.Errorf("setup() = %v %v, want %v %v", s.Spec.Size, s.Seats, tt.wantSize, tt.wantSeats)
			}
			if s.Spec.Gyre != tt.wantRule {
				t.Errorf("setup() variant = %q, want %q", s.Spec.Gyre, tt.wantRule)
			}
		})
	}
}

// A named board's note says what its measured fair start does, from the
// laboratory's data (gyre.FairStart), not from a sentence typed here.
func TestBoardNoteFollowsFairStart(t *testing.T) {
	for _, s := range []gyre.Size{gyre.Standard, gyre.Small} {
		f, ok := gyre.FairStart(s)
		if !ok {
			t.Fatalf("FairStart(%v): not measured", s)
		}
		note := boardNote(s)
		if evens := strings.Contains(note, "fair start evens it"); evens != f.Even || evensGame(s) != f.Even {
			t.Errorf("boardNote(%v) = %q, evensGame %v; the fair start measured %+v", s, note, evensGame(s), f)
		}
		if !f.Even && !strings.Contains(note, f.Ahead().String()+" ahead") {
			t.Errorf("boardNote(%v) = %q, want %v ahead", s, note, f.Ahead())
		}
	}
}
