package match

import (
	"errors"
	"strings"
	"testing"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// timedDuo is a GYRE 3x6 game at 1+2 between a host (seat one) and a
// guest, each with a clock of its own that the test moves, and a grace of
// 30 s.
func timedDuo(t *testing.T) (*duo, *fakeClock, *fakeClock) {
	hc, gc := &fakeClock{t: time.Unix(1e9, 0)}, &fakeClock{t: time.Unix(1e9, 0)}
	h := Hello{Spec: mustSpec("GYRE 3x6"), Clock: clock.Control{Base: time.Minute, Increment: 2 * time.Second}, Host: game.One}
	d := newDuoWith(t, h,
		MatchConfig{FramesPerSecond: 1e6, Burst: 1e6, Now: hc.now, Grace: 30 * time.Second},
		MatchConfig{FramesPerSecond: 1e6, Burst: 1e6, Now: gc.now, Grace: 30 * time.Second})
	return d, hc, gc
}

// timedGame is timedDuo past each side's first action, which costs no
// time (a1 by the host, b1 by the guest): both clocks show the minute and
// the increment, and the host is to move with its clock running.
func timedGame(t *testing.T) (*duo, *fakeClock, *fakeClock) {
	d, hc, gc := timedDuo(t)
	for i, a := range []string{"a1", "b1"} {
		if err := d.side(game.Seat(i + 1)).playText(a); err != nil {
			t.Fatal(err)
		}
		d.flush()
	}
	return d, hc, gc
}

// both moves both clocks.
func both(hc, gc *fakeClock, d time.Duration) { hc.advance(d); gc.advance(d) }

// Each side charges the mover with the think time the mover reports, adds
// the increment, and the two agree to the millisecond (the hash covers the
// clocks, so a disagreement would resync).
func TestClocksAgree(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 10*time.Second)
	if err := d.host.playText("c1"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	both(hc, gc, 4500*time.Millisecond)
	if err := d.guest.playText("a2"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	hcl, gcl := d.host.Clocks(), d.guest.Clocks()
	want := [2]time.Duration{54 * time.Second, 59500 * time.Millisecond}
	if hcl.Left != want || gcl.Left != want || hcl.Running != game.One {
		t.Errorf("clocks: host %+v, guest %+v; want %v with seat one running", hcl, gcl, want)
	}
	for _, ev := range append(d.hostEvents, d.guestEvents...) {
		if ev.Kind == EventResyncing || strings.Contains(ev.Reason, "hash") {
			t.Errorf("a resync: %+v", ev)
		}
	}
	both(hc, gc, 2*time.Second)
	if got := d.guest.Clocks().Left[0]; got != 52*time.Second {
		t.Errorf("seat one's running clock shows %v, want 52s", got)
	}
}

// A think time much shorter than the time the receiver saw pass is
// refused; so is a move after the mover's time ran out.
func TestLyingThinkTimeIsRefused(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 20*time.Second)
	// The host's app lies: it claims it played at once.
	hc.t = hc.t.Add(-20 * time.Second)
	if err := d.host.playText("c1"); err != nil {
		t.Fatal(err)
	}
	data := d.hostOut.take()[0]
	if _, err := d.guest.Receive(data); !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "passed here") {
		t.Fatalf("a lie about the think time: %v, want a refusal", err)
	}
	if d.guest.Game().Len() != 2 {
		t.Fatal("the lie was applied")
	}
}

// Flag fall: the side whose time ran out may not move, its app says it
// lost, and the other side can claim it; a claim before the time is up is
// refused by the side it is made against.
func TestFlagFallAndClaims(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 30*time.Second)
	if err := d.host.Claim(); err == nil {
		t.Fatal("the host claimed on its own turn")
	}
	// The guest claims early, as a hostile app would.
	if _, err := d.inject(`{"v":3,"type":"end","seq":%d,"ended":{"Winner":2,"Method":"time"}}`); !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "left here") {
		t.Fatalf("an early claim: %v, want a refusal", err)
	}
	if d.host.Game().Result().Over() {
		t.Fatal("the early claim ended the game")
	}
	d.hostOut.take()
	both(hc, gc, 33*time.Second)
	if err := d.host.playText("c1"); !errors.Is(err, clock.ErrFlag) {
		t.Fatalf("Play after the flag = %v, want ErrFlag", err)
	}
	if err := d.guest.Claim(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	want := game.Result{Winner: game.Two, Method: game.Timeout}
	if d.host.Game().Result() != want || d.guest.Game().Result() != want {
		t.Errorf("results %+v and %+v, want %+v", d.host.Game().Result(), d.guest.Game().Result(), want)
	}
}

