package match

import (
	"testing"
	"time"

	"gygy/engine/game"
)

// Each side's first action is free: no clock runs before it, and it costs
// nothing but earns the increment; the host's clock starts with its
// second action.
func TestFirstActionsAreFree(t *testing.T) {
	d, hc, gc := timedDuo(t)
	both(hc, gc, 20*time.Second)
	if c := d.host.Clocks(); c.Running != game.NoSeat || c.Left[0] != time.Minute {
		t.Errorf("before the first stone the host's clocks are %+v, want a minute and none running", c)
	}
	if err := d.host.playText("a1"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	both(hc, gc, 30*time.Second)
	if err := d.guest.playText("b1"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	want := [2]time.Duration{62 * time.Second, 62 * time.Second}
	if h, g := d.host.Clocks(), d.guest.Clocks(); h.Left != want || g.Left != want || h.Running != game.One {
		t.Errorf("after both first actions: host %+v, guest %+v; want %v and seat one running", h, g, want)
	}
	both(hc, gc, 2*time.Second)
	if got := d.guest.Clocks().Left[0]; got != time.Minute {
		t.Errorf("the host's second action has run 2 s: the guest shows %v, want 1m0s", got)
	}
}

// After an absence the two sides count the turn under way from different
// moments: the side that left from when it was last seen, the other from
// when it noticed. The pings carry the mover's own reckoning, and the
// side that waits shows it.
func TestTurnTimeAgreesAfterAbsence(t *testing.T) {
	d, hc, gc := timedGame(t) // the host is to move
	saved, _ := d.guest.Saved()
	both(hc, gc, 15*time.Second) // the guest's page closes 15 s later than it last saved
	d.host.Disconnected()        // and the host notices at once
	both(hc, gc, 5*time.Second)
	back, err := Resume(saved, d.guestOut, MatchConfig{FramesPerSecond: 1e6, Burst: 1e6, Now: gc.now, Grace: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	d.guest = back
	d.connect()
	h, g := d.host.Clocks().Left[0], d.guest.Clocks().Left[0]
	if h != 47*time.Second {
		t.Errorf("the host's own clock shows %v, want 47s (62 s, 15 s thought, 5 s away)", h)
	}
	if g == h {
		t.Logf("the clocks agree before a ping (%v): the test no longer shows the gap", g)
	}
	d.host.Ping()
	d.flush()
	if g := d.guest.Clocks().Left[0]; g != h {
		t.Errorf("after the host's ping the guest shows the host's clock at %v, the host %v", g, h)
	}
	both(hc, gc, 3*time.Second)
	if err := d.host.playText("c1"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if h, g := d.host.Clocks(), d.guest.Clocks(); h.Left != g.Left {
		t.Errorf("after the move: host %v, guest %v", h.Left, g.Left)
	}
}

// A mover that says it has thought less than the waiting side saw, with
// no absence to explain it, is not followed: the waiting side keeps its
// own count (and judges the move's think time by it).
func TestTurnTimeNotShortenedWithoutAbsence(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 20*time.Second)
	hc.t = hc.t.Add(-15 * time.Second) // the host's clock lags, or its app lies
	d.host.Ping()
	d.flush()
	if g := d.guest.Clocks().Left[0]; g != 42*time.Second {
		t.Errorf("the guest shows the host's clock at %v, want its own count, 42s", g)
	}
}

// After an abort both players may play again: a rematch is offered and,
// accepted, starts a new game with the sides swapped.
func TestRematchAfterAbort(t *testing.T) {
	d, _, _ := timedDuo(t)
	if err := d.host.Abort(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.guest.RequestRematch(); err != nil {
		t.Fatalf("a rematch after an abort: %v", err)
	}
	if !d.guest.RematchAsked() {
		t.Error("the offer is not pending on the side that made it")
	}
	if err := d.guest.RequestRematch(); err == nil {
		t.Error("the same rematch offered twice")
	}
	d.flush()
	if err := d.host.AnswerRematch(true); err != nil {
		t.Fatal(err)
	}
	d.flush()
	for _, m := range []*Match{d.host, d.guest} {
		if m.Game().Len() != 0 || m.Game().Result().Over() {
			t.Errorf("after the rematch: %q, %+v", m.Record(), m.Game().Result())
		}
	}
	if d.host.Me() != game.Two || d.guest.Me() != game.One || d.guest.RematchAsked() {
		t.Errorf("after the rematch the host plays %v, the guest %v (pending %v)", d.host.Me(), d.guest.Me(), d.guest.RematchAsked())
	}
}
