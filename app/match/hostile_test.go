package match

import (
	"errors"
	"fmt"
	"gygy/app/limit"
	"gygy/engine/game"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// inject sends a hand-made frame as if from the guest, numbered after the
// guest's own frames; %d in text takes the sequence number.
func (d *duo) inject(text string) (Event, error) {
	if strings.Contains(text, "%d") {
		d.guest.mu.Lock()
		d.guest.wire.sendSeq++
		text = fmt.Sprintf(text, d.guest.wire.sendSeq)
		d.guest.mu.Unlock()
	}
	return d.host.Receive([]byte(text))
}

func TestHostilePeerIsRefused(t *testing.T) {
	d := newDuo(t, gyreHello) // host is seat one and moves first
	before := d.host.Record()
	if _, err := d.inject(`{"v":3,"type":"move","seq":%d,"action":"a1","ply":0}`); !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "out of turn") {
		t.Fatalf("move out of turn: %v, want ErrRejected out of turn", err)
	}
	if err := d.host.playText("c3"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	before = d.host.Record()
	tests := []struct {
		name  string
		frame string
		want  error
		text  string
	}{
		{"occupied cell", `{"v":3,"type":"move","seq":%d,"action":"c3","ply":1}`, ErrRejected, "illegal"},
		{"no such cell", `{"v":3,"type":"move","seq":%d,"action":"z99","ply":1}`, ErrRejected, "z99"},
		{"swap as a move", `{"v":3,"type":"move","seq":%d,"action":"swap","ply":1}`, ErrRejected, "want swap"},
		{"setup in GYRE", `{"v":3,"type":"setup","seq":%d,"action":"321123","ply":1}`, ErrRejected, "want move"},
		{"malformed JSON", `{"v":3,"type":"move","seq":`, ErrProtocol, "not a JSON object"},
		{"not an object", `[1,2,3]`, ErrProtocol, "not a JSON object"},
		{"oversized", `{"v":3,"type":"ping","seq":%d,"reason":"` + strings.Repeat("x", MaxFrame) + `"}`, ErrProtocol, "exceeds"},
		{"wrong version", `{"v":1,"type":"move","seq":%d,"action":"d4","ply":1}`, ErrVersion, "version 1"},
		{"no version", `{"type":"move","seq":%d,"action":"d4","ply":1}`, ErrVersion, "version 0"},
		{"unknown type", `{"v":3,"type":"teleport","seq":%d}`, ErrProtocol, "unknown frame type"},
		{"unknown field", `{"v":3,"type":"move","seq":%d,"action":"d4","ply":1,"cheat":true}`, ErrProtocol, "unknown field"},
		{"no seq", `{"v":3,"type":"move","action":"d4","ply":1}`, ErrProtocol, "without seq"},
		{"no action", `{"v":3,"type":"move","seq":%d,"ply":1}`, ErrProtocol, "action"},
		{"negative ply", `{"v":3,"type":"move","seq":%d,"action":"d4","ply":-1}`, ErrProtocol, "ply -1"},
		{"trailing data", `{"v":3,"type":"ping","seq":%d}{"v":1}`, ErrProtocol, "after top-level value"},
		{"undo answer to nothing", `{"v":3,"type":"undo_answer","seq":%d,"ply":1,"accept":true}`, ErrRejected, "no request"},
		{"undo of another record", `{"v":3,"type":"undo_request","seq":%d,"ply":7}`, ErrRejected, "undo request"},
		{"rematch mid-game", `{"v":3,"type":"rematch_request","seq":%d}`, ErrRejected, "goes on"},
		{"rematch answer to nothing", `{"v":3,"type":"rematch_answer","seq":%d,"accept":true}`, ErrRejected, "no offer"},
		{"sync with a wrong hash", `{"v":3,"type":"sync","seq":%d,"record":"GYRE 5x10\nc3 a1","hash":"00"}`, ErrRejected, "hash"},
		{"hello for another game", `{"v":3,"type":"hello","seq":%d,"hello":{"game":"gyges","host":1}}`, ErrRejected, "not the one offered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d.hostOut.take()
			_, err := d.inject(tt.frame)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("Receive = %v, want %v mentioning %q", err, tt.want, tt.text)
			}
			if got := d.host.Record(); got != before {
				t.Fatalf("record changed to %q", got)
			}
			sent := d.hostOut.take()
			if len(sent) != 1 || !strings.Contains(string(sent[0]), `"type":"error"`) {
				t.Fatalf("host sent %q, want one error frame", sent)
			}
			f, err := Decode(sent[0])
			if err != nil || f.Reason == "" || f.Code == "" {
				t.Fatalf("error frame %+v (%v): want a code and a reason", f, err)
			}
		})
	}
	// The guest's error frames reach it as events, and the game goes on.
	// (A hello reset the numbering: the guest's next frame follows it.)
	d.host.wire.recvSeq = d.guest.wire.sendSeq
	d.playRandom(rand.New(rand.NewPCG(3, 4)), 400, false)
	if d.host.Winner() == game.NoSeat {
		t.Fatalf("game did not finish: %s", d.host.Record())
	}
}

