package online

import (
	"testing"

	"gygy/app/session"
	"gygy/engine/game"
)

// After an abort the game can be played again: the offer is pending on
// the side that made it until the answer, and the new game has the sides
// swapped.
func TestOnlineRematchAfterAbort(t *testing.T) {
	p := newPair(t, "GYRE 3x6", game.One)
	if err := p.host.Abort(); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the abort", func() bool { return p.guest.View().Game.Result().Method == game.Aborted })
	if !p.host.View().Rematch {
		t.Fatal("no rematch offered after the abort")
	}
	if err := p.host.Rematch(); err != nil {
		t.Fatalf("a rematch after the abort: %v", err)
	}
	if !p.host.RematchPending() {
		t.Error("the offer is not pending")
	}
	p.l.pump(t, "the offer", func() bool { return p.guest.View().Question == session.RematchOffered })
	if err := p.guest.Answer(true); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the new game", func() bool { return last(p.hSeen).Event == session.RematchStarted })
	if p.host.RematchPending() || p.host.View().Game.Result().Over() {
		t.Errorf("after the rematch: pending %v, result %+v", p.host.RematchPending(), p.host.View().Game.Result())
	}
	if h, _ := p.host.Offer(); h.Host != game.Two {
		t.Errorf("after the rematch the host plays %v, want seat two", h.Host)
	}
}

// Hang saves the game with the time: a page that leaves counts its
// absence from when it left, not from its last save.
func TestOnlineHangSavesTheTime(t *testing.T) {
	p := newPair(t, "GYRE 3x6", game.One)
	p.play(t, "a1")
	if err := p.hStore.Delete(Key); err != nil { // what Hang keeps must be written by Hang
		t.Fatal(err)
	}
	p.host.Hang()
	after, ok := Load(p.hStore, "room1")
	if !ok || after.Match == nil || after.Match.Seen.IsZero() || after.Match.Record != "GYRE 3x6\na1" {
		t.Errorf("after Hang the store holds %+v, %v; want the game with the time", after, ok)
	}
	if saved := p.host.Saved(); saved.Room != "room1" || saved.Token != "host-token" || saved.Match == nil {
		t.Errorf("Saved() = %+v", saved)
	}
}
