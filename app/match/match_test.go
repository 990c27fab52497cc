package match

import (
	"errors"
	"gygy/engine/game"
	"gygy/engine/gyre"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// outbox is a fake transport: it keeps the frames until the test
// delivers them, or drops them while down.
type outbox struct {
	mu     sync.Mutex
	frames [][]byte
	down   bool
}

var errDown = errors.New("transport down")

func (o *outbox) Send(b []byte) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.down {
		return errDown
	}
	o.frames = append(o.frames, append([]byte(nil), b...))
	return nil
}

func (o *outbox) take() [][]byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	f := o.frames
	o.frames = nil
	return f
}

func (o *outbox) setDown(down bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.down = down
	o.frames = nil
}

// duo is a host and a guest joined by two outboxes, delivered by hand.
type duo struct {
	t           testing.TB
	host, guest *Match
	hostOut     *outbox
	guestOut    *outbox
	hostEvents  []Event
	guestEvents []Event
}

func newDuo(t testing.TB, h Hello) *duo { return newDuoWith(t, h, fast, fast) }

// newDuoWith is newDuo with each side's configuration.
func newDuoWith(t testing.TB, h Hello, hostCfg, guestCfg MatchConfig) *duo {
	t.Helper()
	d := &duo{t: t, hostOut: &outbox{}, guestOut: &outbox{}}
	var err error
	if d.host, err = NewHost(h, d.hostOut, hostCfg); err != nil {
		t.Fatalf("NewHost(%+v): %v", h, err)
	}
	d.guest = NewGuest(d.guestOut, guestCfg)
	d.connect()
	if len(d.guestEvents) == 0 || d.guestEvents[0].Kind != EventHello {
		t.Fatalf("guest events %+v, want EventHello", d.guestEvents)
	}
	if err := d.guest.Accept(); err != nil {
		t.Fatalf("Accept: %v", err)
	}
	d.flush()
	if !d.host.Started() || !d.guest.Started() {
		t.Fatal("match not started after accept")
	}
	return d
}

// connect tells both sides the channel opened and delivers the greetings.
func (d *duo) connect() {
	d.host.Connected()
	d.guest.Connected()
	d.flush()
}

// flush delivers frames both ways until none are left; a refusal fails
// the test.
func (d *duo) flush() {
	d.t.Helper()
	for i := 0; i < 100; i++ {
		hf, gf := d.hostOut.take(), d.guestOut.take()
		if len(hf) == 0 && len(gf) == 0 {
			return
		}
		for _, f := range hf {
			ev, err := d.guest.Receive(f)
			if err != nil {
				d.t.Fatalf("guest.Receive(%s): %v", f, err)
			}
			d.guestEvents = append(d.guestEvents, ev)
		}
		for _, f := range gf {
			ev, err := d.host.Receive(f)
			if err != nil {
				d.t.Fatalf("host.Receive(%s): %v", f, err)
			}
			d.hostEvents = append(d.hostEvents, ev)
		}
	}
	d.t.Fatal("frames still flowing after 100 rounds")
}

// side returns the match whose turn it is.
func (d *duo) side(s game.Seat) *Match {
	if d.host.Me() == s {
		return d.host
	}
	return d.guest
}

func (d *duo) sameRecords() {
	d.t.Helper()
	if h, g := d.host.Record(), d.guest.Record(); h != g {
		d.t.Fatalf("records differ:\nhost:  %q\nguest: %q", h, g)
	}
	for _, m := range []*Match{d.host, d.guest} {
		m.mu.Lock()
		if m.rules != nil {
			if got, want := m.stateHash(), Hash(m.rules.Record(), m.timing.clk.String()); got != want {
				d.t.Errorf("the %v's state hash kept as it went = %s, want Hash(record, clocks) = %s", m.role, got, want)
			}
		}
		m.mu.Unlock()
	}
}

// playRandom plays random legal actions until a winner or cap actions;
// swap takes GYRE's swap whenever it is offered (after the first stone, or
// after an opening's K + 1).
func (d *duo) playRandom(rng *rand.Rand, cap int, swap bool) {
	d.t.Helper()
	for i := 0; i < cap && d.host.Winner() == game.NoSeat; i++ {
		turn := d.host.Turn()
		m := d.side(turn)
		legal := m.Legal()
		a := legal[rng.IntN(len(legal))]
		if swap && slices.Contains(legal, game.Action(gyre.Swap)) {
			a = gyre.Swap
		}
		if err := m.Play(a); err != nil {
			d.t.Fatalf("Play(%s) by seat %v: %v", a, turn, err)
		}
		d.flush()
		d.sameRecords()
	}
}

// fast lets tests play instant games without tripping the flood limit.
var fast = MatchConfig{FramesPerSecond: 1e6, Burst: 1e6}

var (
	gyreHello  = Hello{Spec: mustSpec("GYRE 5x10"), App: "test", Host: game.One}
	gygesHello = Hello{Spec: mustSpec("GYGES"), App: "test", Host: game.Two}
)