func TestPeerErrorIsAnEvent(t *testing.T) {
	d := newDuo(t, gyreHello)
	ev, err := d.inject(`{"v":3,"type":"error","seq":%d,"code":"rejected","reason":"nope"}`)
	if err != nil || ev.Kind != EventPeerError || ev.Peer == nil || !strings.Contains(ev.Peer.Reason, "nope") {
		t.Fatalf("error frame gave %+v, %v; want EventPeerError", ev, err)
	}
	if sent := d.hostOut.take(); len(sent) != 0 {
		t.Fatalf("answered an error frame with %q", sent)
	}
}

func TestFloodIsDropped(t *testing.T) {
	d := newDuo(t, gyreHello)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	d.host.cfg = MatchConfig{FramesPerSecond: 20, Burst: 30, Now: clock.now, Grace: time.Minute}
	d.host.wire.bucket = limit.NewBucket(20, 30)
	d.hostOut.take()
	floods := 0
	for i := 0; i < 200; i++ {
		_, err := d.inject(`{"v":3,"type":"undo_request","seq":%d,"ply":0}`)
		if errors.Is(err, ErrFlood) {
			floods++
		}
	}
	// The clock stands still: the burst of 30 passes, the rest is dropped.
	if floods != 170 {
		t.Fatalf("%d of 200 frames refused as a flood, want 170", floods)
	}
	errs := 0
	for _, f := range d.hostOut.take() {
		if strings.Contains(string(f), `"code":"flood"`) {
			errs++
		}
	}
	if errs != 1 {
		t.Errorf("%d flood error frames sent within a second, want one", errs)
	}
	// The honest game goes on once the flood stops.
	clock.advance(200 * time.Millisecond)
	if err := d.host.playText("a1"); err != nil {
		t.Fatal(err)
	}
	d.host.wire.recvSeq = d.guest.wire.sendSeq
	d.flush()
	if err := d.guest.playText("b2"); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.sameRecords()
}

func TestDuplicatesIgnoredGapsResync(t *testing.T) {
	d := newDuo(t, gyreHello)
	if err := d.host.playText("a1"); err != nil {
		t.Fatal(err)
	}
	frames := d.hostOut.take()
	for i := 0; i < 2; i++ {
		ev, err := d.guest.Receive(frames[0])
		if err != nil {
			t.Fatal(err)
		}
		if want := []EventKind{EventAction, EventNone}[i]; ev.Kind != want {
			t.Fatalf("delivery %d: event %v, want %v", i+1, ev.Kind, want)
		}
	}
	d.sameRecords()
	// The guest's move is lost; then its ping shows the gap.
	if err := d.guest.playText("b2"); err != nil {
		t.Fatal(err)
	}
	d.guestOut.take()
	d.guest.Ping()
	d.flush()
	d.sameRecords()
	// The pong to the guest's ping also shows the guest that the host
	// lacks its act: the move itself comes again, or the sync brings it.
	if !hasEvent(d.hostEvents, EventResyncing) || !hasEvent(d.hostEvents, EventSync) && !hasEvent(d.hostEvents, EventAction) {
		t.Fatalf("host events %v: want a resync", kinds(d.hostEvents))
	}
	if !hasEvent(d.guestEvents, EventPong) {
		t.Errorf("guest events %v: want its pong", kinds(d.guestEvents))
	}
}

func TestHashMismatchResyncs(t *testing.T) {
	d := newDuo(t, gyreHello)
	if err := d.host.playText("a1"); err != nil {
		t.Fatal(err)
	}
	f, _ := Decode(d.hostOut.take()[0])
	f.Hash = Hash("something else", "")
	data, _ := Encode(f)
	ev, err := d.guest.Receive(data)
	if err != nil || ev.Kind != EventAction || !strings.Contains(ev.Reason, "hashes differ") {
		t.Fatalf("tampered hash: %+v, %v", ev, err)
	}
	d.flush()
	d.sameRecords()
}

func TestDivergedRecordsFollowTheHost(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(5, 6)), 4, false)
	other, err := RulesFromRecord(gyreHello, "GYRE 5x10\nd4 e5 a2")
	if err != nil {
		t.Fatal(err)
	}
	d.guest.rules = other
	d.connect()
	d.sameRecords()
	if strings.Contains(d.host.Record(), "d4 e5 a2") {
		t.Fatal("the host took the guest's record")
	}
}