// The host's own app ends the game when its time runs out.
func TestFlagOwnTime(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 61*time.Second)
	if d.host.Flag() {
		t.Fatal("flagged with a second left")
	}
	both(hc, gc, time.Second)
	if !d.host.Flag() {
		t.Fatal("no flag at zero")
	}
	d.flush()
	if r := d.guest.Game().Result(); r != (game.Result{Winner: game.Two, Method: game.Timeout}) {
		t.Errorf("the guest sees %+v", r)
	}
}

// While the connection is down the running clock stops for at most the
// grace period; after the grace the opponent may claim the win, which
// the absent side accepts on its return; a claim before the grace is
// refused.
func TestAbsenceAndClaim(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 5*time.Second)
	d.host.Disconnected()
	d.guest.Disconnected()
	both(hc, gc, 10*time.Second)
	if away, _, claimable := d.guest.Away(); !away || claimable {
		t.Fatalf("after 10 s: away %v, claimable %v; want away, not yet claimable", away, claimable)
	}
	if err := d.guest.Claim(); err == nil {
		t.Fatal("claimed before the grace period")
	}
	if got := d.guest.Clocks().Left[0]; got != 57*time.Second {
		t.Errorf("the host's clock shows %v while away, want it stopped at 57s", got)
	}
	d.connect()
	if got := d.host.Clocks().Left[0]; got != 57*time.Second {
		t.Errorf("after the return the host's clock shows %v, want 57s", got)
	}
	d.host.Disconnected()
	d.guest.Disconnected()
	both(hc, gc, 31*time.Second)
	if _, _, claimable := d.guest.Away(); !claimable {
		t.Fatal("not claimable after the grace")
	}
	if err := d.guest.Claim(); err != nil {
		t.Fatal(err)
	}
	want := game.Result{Winner: game.Two, Method: game.Abandonment}
	d.guestOut.take() // sent while the host was gone: lost
	d.connect()       // the host comes back; the guest's sync carries the claim
	if r := d.host.Game().Result(); r != want {
		t.Errorf("the returning host sees %+v, want %+v", r, want)
	}
}

// A claim of abandonment by a peer that was never left is refused.
func TestEarlyAbandonmentClaimIsRefused(t *testing.T) {
	d, _, _ := timedDuo(t)
	if _, err := d.inject(`{"v":3,"type":"end","seq":%d,"ended":{"Winner":2,"Method":"abandonment"}}`); !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "abandonment") {
		t.Fatalf("an abandonment claim with nobody gone: %v", err)
	}
}

// A game may be aborted until both sides have acted, and counts for
// nobody; after that the abort is refused.
func TestAbort(t *testing.T) {
	d, _, _ := timedDuo(t)
	if err := d.host.playText("a1"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.guest.Abort(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if r := d.host.Game().Result(); r != (game.Result{Method: game.Aborted}) || d.host.Winner() != game.NoSeat {
		t.Errorf("the host sees %+v", r)
	}
	e, _, _ := timedDuo(t)
	e.host.playText("a1")
	e.flush()
	e.guest.playText("b1")
	e.flush()
	if err := e.host.Abort(); err == nil {
		t.Error("aborted after both sides moved")
	}
	// A hostile abort frame is refused.
	if _, err := e.host.Receive(mustEncode(t, Frame{Type: TypeEnd, Seq: 999, Ended: &game.Result{Method: game.Aborted}})); !errors.Is(err, ErrRejected) {
		t.Errorf("a late abort frame: %v", err)
	}
}

func mustEncode(t *testing.T, f Frame) []byte {
	t.Helper()
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A page closed and opened again counts as an absence from when it was
// last seen: its clock stops meanwhile (up to the grace), and a claim made
// while it was gone stands when it comes back.
func TestClosedPageIsAway(t *testing.T) {
	d, hc, gc := timedGame(t)
	both(hc, gc, 5*time.Second)
	saved, _ := d.host.Saved() // the host's page closes now
	d.guest.Disconnected()
	both(hc, gc, 40*time.Second)
	if err := d.guest.Claim(); err != nil {
		t.Fatal(err)
	}
	d.guestOut.take()
	back, err := Resume(saved, d.hostOut, MatchConfig{FramesPerSecond: 1e6, Burst: 1e6, Now: hc.now, Grace: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// 62 s, 5 s before the page closed, then 40 s away of which the
	// clock stops for the 30 s of the grace.
	if got := back.Clocks().Left[0]; got != 47*time.Second {
		t.Errorf("the reopened page's clock shows %v, want 47s", got)
	}
	d.host = back
	d.connect()
	if r := back.Game().Result(); r != (game.Result{Winner: game.Two, Method: game.Abandonment}) {
		t.Errorf("after the return: %+v", r)
	}
}