func TestMatchPlaysWholeGames(t *testing.T) {
	for _, tt := range []struct {
		name  string
		hello Hello
		swap  bool
	}{
		{"gyre with swap", gyreHello, true},
		{"gyre 3x6", Hello{Spec: mustSpec("GYRE 3x6"), Host: game.Two}, false},
		{"gyre noswap", Hello{Spec: mustSpec("GYRE 5x10 noswap"), Host: game.One}, false},
		{"gyre opening 3, swapped", Hello{Spec: mustSpec("GYRE 5x10 opening3"), Host: game.Two}, true},
		{"gyre opening 12", Hello{Spec: mustSpec("GYRE 7x14 opening12"), Host: game.One}, false},
		{"gyges", gygesHello, false},
		{"gyges nodisplace", Hello{Spec: mustSpec("GYGES nodisplace"), Host: game.One}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := newDuo(t, tt.hello)
			d.playRandom(rand.New(rand.NewPCG(1, 2)), 400, tt.swap)
			if tt.hello.Spec.Kind == game.GYRE && d.host.Winner() == game.NoSeat {
				t.Fatalf("GYRE game without a winner: %s", d.host.Record())
			}
			if tt.swap {
				// The swap comes right after the opening's K + 1 stones.
				f := strings.Fields(d.host.Record())
				at := slices.Index(f, "swap")
				want := len(strings.Fields(tt.hello.Spec.String())) + tt.hello.Spec.Gyre.OpeningStones()
				if at != want {
					t.Errorf("record %q: swap at field %d, want %d", d.host.Record(), at, want)
				}
			}
			if d.host.Winner() != d.guest.Winner() {
				t.Errorf("winners differ: host says %v, guest %v", d.host.Winner(), d.guest.Winner())
			}
		})
	}
}

// A resignation whose frame is lost in a drop is known again after the
// reconnect; a peer's claim that we resigned is not believed.
func TestResignationLostInDropComesBack(t *testing.T) {
	// The host's resignation is lost with the channel.
	d2 := newDuo(t, Hello{Spec: mustSpec("GYRE 3x6"), Host: game.One})
	d2.hostOut.setDown(true)
	if err := d2.host.Resign(); err != nil {
		t.Fatal(err)
	}
	if d2.guest.Winner() != game.NoSeat {
		t.Fatalf("the guest knows of a resignation whose frame was lost")
	}
	d2.hostOut.setDown(false)
	d2.guestEvents = nil
	d2.connect()
	if d2.guest.Winner() != game.Two {
		t.Fatalf("after the reconnect the guest's Winner = %v, want two (the host resigned)", d2.guest.Winner())
	}
	found := false
	for _, ev := range d2.guestEvents {
		found = found || ev.Kind == EventResign
	}
	if !found {
		t.Errorf("the guest got no EventResign after the reconnect: %+v", d2.guestEvents)
	}

	// The host's greeting after a reconnect, with its sync frame's
	// resignation rewritten: a claim that the guest resigned is not
	// believed; the host's own resignation is.
	for _, tt := range []struct {
		resigned, winner game.Seat
	}{{game.Two, game.NoSeat}, {game.One, game.Two}} {
		d3 := newDuo(t, Hello{Spec: mustSpec("GYRE 3x6"), Host: game.One})
		d3.host.Connected()
		for _, data := range d3.hostOut.take() {
			if f, err := Decode(data); err == nil && f.Type == TypeSync {
				f.Ended = &game.Result{Winner: tt.resigned.Other(), Method: game.Resignation}
				data, _ = Encode(f)
			}
			d3.guest.Receive(data)
		}
		if got := d3.guest.Winner(); got != tt.winner {
			t.Errorf("a sync saying seat %v resigned: the guest's Winner = %v, want %v", tt.resigned, got, tt.winner)
		}
	}
}

// mustSpec reads a game's header line, e.g. "GYRE 5x10".
func mustSpec(text string) game.Spec {
	s, err := game.ParseSpec(text)
	if err != nil {
		panic(err)
	}
	return s
}

// mustParse replays a record.
func mustParse(t testing.TB, record string) game.Game {
	t.Helper()
	g, err := game.Parse(record)
	if err != nil {
		t.Fatalf("record %q: %v", record, err)
	}
	return g
}

// A move lost while the channel was being replaced comes back: the host's
// greeting of the new channel went out before its move, the move's frame
// was lost, and the guest's greeting (without the move) reaches the host
// afterwards. The host, seeing the guest behind, answers with its record.
func TestMoveLostBetweenGreetingsComesBack(t *testing.T) {
	d := newDuo(t, gyreHello)
	d.connect()
	rng := rand.New(rand.NewPCG(21, 22))
	d.playRandom(rng, 3, false)
	for d.host.Turn() != d.host.Me() {
		d.playRandom(rng, 1, false)
	}
	// The channel is replaced: the host greets first, and its greeting
	// reaches the guest.
	d.host.Connected()
	for _, f := range d.hostOut.take() {
		if _, err := d.guest.Receive(f); err != nil {
			t.Fatalf("guest.Receive(%s): %v", f, err)
		}
	}
	// The host moves; that frame is lost.
	legal := d.host.Legal()
	if err := d.host.Play(legal[0]); err != nil {
		t.Fatal(err)
	}
	d.hostOut.take()
	// The guest's greeting, without the move, reaches the host.
	d.guest.Connected()
	d.flush()
	d.sameRecords()
}

// A move whose frame was lost, with nothing sent after it, comes back with
// the next ping from either side: the host's ping, or its pong to the
// guest's, shows the gap in the host's numbering.
func TestLostMoveComesBackWithAPing(t *testing.T) {
	for _, pinger := range []string{"host", "guest"} {
		t.Run(pinger, func(t *testing.T) {
			d := newDuo(t, gyreHello)
			rng := rand.New(rand.NewPCG(23, 24))
			d.playRandom(rng, 3, false)
			for d.host.Turn() != d.host.Me() {
				d.playRandom(rng, 1, false)
			}
			if err := d.host.Play(d.host.Legal()[0]); err != nil {
				t.Fatal(err)
			}
			d.hostOut.take() // the move is lost
			if pinger == "host" {
				d.host.Ping()
			} else {
				d.guest.Ping()
			}
			d.flush()
			d.sameRecords()
		})
	}
}
