package ui

import (
	"testing"

	"gygy/app/session"
	"gygy/engine/gyre"
)

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
			if s.Spec.Size != tt.wantSize || s.Seats[0].Kind != tt.wantSeats[0] || s.Seats[1].Kind != tt.wantSeats[1] {
				t.Errorf("setup() = %v %v, want %v %v", s.Spec.Size, s.Seats, tt.wantSize, tt.wantSeats)
			}
		})
	}
}
