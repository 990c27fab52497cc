package online

import (
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
)

// The match alone holds the questions: a table made again from the saved
// game (a reload) shows the undo asked before it, on both sides, and
// answers it.
func TestOnlineQuestionsOutliveAReload(t *testing.T) {
	p := newPair(t, "GYRE 3x6", game.One)
	p.play(t, "a1", "swap")
	if err := p.guest.Undo(); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the question", func() bool { return p.host.View().Question == session.UndoAsked })
	if v := p.guest.View(); !v.Undo.Pending || v.Undo.Can {
		t.Errorf("the guest's undo after asking: %+v, want pending", v.Undo)
	}
	reload := func(tb *Table) *Table {
		t.Helper()
		again, err := New(&pipeLink{l: p.l}, tb.Saved(), Config{Run: p.l.run})
		if err != nil {
			t.Fatal(err)
		}
		return again
	}
	host, guest := reload(p.host), reload(p.guest)
	if q := host.View().Question; q != session.UndoAsked {
		t.Errorf("the host's question after a reload = %v, want UndoAsked", q)
	}
	if v := guest.View(); !v.Undo.Pending || v.Undo.Can {
		t.Errorf("the guest's undo after a reload: %+v, want pending", v.Undo)
	}
	if err := host.Answer(false); err != nil {
		t.Errorf("Answer after a reload: %v", err)
	}
	if q := host.View().Question; q != session.NoQuestion {
		t.Errorf("the host's question once answered = %v, want none", q)
	}
}
