package clock

import (
	"errors"
	"testing"
	"time"

	"gygy/engine/game"
)

func TestControlText(t *testing.T) {
	for _, tt := range []struct {
		text string
		want Control
	}{
		{"", Control{}},
		{"3+2", Control{3 * time.Minute, 2 * time.Second}},
		{"30+0", Control{30 * time.Minute, 0}},
		{"0.5+1", Control{30 * time.Second, time.Second}},
	} {
		got, err := ParseControl(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("ParseControl(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
		if got.String() != tt.text {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.text)
		}
	}
	for _, bad := range []string{"5", "5+", "+3", "-1+2", "5+-1", "999+0", "x+y"} {
		if _, err := ParseControl(bad); err == nil {
			t.Errorf("ParseControl(%q) = nil error", bad)
		}
	}
}

// Each action costs its think time and earns the increment; an action
// that takes all the time left flags the side.
func TestSpend(t *testing.T) {
	c := New(Control{time.Minute, 2 * time.Second})
	if err := c.Spend(game.One, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if got := c.Left(game.One); got != 52*time.Second {
		t.Errorf("left %v after 10 s with +2, want 52s", got)
	}
	if c.Left(game.Two) != time.Minute {
		t.Errorf("seat two's time moved: %v", c.Left(game.Two))
	}
	if c.Flagged(game.Two, 59*time.Second) || !c.Flagged(game.Two, time.Minute) {
		t.Error("Flagged wrong at the edge")
	}
	if got := c.Remaining(game.One, 2*time.Second); got != 50*time.Second {
		t.Errorf("Remaining = %v", got)
	}
	if err := c.Spend(game.Two, 61*time.Second); !errors.Is(err, ErrFlag) || c.Left(game.Two) != 0 {
		t.Errorf("Spend past the flag = %v, left %v", err, c.Left(game.Two))
	}
	if err := c.Spend(game.One, -time.Second); err == nil {
		t.Error("a negative think time was taken")
	}
	if got := c.String(); got != "1+2 52000 0" {
		t.Errorf("String = %q", got)
	}
	var none Clock
	if none.Spend(game.One, time.Hour) != nil || none.Flagged(game.One, time.Hour) || none.String() != "" {
		t.Error("the zero clock runs")
	}
}

// Two devices that apply the same think times agree exactly.
func TestAgreement(t *testing.T) {
	a, b := New(Presets[1]), New(Presets[1])
	thinks := []time.Duration{1234 * time.Millisecond, 5 * time.Second, 999 * time.Millisecond, 20 * time.Second}
	for i, d := range thinks {
		s := game.Seat(i%2 + 1)
		a.Spend(s, d)
		b.Spend(s, d)
	}
	if a.String() != b.String() {
		t.Errorf("%q != %q", a, b)
	}
	if _, err := Restore(Presets[0], -1, 0); err == nil {
		t.Error("Restore took a negative time")
	}
}

func FuzzParse(f *testing.F) {
	f.Add("5+3 300000 297000")
	f.Add("")
	f.Add("1+0 -5 3")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse(text)
		if err != nil {
			return
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("%q reads back as %v, %v", c.String(), back, err)
		}
	})
}
