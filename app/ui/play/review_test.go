package play

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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
