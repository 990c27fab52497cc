package level

import "testing"

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
