package match

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// The end-to-end acknowledgement (ack.go): each test loses what the
// protocol before it could not bring back.

// TestActsSurviveALostGreeting: after a reconnection whose hello and sync
// were lost, the host's frames are numbered below what the guest last
// saw. Without act numbers the guest took the host's next move, and every
// ping after it, for duplicates: both sides waited for ever.
func TestActsSurviveALostGreeting(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(1, 2)), 8, false)
	d.host.Disconnected()
	d.guest.Disconnected()
	d.host.Connected()
	d.guest.Connected()
	d.hostOut.take() // the host's greeting is lost on the new channel
	d.flush()
	m := d.side(d.host.Turn())
	if err := m.Play(m.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.host.Ping()
	d.guest.Ping()
	d.flush()
	d.sameRecords()
	if n := d.host.Unacked() + d.guest.Unacked(); n != 0 {
		t.Fatalf("%d acts still unacknowledged", n)
	}
}

// TestPingStateStartsASync: the records part with no frame missing (as a
// side that missed the last frame before a drop, and the sync after it,
// would see). The ping's record length and hash show it at once.
func TestPingStateStartsASync(t *testing.T) {
	d := newDuo(t, gygesHello)
	d.playRandom(rand.New(rand.NewPCG(3, 4)), 6, false)
	short, err := RulesFromRecord(gygesHello, d.guest.Record())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := short.Undo(); err != nil {
		t.Fatal(err)
	}
	d.guest.mu.Lock()
	d.guest.rules = short
	d.guest.mu.Unlock()
	d.guest.Ping()
	d.flush()
	d.sameRecords()
	if !hasEvent(d.guestEvents, EventSync) {
		t.Fatalf("guest events %v: want a sync", kinds(d.guestEvents))
	}
}

// TestUndoRequestSurvivesAReload: a question sent into a dead channel is
// saved with the game and asked again after the reload; before, a
// reconnection dropped every question.
func TestUndoRequestSurvivesAReload(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(5, 6)), 3, false)
	if err := d.guest.RequestUndo(); err != nil {
		t.Fatal(err)
	}
	d.guestOut.take() // the channel was dead
	saved, ok := d.guest.Saved()
	if !ok {
		t.Fatal("Saved: not ok")
	}
	d.guestOut = &outbox{}
	var err error
	if d.guest, err = Resume(saved, d.guestOut, fast); err != nil {
		t.Fatal(err)
	}
	d.hostEvents = nil
	d.connect()
	if !hasEvent(d.hostEvents, EventUndoRequest) {
		t.Fatalf("host events %v: want the undo request", kinds(d.hostEvents))
	}
	before := len(mustParse(t, d.host.Record()).Actions())
	if err := d.host.AnswerUndo(true); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.sameRecords()
	if got := len(mustParse(t, d.host.Record()).Actions()); got != before-1 {
		t.Fatalf("after the undo: %d actions, want %d", got, before-1)
	}
}

