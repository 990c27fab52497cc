package session

import (
	"testing"

	"gygy/engine/level"
)

func TestSeatText(t *testing.T) {
	for _, st := range []Seat{
		{Kind: Human},
		{Kind: Remote},
		{Kind: Computer, Level: level.Easy},
		{Kind: Computer, Level: level.Medium},
		{Kind: Computer, Level: level.Hard, Long: true},
	} {
		b, err := st.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Seat
		if err := back.UnmarshalText(b); err != nil || back != st {
			t.Errorf("UnmarshalText(%q) = %+v, %v, want %+v", b, back, err, st)
		}
	}
	for _, bad := range []string{"", "robot", "computer", "computer wise", "computer easy fast", "human easy", "computer easy long more"} {
		var st Seat
		if err := st.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %+v, want an error", bad, st)
		}
	}
}
