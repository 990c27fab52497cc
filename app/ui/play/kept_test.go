package play

import (
	"testing"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/level"
)

// My games keeps the same words whatever the page's language: they are
// codes that the games screen words (a French page kept "Computer
// (Facile)" before this test).
func TestKeptWordsAreTheSameInEveryLanguage(t *testing.T) {
	defer lang.Use(lang.Current())
	computer := session.Setup{Spec: game.Spec{Kind: game.Gyges},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Computer, Level: level.Medium}}}
	here := session.Setup{Spec: game.Spec{Kind: game.Gyges},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}}
	for _, tag := range []lang.Tag{lang.EN, lang.FR} {
		lang.Use(tag)
		if _, who := modeOf(computer, false); who != "Computer (Medium)" {
			t.Errorf("%s: opponent kept as %q, want Computer (Medium)", tag, who)
		}
		for _, c := range []struct {
			setup session.Setup
			r     game.Result
			want  string
		}{
			{computer, game.Result{Winner: game.Two, Method: game.Goal}, "The computer won (goal)"},
			{computer, game.Result{Winner: game.One, Method: game.Resignation}, "You won (resignation)"},
			{here, game.Result{Winner: game.Two, Method: game.Goal}, "North won (goal)"},
		} {
			if got := resultText(c.setup, c.r); got != c.want {
				t.Errorf("%s: result kept as %q, want %q", tag, got, c.want)
			}
		}
	}
}
