package conn

import "testing"

func TestStateString(t *testing.T) {
	for s, want := range map[State]string{None: "none", Connected: "connected", Closed: "closed", 9: "conn.State(9)"} {
		if got := s.String(); got != want {
			t.Errorf("State(%d).String() = %q, want %q", int(s), got, want)
		}
	}
}
