package play

import (
	"slices"
	"strings"
	"testing"

	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// countingTable is a table that counts the views it is asked for, and the
// actions played on it.
type countingTable struct {
	session.Table
	views int
}

func (c *countingTable) View() session.View { c.views++; return c.Table.View() }

// typed is what a board emits for the action named text in the game on
// screen, typed.
func typed(t *testing.T, s *Game, text string) board.Played {
	t.Helper()
	a, err := s.shown.Game.ReadAction(text)
	if err != nil {
		t.Fatal(err)
	}
	return board.Played{Action: a}
}

// hotSeat starts a hot-seat game of the given record on a counting table.
func hotSeat(t *testing.T, record string) *countingTable {
	t.Helper()
	seats := [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}
	sess, err := session.FromRecord(record, seats, &session.MemoryStorage{})
	if err != nil {
		t.Fatalf("FromRecord(%q): %v", record, err)
	}
	return &countingTable{Table: session.NewLocal(sess, session.LocalConfig{})}
}

// A person's action is taken on what the screen shows: the handler asks
// the table for no new view (each is a copy of the game), and the drawing
// that follows asks for one.
func TestGamePlayAsksNoView(t *testing.T) {
	tbl := hotSeat(t, "GYRE 5x10")
	s := &Game{Table: tbl}
	s.Render()
	for i, move := range []string{"c1", "swap", "d4", "b7"} {
		tbl.views = 0
		s.play(typed(t, s, move))
		if tbl.views != 0 {
			t.Errorf("playing %s asked for %d views, want none", move, tbl.views)
		}
		if s.notice != "" {
			t.Fatalf("playing %s: notice %q", move, s.notice)
		}
		s.Render()
		if tbl.views != 1 {
			t.Errorf("drawing after %s asked for %d views, want 1", move, tbl.views)
		}
		if got := s.shown.Game.Len(); got != i+1 {
			t.Errorf("after %s the screen shows %d actions, want %d", move, got, i+1)
		}
	}
	// A second action before the screen shows the first is not taken on
	// a stale view.
	s.play(typed(t, s, "e5"))
	s.play(typed(t, s, "e6"))
	s.Render()
	if got := game.Notations(s.shown.Game); !slices.Equal(got, []string{"c1", "swap", "d4", "b7", "e5"}) {
		t.Errorf("after two quick taps the actions are %q", got)
	}
}

// The review shows the live game's positions (game.Game.At) from the
// game it keeps, which follows the live one while it goes on, so that a
// position the game keeps is made once; after an undo it reviews the
// game as it then stands.
func TestReviewKeepsPositions(t *testing.T) {
	tbl := hotSeat(t, "GYRE 5x10 c1 swap d4 b7")
	s := &Game{Table: tbl}
	s.Render()
	kept := s.review.live
	if kept == nil || s.review.len() != 4 {
		t.Fatalf("the review keeps %v", kept)
	}
	s.reviewTo(toBack)
	s.Render()
	s.reviewTo(toBack)
	s.Render()
	if s.review.live != kept {
		t.Errorf("drawing the same game again replaced the game the review keeps")
	}
	shown, live := s.review.reviewing(tbl.Table.View())
	if live || !slices.Equal(game.Notations(shown.Game), []string{"c1", "swap"}) {
		t.Errorf("review shows %q (live %v), want the first two actions", game.Notations(shown.Game), live)
	}
	if g := game.AsGyre(shown.Game); g.At(mustCell(t, g, "c1")) != gyre.Spoke {
		t.Errorf("the swapped c1 stone is %v, want Spoke", g.At(mustCell(t, g, "c1")))
	}
	// A move returns to the live game, which the game kept follows; after
	// an undo and another move the review steps through the game as it
	// now stands.
	s.reviewTo(toLast)
	s.Render()
	s.play(typed(t, s, "e5"))
	s.Render()
	if s.review.live != kept || s.review.len() != 5 {
		t.Errorf("after a move the review keeps %p of %d actions, want %p followed", s.review.live, s.review.len(), kept)
	}
	s.undo()
	s.Render()
	s.play(typed(t, s, "e6"))
	s.Render()
	if s.review.live == kept || s.review.len() != 5 {
		t.Fatalf("after an undo and a move the review keeps a game of %d actions", s.review.len())
	}
	at, err := s.review.position(5)
	if err != nil || !slices.Equal(game.Notations(at), []string{"c1", "swap", "d4", "b7", "e6"}) {
		t.Errorf("the position after 5 actions: %v, %v", at, err)
	}
}

func mustCell(t *testing.T, g *gyre.Game, name string) gyre.Cell {
	t.Helper()
	m, err := g.Geometry().ParseMove(name)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := m.Cell()
	return c
}

// The status names the computer's or the opponent's last action, and says
// a swap in words: the screen tells it from the action the table took,
// typed, not from its notation.
func TestStatusNamesTheirAction(t *testing.T) {
	tbl := hotSeat(t, "GYRE 5x10 c1")
	s := &Game{Table: tbl}
	s.Render()
	status := func() string {
		v := tbl.Table.View()
		return statusText(t, s.statusLine(v, game.AsGyre(v.Game)))
	}
	for _, tt := range []struct{ action, want string }{{"swap", "swapped: it takes over Spoke"}, {"d4", "played d4"}} {
		a, err := tbl.Table.View().Game.ReadAction(tt.action)
		if err != nil {
			t.Fatal(err)
		}
		if err := tbl.Play(a); err != nil {
			t.Fatal(err)
		}
		s.onChange(session.Change{Event: session.Played, Action: a, By: game.Two})
		if got := status(); !strings.Contains(got, tt.want) {
			t.Errorf("after %s the status says %q, want %q", tt.action, got, tt.want)
		}
	}
}
