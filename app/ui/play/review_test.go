package play

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/engine/game"
)

// statusText joins what the review's status line says.
func statusText(t *testing.T, ui []app.UI) string {
	t.Helper()
	var b strings.Builder
	for _, u := range ui {
		if txt, ok := u.(interface{ Text() string }); ok {
			b.WriteString(txt.Text())
			continue
		}
		b.WriteString(app.HTMLString(u))
	}
	return b.String()
}

// Reviewing a game in progress says it goes on from its last move;
// reviewing a finished one does not promise that.
func TestReviewStatusOfAFinishedGame(t *testing.T) {
	tbl := hotSeat(t, "GYRE 5x10 noswap\nc1 d4 b7")
	r := review{back: 1}
	if got := statusText(t, r.status(tbl.View())); !strings.Contains(got, "goes on when you return") {
		t.Errorf("reviewing a game in progress: %q, want it to say the game goes on", got)
	}
	if err := tbl.Resign(); err != nil {
		t.Fatal(err)
	}
	got := statusText(t, r.status(tbl.View()))
	if strings.Contains(got, "goes on") || !strings.Contains(got, "is over") {
		t.Errorf("reviewing a finished game: %q, want it said over, and not going on", got)
	}
}

// The review's game follows the live one while it goes on, how it ended
// off the board included, and is replaced when the live game is not its
// continuation.
func TestFollow(t *testing.T) {
	parse := func(record string) game.Game {
		g, err := game.Parse(record)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	kept := parse("GYRE 5x10 noswap\nc1")
	if got := follow(kept, parse("GYRE 5x10 noswap\nc1")); got != kept {
		t.Error("the same history: not kept")
	}
	live := parse("GYRE 5x10 noswap\nc1 d4 b7")
	if err := live.Resign(game.One); err != nil {
		t.Fatal(err)
	}
	if got := follow(kept, live); got != kept || historyOf(got) != historyOf(live) || got.Result() != live.Result() {
		t.Errorf("a game gone on and resigned: kept %v, history %v, want %v", got == kept, historyOf(got), historyOf(live))
	}
	for _, other := range []string{"GYRE 5x10 noswap", "GYRE 5x10 noswap\ne5 d4", "GYRE 5x10\nc1 d4"} {
		g := parse(other)
		if got := follow(parse("GYRE 5x10 noswap\nc1"), g); got != g {
			t.Errorf("%q: the game kept was followed, want it replaced", other)
		}
	}
	if g := parse("GYRE 5x10 noswap\nc1"); follow(nil, g) != g {
		t.Error("no game kept: not the live one")
	}
}
