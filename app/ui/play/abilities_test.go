package play

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
)

// The game screen shows a button only for what the table can do: a hot
// seat table redoes and plays again; the same game behind a table without
// those abilities shows neither button.
func TestControlsFollowAbilities(t *testing.T) {
	local := hotSeat(t, "GYRE 5x10 c1 swap d4").Table.(*session.Local)
	if err := local.Resign(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		table session.Table
		want  bool
	}{
		{"Local", local, true},
		{"a table without abilities", &countingTable{Table: local}, false},
	} {
		s := &Game{Table: tc.table}
		html := app.HTMLString(s.renderControls(tc.table.View()))
		for _, id := range []string{`id="redo"`, `id="rematch"`} {
			if got := strings.Contains(html, id); got != tc.want {
				t.Errorf("%s: controls show %s: %v, want %v", tc.name, id, got, tc.want)
			}
		}
	}
}