func TestDivergedIllegalRecordStops(t *testing.T) {
	d := newDuo(t, gyreHello)
	_, err := d.inject(`{"v":3,"type":"sync","seq":%d,"record":"GYRE 5x10\na1 a1"}`)
	if !errors.Is(err, ErrDiverged) {
		t.Fatalf("illegal sync record: %v, want ErrDiverged", err)
	}
	if _, err := d.inject(`{"v":3,"type":"ping","seq":%d}`); !errors.Is(err, ErrDiverged) {
		t.Fatalf("after stopping: %v, want ErrDiverged", err)
	}
}

func TestReconnectAfterLostFrames(t *testing.T) {
	d := newDuo(t, gygesHello)
	d.playRandom(rand.New(rand.NewPCG(7, 8)), 6, false)
	// The channel drops; the side to move plays into the void.
	d.hostOut.setDown(true)
	d.guestOut.setDown(true)
	m := d.side(d.host.Turn())
	if err := m.Play(m.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	d.hostOut.setDown(false)
	d.guestOut.setDown(false)
	d.connect()
	d.sameRecords()
	d.playRandom(rand.New(rand.NewPCG(9, 10)), 400, false)
}

func TestReloadResumes(t *testing.T) {
	for _, who := range []string{"guest", "host"} {
		t.Run(who, func(t *testing.T) {
			d := newDuo(t, gygesHello)
			d.playRandom(rand.New(rand.NewPCG(11, 12)), 8, false)
			old := d.guest
			if who == "host" {
				old = d.host
			}
			saved, ok := old.Saved()
			if !ok {
				t.Fatal("Saved: not ok")
			}
			// The other side plays on while this one reloads, if it can.
			other := d.host
			if who == "host" {
				other = d.guest
			}
			out := &outbox{}
			fresh, err := Resume(saved, out, fast)
			if err != nil {
				t.Fatalf("Resume: %v", err)
			}
			if other.Turn() == other.Me() {
				d.hostOut.setDown(true)
				d.guestOut.setDown(true)
				if err := other.Play(other.Legal()[0]); err != nil {
					t.Fatal(err)
				}
				d.hostOut.setDown(false)
				d.guestOut.setDown(false)
			}
			if who == "host" {
				d.host, d.hostOut = fresh, out
			} else {
				d.guest, d.guestOut = fresh, out
			}
			d.connect()
			d.sameRecords()
			d.playRandom(rand.New(rand.NewPCG(13, 14)), 400, false)
		})
	}
}

func TestGuestWithoutStorageGetsTheRecord(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(15, 16)), 5, false)
	d.guestOut = &outbox{}
	d.guest = NewGuest(d.guestOut, fast)
	d.guestEvents = nil
	d.connect()
	if err := d.guest.Accept(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.sameRecords()
}

func TestUndoResignRematch(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.playRandom(rand.New(rand.NewPCG(17, 18)), 3, false)
	before := d.host.Record()
	if err := d.guest.RequestUndo(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.host.AnswerUndo(false); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if d.host.Record() != before || !hasEvent(d.guestEvents, EventUndoDeclined) {
		t.Fatalf("declined undo changed the record or was not reported: %v", kinds(d.guestEvents))
	}
	if err := d.guest.RequestUndo(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.host.AnswerUndo(true); err != nil {
		t.Fatal(err)
	}
	d.flush()
	d.sameRecords()
	if got := len(mustParse(t, d.host.Record()).Actions()); got != 2 {
		t.Fatalf("after undo the record has %d actions, want 2", got)
	}
	if err := d.guest.Resign(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if d.host.Winner() != game.One || d.guest.Winner() != game.One {
		t.Fatalf("after the guest resigned: winners %v and %v, want one", d.host.Winner(), d.guest.Winner())
	}
	if err := d.host.playText("e5"); !errors.Is(err, ErrState) {
		t.Fatalf("Play after resignation: %v, want ErrState", err)
	}
	if err := d.guest.RequestRematch(); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if err := d.host.AnswerRematch(true); err != nil {
		t.Fatal(err)
	}
	d.flush()
	if d.host.Me() != game.Two || d.guest.Me() != game.One || d.host.Record() != "GYRE 5x10" {
		t.Fatalf("after rematch: host %v, guest %v, record %q; want sides swapped and a new game", d.host.Me(), d.guest.Me(), d.host.Record())
	}
	d.playRandom(rand.New(rand.NewPCG(19, 20)), 400, true)
	if d.host.Winner() == game.NoSeat {
		t.Fatal("rematch did not finish")
	}
}

func hasEvent(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// fakeClock is a clock that moves only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }
