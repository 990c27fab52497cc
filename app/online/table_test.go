package online

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gygy/app/match"
	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// loop is the owner's goroutine of both tables in a test: every change
// the links bring waits in its queue until the test pumps it.
type loop struct {
	mu    sync.Mutex
	queue []func()
	wake  chan struct{}
}

func newLoop() *loop { return &loop{wake: make(chan struct{}, 1)} }

func (l *loop) run(f func()) {
	l.mu.Lock()
	l.queue = append(l.queue, f)
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// pump runs what is queued until cond holds, or fails after a while.
func (l *loop) pump(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for !cond() {
		l.mu.Lock()
		q := l.queue
		l.queue = nil
		l.mu.Unlock()
		if len(q) == 0 {
			select {
			case <-l.wake:
			case <-deadline:
				t.Fatalf("waiting for %s: timed out", what)
			}
			continue
		}
		for _, f := range q {
			f()
		}
	}
	l.drain()
}

// drain runs what is queued, and what that queues, until nothing is left.
func (l *loop) drain() {
	for {
		l.mu.Lock()
		q := l.queue
		l.queue = nil
		l.mu.Unlock()
		if len(q) == 0 {
			return
		}
		for _, f := range q {
			f()
		}
	}
}

// pipeLink joins two tables in memory, as two pages joined by a data
// channel: what one sends the other receives, through the loop.
type pipeLink struct {
	l     *loop
	room  string
	token string
	other *pipeLink
	h     match.Handlers
	down  bool         // frames sent now are lost, as in a dropped connection
	lose  atomic.Int32 // so many of the next frames are lost
	// silent loses every frame while the channel looks open, until a
	// Revive attempt of at least heal brings it back (1: as an ICE
	// restart does, the channel kept; more: as a new negotiation).
	silent  atomic.Bool
	heal    int
	revived []int
	// offers: this side made the offer (the guest's: the hub has seat 1
	// offer). As with p2p.Peer, only its attempt 1 restarts ICE; the
	// other side's attempt 1 waits for it.
	offers bool
	// renegotiates: a Revive past attempt 1 negotiates a new channel
	// even when this one is not silent, as p2p.Peer's does.
	renegotiates bool
}

// Revive is the link's answer to a silent channel (online.Reviver).
func (p *pipeLink) Revive(attempt int) {
	p.revived = append(p.revived, attempt)
	if (!p.silent.Load() && !(p.renegotiates && attempt > 1)) || attempt < p.heal || (attempt <= 1 && !p.offers) {
		return
	}
	p.silent.Store(false)
	p.other.silent.Store(false)
	if attempt > 1 { // a new connection: both sides see it drop and open
		for _, s := range []session.Conn{session.Reconnecting, session.Connected} {
			p.h.OnState(s)
			p.other.h.OnState(s)
		}
	}
}

// Start enters the room; once both sides are in, the channel opens for
// both, as a data channel does.
func (p *pipeLink) Start(ctx context.Context, h match.Handlers) error {
	p.l.run(func() {
		p.h = h
		if p.other.h.OnState != nil {
			p.other.h.OnState(session.Connected)
			h.OnState(session.Connected)
		}
	})
	return nil
}

func (p *pipeLink) Room() (string, string, int) { return p.room, p.token, 0 }
func (p *pipeLink) Err() error                  { return nil }
func (p *pipeLink) Close() error                { return nil }

func (p *pipeLink) Send(frame []byte) error {
	if p.down {
		return errors.New("down")
	}
	if p.silent.Load() {
		return nil // into a channel that died unseen
	}
	if p.lose.Add(-1) >= 0 {
		return nil // sent, and lost on the way
	}
	p.lose.Store(0)
	f := append([]byte(nil), frame...)
	o := p.other
	p.l.run(func() { o.h.OnFrame(f) })
	return nil
}

// pair is a host and a guest in one room.
type pair struct {
	l            *loop
	host, guest  *Table
	hl, gl       *pipeLink
	hStore       *session.MemoryStorage
	hSeen, gSeen []session.Change
}

func newPair(t *testing.T, spec string, hostSeat game.Seat) *pair {
	t.Helper()
	return newPairWith(t, spec, hostSeat, 0)
}

// newPairWith is newPair with both tables pinging every pingEvery (0:
// the default). Pings faster than the default come with a flood limit
// raised as much: the match's default (20 frames a second, 60 at once)
// is made for pings 5 s apart, and pings every 10 ms (a ping and a pong
// each way, 200 frames a second) would empty it within a third of a
// second, after which most frames, a move among them, are dropped.
func newPairWith(t *testing.T, spec string, hostSeat game.Seat, pingEvery time.Duration) *pair {
	t.Helper()
	cfg := Config{PingEvery: pingEvery}
	if pingEvery > 0 && pingEvery < defaultPingEvery {
		faster := float64(defaultPingEvery) / float64(pingEvery)
		cfg.Match.FramesPerSecond, cfg.Match.Burst = 20*faster, int(60*faster)
	}
	return newPairConfig(t, spec, hostSeat, cfg)
}

// newPairConfig is newPair with both tables configured as cfg (its Run
// and Store set here).
func newPairConfig(t *testing.T, spec string, hostSeat game.Seat, cfg Config) *pair {
	t.Helper()
	s, err := game.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	l := newLoop()
	p := &pair{l: l, hStore: &session.MemoryStorage{}}
	p.hl = &pipeLink{l: l, room: "room1", token: "host-token"}
	p.gl = &pipeLink{l: l, room: "room1", token: "guest-token", other: p.hl, offers: true}
	p.hl.other = p.gl
	hcfg, gcfg := cfg, cfg
	hcfg.Store, hcfg.Run, gcfg.Run = p.hStore, l.run, l.run
	p.host, err = New(p.hl, Saved{Role: match.Host, Hello: match.Hello{Spec: s, Host: hostSeat}}, hcfg)
	if err != nil {
		t.Fatal(err)
	}
	p.guest, err = New(p.gl, Saved{Role: match.Guest, Room: "room1"}, gcfg)
	if err != nil {
		t.Fatal(err)
	}
	p.host.Subscribe(func(c session.Change) { p.hSeen = append(p.hSeen, c) })
	p.guest.Subscribe(func(c session.Change) { p.gSeen = append(p.gSeen, c) })
	p.host.Start()
	p.guest.Start()
	l.pump(t, "the offer", func() bool { _, ok := p.guest.Offer(); return ok })
	if err := p.guest.Accept(); err != nil {
		t.Fatal(err)
	}
	l.pump(t, "the start", func() bool {
		return p.host.Started() && p.guest.Started() && p.host.Room() != "" && p.guest.Room() != ""
	})
	return p
}

// table returns the table of seat s.
func (p *pair) table(s game.Seat) *Table {
	if h, _ := p.host.Offer(); h.Host == s {
		return p.host
	}
	return p.guest
}

// read reads an action of g in notation: the tests read like the
// rulebook.
func read(t *testing.T, g game.Game, text string) game.Action {
	t.Helper()
	a, err := g.ReadAction(text)
	if err != nil {
		t.Fatalf("ReadAction(%q): %v", text, err)
	}
	return a
}

// play has the seat to act play each action, and waits until both sides
// have it.
func (p *pair) play(t *testing.T, actions ...string) {
	t.Helper()
	for _, a := range actions {
		g := p.host.View().Game
		mover := p.table(g.Turn())
		if !mover.View().CanAct() {
			t.Fatalf("%s: the table of %v may not act", a, g.Turn())
		}
		if err := mover.Play(read(t, g, a)); err != nil {
			t.Fatalf("Play(%s): %v", a, err)
		}
		n := g.Len() + 1
		p.l.pump(t, "both records at "+a, func() bool {
			return p.host.View().Game.Len() == n && p.guest.View().Game.Len() == n
		})
	}
}

// told reports whether c is among the changes.
func told(cs []session.Change, c session.Change) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

func last(cs []session.Change) session.Change {
	if len(cs) == 0 {
		return session.Change{Event: -1}
	}
	return cs[len(cs)-1]
}

// A whole GYRE game through two online tables: each side sees the other's
// moves as they come, only the side to move may act, and both agree on
// the result.
func TestOnlineGame(t *testing.T) {
	p := newPair(t, "GYRE 3x6", game.One)
	hv := p.host.View()
	if hv.Seats[0].Kind != session.Human || hv.Seats[1].Kind != session.Remote || !hv.Leaves || !hv.Undo.ByConsent {
		t.Fatalf("host's view: seats %v, leaves %v, undo %+v", hv.Seats, hv.Leaves, hv.Undo)
	}
	if p.guest.View().CanAct() {
		t.Fatal("the guest may act on the host's turn")
	}
	if err := p.guest.Play(read(t, p.guest.View().Game, "a1")); err == nil {
		t.Fatal("the guest played out of turn")
	}
	p.play(t, "a1", "swap")
	if !told(p.hSeen, session.Change{Event: session.Played, Action: gyre.Swap, By: game.Two}) {
		t.Errorf("the host was told %+v, want the guest's swap among them", p.hSeen)
	}
	p.play(t, "a2", "b1", "b2", "c1")
	for _, tb := range []*Table{p.host, p.guest} {
		r := tb.View().Game.Result()
		if r != (game.Result{Winner: game.Two, Method: game.Bridge}) {
			t.Errorf("result %+v, want seat two by a bridge", r)
		}
	}
	if !p.host.View().Rematch {
		t.Error("no rematch offered at the end")
	}
	// The host's seat is saved for a reload, with the game.
	sv, ok := Load(p.hStore, "room1")
	if !ok || sv.Match == nil || !strings.HasSuffix(sv.Match.Record, "c1") || sv.Token != "host-token" {
		t.Errorf("saved %+v, %v", sv, ok)
	}
}

// Undo is asked and answered; a resignation is the game's result on both
// sides; a rematch swaps the seats.
func TestOnlineUndoResignRematch(t *testing.T) {
	p := newPair(t, "GYGES", game.Two) // the guest is South and sets up first
	p.play(t, "321123", "123321", "a1-a4")
	guest := p.guest
	if v := guest.View(); !v.Undo.Can {
		t.Fatalf("the guest cannot ask to undo its own move: %+v", v.Undo)
	}
	if err := guest.Undo(); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the question", func() bool { return p.host.View().Question == session.UndoAsked })
	if err := p.host.Answer(false); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the refusal", func() bool { return last(p.gSeen).Event == session.UndoRefused })
	guest.Undo()
	p.l.pump(t, "the question", func() bool { return p.host.View().Question == session.UndoAsked })
	p.host.Answer(true)
	p.l.pump(t, "the undo", func() bool { return guest.View().Game.Len() == 2 && p.host.View().Game.Len() == 2 })
	if last(p.gSeen).Event != session.Undone {
		t.Errorf("the guest was told %+v, want Undone", last(p.gSeen))
	}

	if err := p.host.Resign(); err != nil {
		t.Fatal(err)
	}
	want := game.Result{Winner: game.One, Method: game.Resignation}
	p.l.pump(t, "the resignation", func() bool { return guest.View().Game.Result() == want })
	if p.host.View().Game.Result() != want || last(p.gSeen).Event != session.Resigned {
		t.Errorf("host %+v, guest told %+v", p.host.View().Game.Result(), last(p.gSeen))
	}
	if err := guest.Rematch(); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the offer", func() bool { return p.host.View().Question == session.RematchOffered })
	p.host.Answer(true)
	p.l.pump(t, "the rematch", func() bool { return last(p.gSeen).Event == session.RematchStarted })
	if h, _ := p.host.Offer(); h.Host != game.One || p.host.View().Seats[0].Kind != session.Human {
		t.Errorf("after the rematch the host plays %v, seats %v", h.Host, p.host.View().Seats)
	}
}

// An illegal action from a hostile peer is refused and changes nothing;
// the side that sent nothing wrong is told.
func TestOnlineRefusal(t *testing.T) {
	p := newPair(t, "GYRE 3x6", game.One)
	p.play(t, "a1")
	before := p.host.View().Game.Record()
	p.hl.h.OnFrame([]byte(`{"v":3,"type":"move","seq":99,"action":"a1","ply":1}`))
	p.l.pump(t, "the refusal", func() bool { return last(p.hSeen).Event == session.Refused })
	if got := p.host.View().Game.Record(); got != before {
		t.Errorf("the refused move changed the record to %q", got)
	}
	if c := last(p.hSeen); !match.IsRefusal(c.Err) {
		t.Errorf("told %+v", c)
	}
}

// A move lost on a live channel, with both sides then waiting (the mover
// for the answer, the other for the move), comes back with the tables'
// pings instead of leaving both waiting for ever.
func TestOnlineLostMoveComesBack(t *testing.T) {
	p := newPairWith(t, "GYRE 3x6", game.One, 10*time.Millisecond)
	defer p.host.Hang()
	defer p.guest.Hang()
	p.play(t, "a1", "swap")
	mover := p.table(p.host.View().Game.Turn())
	link := p.hl
	if mover == p.guest {
		link = p.gl
	}
	link.lose.Store(1)
	if err := mover.Play(read(t, mover.View().Game, "a2")); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "the lost move on both sides", func() bool {
		return p.host.View().Game.Len() == 3 && p.guest.View().Game.Len() == 3
	})
}

// A move lost on a channel that stays open is late after LateAfter: the
// table says so (the screen: "has not reached your opponent yet") and
// asks at once what the other side lacks, so the move arrives without
// waiting for the next ping (pings here are an hour apart: without the
// late check the move would not arrive in this test), and is no longer
// late once acknowledged.
func TestOnlineLateMoveIsSentAgain(t *testing.T) {
	p := newPairWith(t, "GYRE 3x6", game.One, time.Hour)
	defer p.host.Hang()
	defer p.guest.Hang()
	p.play(t, "a1", "swap")
	mover := p.table(p.host.View().Game.Turn())
	link, seen := p.hl, &p.hSeen
	if mover == p.guest {
		link, seen = p.gl, &p.gSeen
	}
	mover.cfg.LateAfter = 20 * time.Millisecond
	link.lose.Store(1)
	told := len(*seen)
	if err := mover.Play(read(t, mover.View().Game, "a2")); err != nil {
		t.Fatal(err)
	}
	if mover.Late() {
		t.Error("late at once, before LateAfter")
	}
	p.l.pump(t, "the move said late", func() bool { return mover.Late() })
	if len(*seen) == told {
		t.Error("late, and the screen was not told")
	}
	p.l.pump(t, "the late move on both sides", func() bool {
		return p.host.View().Game.Len() == 3 && p.guest.View().Game.Len() == 3 && mover.Unacked() == 0
	})
	if mover.Late() {
		t.Error("still late once acknowledged")
	}
	// A move that arrives is never late.
	other := p.table(p.host.View().Game.Turn())
	other.cfg.LateAfter = 20 * time.Millisecond
	if err := other.Play(read(t, other.View().Game, "b1")); err != nil {
		t.Fatal(err)
	}
	p.l.pump(t, "b1 on both sides", func() bool { return p.host.View().Game.Len() == 4 && p.guest.View().Game.Len() == 4 })
	time.Sleep(60 * time.Millisecond)
	p.l.drain()
	if other.Late() {
		t.Error("a move acknowledged at once was said late")
	}
}

// The host's offer lost on a channel that looks open (the host sends it
// once, as the channel opens): the guest, connected without an offer for
// three ping intervals, has the link negotiate a new channel, on which
// the offer comes again. Without checkOffer the guest would look for the
// game for ever (checked: with it doing nothing this test times out).
func TestOnlineLostOfferIsAskedAgain(t *testing.T) {
	s, err := game.ParseSpec("GYRE 3x6")
	if err != nil {
		t.Fatal(err)
	}
	l := newLoop()
	hl := &pipeLink{l: l, room: "room1", token: "host-token"}
	gl := &pipeLink{l: l, room: "room1", token: "guest-token", other: hl, offers: true, renegotiates: true}
	hl.other = gl
	hl.lose.Store(1) // the host's first frame: its offer
	every := 10 * time.Millisecond
	host, err := New(hl, Saved{Role: match.Host, Hello: match.Hello{Spec: s, Host: game.One}}, Config{Run: l.run, PingEvery: every})
	if err != nil {
		t.Fatal(err)
	}
	guest, err := New(gl, Saved{Role: match.Guest, Room: "room1"}, Config{Run: l.run, PingEvery: every})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Hang()
	defer guest.Hang()
	host.Start()
	guest.Start()
	l.pump(t, "the offer, again", func() bool { _, ok := guest.Offer(); return ok })
	if len(gl.revived) == 0 || gl.revived[0] < 2 {
		t.Errorf("the guest's revive attempts %v: want a new negotiation (2 or more)", gl.revived)
	}
	if err := guest.Accept(); err != nil {
		t.Fatal(err)
	}
	l.pump(t, "the start", func() bool { return host.Started() && guest.Started() })
}

// fakeClock is the tables' clock in a test that says when time passes.
type fakeClock struct {
	base time.Time
	ns   atomic.Int64
}

func newFakeClock() *fakeClock { return &fakeClock{base: time.Now()} }

func (c *fakeClock) Now() time.Time          { return c.base.Add(time.Duration(c.ns.Load())) }
func (c *fakeClock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// tick is one ping interval on the fake clock (see interval).
func (p *pair) tick(c *fakeClock, every time.Duration, tables ...*Table) {
	c.advance(every)
	p.interval(every, tables...)
}

// interval is the end of a ping interval for each table, in the order
// given: it pings and looks at the channel as its pingLoop does (the
// tables' own pings are an hour apart and never come in such a test), and
// what that brings is handled before the next table's turn.
func (p *pair) interval(every time.Duration, tables ...*Table) {
	for _, t := range tables {
		t.match.Ping()
		t.checkAlive(every)
		p.l.drain()
	}
}

// A channel that dies while both sides believe it open (everything sent
// is lost, no error anywhere) is noticed after three ping intervals of
// silence, said on screen, and revived: by an ICE restart that keeps the
// channel, or else by a new negotiation. The move sent into the dead
// channel arrives either way. Without the silence check, both sides wait
// for ever (checked: with checkAlive doing nothing this test times out).
//
// The test says when each side's interval passes (a fake clock, the
// checks called in turn), so each case is one order of events. The
// silence is seen by the mover first, then by the other side, the one
// that restarts ICE (the guest: its link offers). When that side comes
// first and its ICE restart heals the channel, the mover hears from it
// again before its own interval ends and never says the connection was
// lost ("revived before the mover noticed"): that order, left to real
// timers, made this test wait for ever for the mover's silence.
func TestOnlineDeadChannelIsRevived(t *testing.T) {
	for _, c := range []struct {
		name        string
		heal        int
		otherFirst  bool // the other side sees the silence first
		moverNotice bool // the mover sees it (and says so on screen)
	}{
		{"ICE restart", 1, false, true},
		{"new negotiation", 2, false, true},
		{"revived before the mover noticed", 1, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			const every = time.Hour
			clk := newFakeClock()
			p := newPairConfig(t, "GYRE 3x6", game.One, Config{PingEvery: every, LateAfter: every, Match: match.MatchConfig{Now: clk.Now}})
			defer p.host.Hang()
			defer p.guest.Hang()
			p.play(t, "a1", "swap")
			p.hl.heal, p.gl.heal = c.heal, c.heal
			p.hl.silent.Store(true)
			p.gl.silent.Store(true)
			mover := p.table(p.host.View().Game.Turn())
			other := p.host
			if mover == p.host {
				other = p.guest
			}
			if mover.link.(*pipeLink).offers {
				t.Fatal("the test wants the mover on the side that does not restart ICE")
			}
			if err := mover.Play(read(t, mover.View().Game, "a2")); err != nil {
				t.Fatal(err)
			}
			if mover.Unacked() != 1 {
				t.Errorf("unacknowledged acts: %d, want the move", mover.Unacked())
			}
			order := []*Table{mover, other}
			if c.otherFirst {
				order = []*Table{other, mover}
			}
			for i := 0; i < deadAfter; i++ {
				p.tick(clk, every, order...)
				if mover.Silent() || other.Silent() {
					t.Fatalf("silent after %d intervals, before %d", i+1, deadAfter)
				}
			}
			sawSilence := false
			for i := 0; i < 3 && (p.hl.silent.Load() || p.gl.silent.Load()); i++ {
				clk.advance(every)
				for _, tb := range order {
					p.interval(every, tb)
					cn, _ := mover.Conn()
					sawSilence = sawSilence || (mover.Silent() && cn == session.Reconnecting && mover.View().Conn == session.Reconnecting)
				}
			}
			if p.hl.silent.Load() || p.gl.silent.Load() {
				t.Fatalf("still silent; revive attempts: host %v, guest %v", p.hl.revived, p.gl.revived)
			}
			if sawSilence != c.moverNotice {
				t.Errorf("the mover said the connection was lost: %v, want %v", sawSilence, c.moverNotice)
			}
			p.tick(clk, every, order...) // the pings after the revival
			if p.host.View().Game.Len() != 3 || p.guest.View().Game.Len() != 3 || mover.Unacked() != 0 {
				t.Fatalf("the move: %d and %d actions, %d unacknowledged; want it on both sides", p.host.View().Game.Len(), p.guest.View().Game.Len(), mover.Unacked())
			}
			if c.moverNotice && !mover.InStepAgain() {
				t.Error("not 'in step again' after the revival")
			}
			if cn, _ := mover.Conn(); cn != session.Connected || mover.Silent() {
				t.Errorf("after the revival the connection is %v (silent %v)", cn, mover.Silent())
			}
			if got := append(p.hl.revived, p.gl.revived...); !slices.Contains(got, c.heal) {
				t.Errorf("revive attempts %v: want %d among them", got, c.heal)
			}
			p.play(t, "b1")
			if mover.InStepAgain() {
				t.Error("still 'in step again' after the next move")
			}
		})
	}
}
