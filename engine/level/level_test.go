package level

import (
	"testing"
	"time"
)

func TestRoundTrip(t *testing.T) {
	for _, l := range All {
		if got, err := Parse(l.String()); err != nil || got != l {
			t.Errorf("Parse(%q) = %v, %v", l.String(), got, err)
		}
	}
	for _, bad := range []string{"", "Hard", "expert", "level(3)"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// The budgets grow with the level, stay under what players accept, and
// "think longer" changes only Hard.
func TestMoveTime(t *testing.T) {
	limits := map[Level]time.Duration{Easy: 500 * time.Millisecond, Medium: 1500 * time.Millisecond, Hard: 4 * time.Second}
	var last time.Duration
	for _, l := range All {
		d := l.MoveTime(false)
		if d <= last || d > limits[l] {
			t.Errorf("%v.MoveTime(false) = %v, want above %v and at most %v", l, d, last, limits[l])
		}
		last = d
		if long := l.MoveTime(true); (l == Hard) != (long > d) {
			t.Errorf("%v.MoveTime(true) = %v beside %v", l, long, d)
		}
	}
	if got := Hard.MoveTime(true); got != LongMoveTime {
		t.Errorf("Hard.MoveTime(true) = %v, want %v", got, LongMoveTime)
	}
	if got := Level(7).MoveTime(false); got != Hard.MoveTime(false) {
		t.Errorf("Level(7).MoveTime = %v, want Hard's %v", got, Hard.MoveTime(false))
	}
}