// TestRematchAnswerSurvivesADrop: the guest accepts a rematch, and the
// answer dies with the channel. Before, the host's hello on the next
// channel took the guest back to the old game and the rematch was gone.
func TestRematchAnswerSurvivesADrop(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(7, 8)), 3, false)
	if err := d.host.Resign(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.host.RequestRematch(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.guest.AnswerRematch(true); err != nil {
		t.Fatal(err)
	}
	d.guestOut.take() // lost with the channel
	d.host.Disconnected()
	d.guest.Disconnected()
	d.connect()
	d.host.Ping()
	d.flush()
	d.sameRecords()
	if d.host.Me() == gyreHello.Host || d.host.Winner() != 0 {
		t.Fatalf("host seat %v, winner %v: want the rematch under way, sides swapped", d.host.Me(), d.host.Winner())
	}
	d.playRandom(rand.New(rand.NewPCG(9, 10)), 400, true)
}

// TestActsAreAppliedOnce: every act comes twice (a resend whose first
// copy did arrive), and a resignation comes after the sync that carried
// it: nothing is applied twice, nothing is refused.
func TestActsAreAppliedOnce(t *testing.T) {
	d := newDuo(t, gyreHello)
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 12 && d.host.Winner() == 0; i++ {
		m := d.side(d.host.Turn())
		legal := m.Legal()
		if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		out := d.hostOut
		if m == d.guest {
			out = d.guestOut
		}
		frames := out.take()
		out.frames = append(frames, frames...)
		d.flush()
		d.sameRecords()
	}
	if err := d.guest.Resign(); err != nil {
		t.Fatal(err)
	}
	resign := d.guestOut.take()
	d.guest.mu.Lock()
	d.guest.send(d.guest.syncFrame(false))
	d.guest.mu.Unlock()
	d.guestOut.frames = append(d.guestOut.frames, resign...)
	d.flush()
	d.sameRecords()
	if hasEvent(d.hostEvents, EventPeerError) || hasEvent(d.guestEvents, EventPeerError) {
		t.Fatalf("a refusal: host %v, guest %v", kinds(d.hostEvents), kinds(d.guestEvents))
	}
}

// TestDamagedSaveIsRefused: acts' bookkeeping that does not add up is a
// clear error, not a match that waits for ever.
func TestDamagedSaveIsRefused(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(13, 14)), 2, false)
	saved, _ := d.host.Saved()
	for _, bad := range []Saved{
		func(s Saved) Saved { s.Acked = s.Sent + 1; return s }(saved),
		func(s Saved) Saved { s.Pending = []Frame{{Type: TypePing, Act: s.Sent}}; return s }(saved),
		func(s Saved) Saved { s.Pending = []Frame{{Type: TypeMove, Act: s.Sent + 3}}; return s }(saved),
	} {
		if _, err := Resume(bad, &outbox{}, fast); err == nil {
			t.Errorf("Resume(%+v): no error", bad)
		}
	}
}

// A peer of the app before acknowledgements (protocol 2) is refused with
// a message that says what to do, and it is told so in an error frame.
func TestOldProtocolIsRefused(t *testing.T) {
	d := newDuo(t, gyreHello)
	_, err := d.guest.Receive([]byte(`{"v":2,"type":"hello","seq":1,"hello":{"game":"gyre","size":"5x10","host":1},"ply":0}`))
	if !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "version 2, this one 3: update the older app") {
		t.Fatalf("a version 2 hello: %v", err)
	}
	frames := d.guestOut.take()
	if len(frames) != 1 || !strings.Contains(string(frames[0]), `"code":"version"`) {
		t.Fatalf("the guest told the old peer %q, want a version error", frames)
	}
}

// The guest's page lost its save (or left the game) while a move of the
// host's was on its way: the fresh guest ignores the act until it has
// accepted, and the host sends it again on the guest's hello, so nothing
// stays unacknowledged and the next move is taken.
func TestActsToAGuestThatLostItsSave(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(15, 16)), 4, false)
	if err := d.host.Play(d.host.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	d.hostOut.take() // lost with the guest's page
	d.guestOut = &outbox{}
	d.guest = NewGuest(d.guestOut, fast)
	d.connect()
	if err := d.guest.Accept(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.sameRecords()
	if n := d.host.Unacked(); n != 0 {
		t.Fatalf("the host has %d acts unacknowledged", n)
	}
	d.playRandom(rand.New(rand.NewPCG(17, 18)), 4, false)
}

// TestEventSaysWhatWasAcked: the frame that acknowledges this side's act
// says so (Event.Acked), for the screen to stop saying "on its way"; the
// questions are the match's (Questions, Snapshot).
func TestEventSaysWhatWasAcked(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.hostEvents, d.guestEvents = nil, nil
	m, events := d.host, &d.hostEvents
	if d.host.Turn() != d.host.Me() {
		m, events = d.guest, &d.guestEvents
	}
	if err := m.Play(m.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if err := m.RequestUndo(); err != nil {
		t.Fatal(err)
	}
	if q := m.Questions(); !q.UndoAsked || q.UndoOffered {
		t.Errorf("Questions after RequestUndo = %+v, want UndoAsked", q)
	}
	if s := m.Snapshot(); s.Unacked != 2 || !s.Started || s.Stopped || s.Game.Len() != 1 {
		t.Errorf("Snapshot = %+v, want 2 acts unacknowledged, a game of one action", s)
	}
	d.flush()
	acked := 0
	for _, ev := range *events {
		acked += ev.Acked
	}
	if acked != 2 || m.Unacked() != 0 {
		t.Errorf("the events acknowledged %d acts, %d left; want 2, none left", acked, m.Unacked())
	}
}
