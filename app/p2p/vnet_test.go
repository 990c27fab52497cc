//go:build !js

package p2p

import (
	"math/rand/v2"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/transport/v5/vnet"
	"github.com/pion/webrtc/v4"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/p2p/rtc"
	"gygy/engine/game"
)

// onVnet puts a peer's ICE on a virtual network (pion's vnet): its own
// address on a router shared with the other peer; the hub stays on the
// loopback interface.
func onVnet(t *testing.T, n *vnet.Net) func(*Peer) {
	return func(p *Peer) {
		se := settings(false, time.Second, 3*time.Second)
		se.SetNet(n)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetInterfaceFilter(func(name string) bool { return name == "eth0" })
		p.api = rtc.NewAPI(*se)
	}
}

func newVnet(t *testing.T, ips ...string) (*vnet.Router, []*vnet.Net) {
	return newVnetDelayed(t, 0, ips...)
}

// newVnetDelayed is newVnet with every packet delayed by delay on the way.
func newVnetDelayed(t *testing.T, delay time.Duration, ips ...string) (*vnet.Router, []*vnet.Net) {
	t.Helper()
	r, err := vnet.NewRouter(&vnet.RouterConfig{CIDR: "10.0.0.0/24", MinDelay: delay, LoggerFactory: logging.NewDefaultLoggerFactory()})
	if err != nil {
		t.Fatal(err)
	}
	var nets []*vnet.Net
	for _, ip := range ips {
		n, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{ip}})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddNet(n); err != nil {
			t.Fatal(err)
		}
		nets = append(nets, n)
	}
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Stop() })
	return r, nets
}

// The host's device moves to a new address mid-game (a phone from one
// network to another): the old address is gone, the ICE restart the page
// makes on waking (or the table on a silent channel) finds the new path,
// the data channel is kept and the game goes on. The time from the move
// to the next action arriving is logged.
func TestAddressChangeICERestart(t *testing.T) {
	_, nets := newVnet(t, "10.0.0.2", "10.0.0.3")
	url := startHub(t)
	h := match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}
	host := newSide(t, "host", Config{SignalURL: url}, func(tr match.Transport) *match.Match {
		m, err := match.NewHost(h, tr, fast)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}, onVnet(t, nets[0]))
	room, _, _ := host.peer.Room()
	guest := newSide(t, "guest", Config{SignalURL: url, Room: room}, func(tr match.Transport) *match.Match {
		return match.NewGuest(tr, fast)
	}, onVnet(t, nets[1]))
	guest.waitEvent(t, match.EventHello)
	if err := guest.match.Accept(); err != nil {
		t.Fatal(err)
	}
	host.waitEvent(t, match.EventStart)
	rng := rand.New(rand.NewPCG(41, 41))
	play(t, rng, host, guest, 6, -1)

	moved := time.Now()
	if err := nets[0].AddAddress("eth0", &net.IPNet{IP: net.ParseIP("10.0.0.12"), Mask: net.CIDRMask(24, 32)}); err != nil {
		t.Fatal(err)
	}
	if err := nets[0].RemoveAddress("eth0", net.ParseIP("10.0.0.2")); err != nil {
		t.Fatal(err)
	}
	before := guest.peer.rn.restarts.Load()
	guest.peer.Revive(1) // the offering side restarts ICE
	host.peer.Revive(1)
	waitFor(t, "the ICE restart", func() bool { return guest.peer.rn.restarts.Load() > before })
	lat := play(t, rng, host, guest, 1, -1)
	t.Logf("address change: the next action arrived %v after the move (its own trip %v); host state %v", time.Since(moved).Round(time.Millisecond), lat, host.peer.State())
	play(t, rng, host, guest, 1000, -1)
	if host.match.Winner() == game.NoSeat {
		t.Fatal("the game did not finish")
	}
}

// owner is the owner's goroutine of a table (the web app's Dispatch).
type owner chan func()

func newOwner(t *testing.T) owner {
	o := make(owner, 1024)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-o:
				f()
			case <-done:
				return
			}
		}
	}()
	t.Cleanup(func() { close(done) })
	return o
}

func (o owner) run(f func()) { o <- f }

// do runs f on the owner's goroutine and waits for it.
func (o owner) do(f func()) {
	ch := make(chan struct{})
	o <- func() { f(); close(ch) }
	<-ch
}

// tablePair is two online tables, each on its own owner's goroutine, over
// two peers whose ICE runs on a virtual network.
type tablePair struct {
	t           *testing.T
	ho, gu      owner
	host, guest *online.Table
	rng         *rand.Rand
}

func newTablePair(t *testing.T, nets []*vnet.Net, every time.Duration, spec string) *tablePair {
	t.Helper()
	url := startHub(t)
	p := &tablePair{t: t, ho: newOwner(t), gu: newOwner(t), rng: rand.New(rand.NewPCG(43, 43))}
	hostPeer := NewPeer(Config{SignalURL: url})
	onVnet(t, nets[0])(hostPeer)
	hello := match.Hello{Spec: mustSpec(spec), Host: game.One}
	var err error
	if p.host, err = online.New(hostPeer, online.Saved{Role: match.Host, Hello: hello}, online.Config{Run: p.ho.run, PingEvery: every, Match: fast}); err != nil {
		t.Fatal(err)
	}
	p.ho.do(p.host.Start)
	t.Cleanup(func() { p.ho.do(p.host.Hang) })
	var room string
	waitFor(t, "the room", func() bool { p.ho.do(func() { room = p.host.Room() }); return room != "" })
	guestPeer := NewPeer(Config{SignalURL: url, Room: room})
	onVnet(t, nets[1])(guestPeer)
	if p.guest, err = online.New(guestPeer, online.Saved{Role: match.Guest, Room: room}, online.Config{Run: p.gu.run, PingEvery: every, Match: fast}); err != nil {
		t.Fatal(err)
	}
	p.gu.do(p.guest.Start)
	t.Cleanup(func() { p.gu.do(p.guest.Hang) })
	waitFor(t, "the offer", func() bool { ok := false; p.gu.do(func() { _, ok = p.guest.Offer() }); return ok })
	p.gu.do(func() { err = p.guest.Accept() })
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the start", func() bool { s := false; p.ho.do(func() { s = p.host.Started() }); return s })
	return p
}

// record is a table's record, read on its goroutine.
func (p *tablePair) record(o owner, tb *online.Table) (r string) {
	o.do(func() {
		if g := tb.View().Game; g != nil {
			r = g.Record()
		}
	})
	return r
}

func (p *tablePair) length(o owner, tb *online.Table) (n int) {
	o.do(func() {
		if g := tb.View().Game; g != nil {
			n = g.Len()
		}
	})
	return n
}

// over reports whether the game has ended on the host's side.
func (p *tablePair) over() (o bool) {
	p.ho.do(func() { o = p.host.View().Game.Result().Over() })
	return o
}

// inStep reports whether both sides have the same record and nothing
// unacknowledged.
func (p *tablePair) inStep() bool {
	var hu, gu int
	p.ho.do(func() { hu = p.host.Unacked() })
	p.gu.do(func() { gu = p.guest.Unacked() })
	return hu == 0 && gu == 0 && p.record(p.ho, p.host) == p.record(p.gu, p.guest)
}

// play has the side to act play a random action; if wait, until both
// sides have it.
func (p *tablePair) play(wait bool) {
	t := p.t
	t.Helper()
	for _, s := range []struct {
		o  owner
		tb *online.Table
	}{{p.ho, p.host}, {p.gu, p.guest}} {
		var legal []game.Action
		s.o.do(func() {
			if v := s.tb.View(); v.Game != nil && v.CanAct() {
				legal = v.Game.Legal(nil)
			}
		})
		if len(legal) == 0 {
			continue
		}
		n := p.length(s.o, s.tb) + 1
		var err error
		s.o.do(func() { err = s.tb.Play(legal[p.rng.IntN(len(legal))]) })
		if err != nil {
			t.Fatal(err)
		}
		if wait {
			waitFor(t, "the move on both sides", func() bool { return p.length(p.ho, p.host) == n && p.length(p.gu, p.guest) == n })
		}
		return
	}
	t.Fatal("nobody may act")
}

// The same move of address, with nothing restarting ICE by hand: the
// host's old address is gone, so what the guest sends never arrives while
// the host's own frames still do, and ICE does not notice within 30 s on
// its own (seen on the virtual network). Two online tables over the two
// peers notice the silence after three ping intervals, say so, revive the
// link (an ICE restart, then a new negotiation), and the move sent into
// the dead path arrives. Recovery times are logged.
func TestAddressChangeSilentChannelIsRevived(t *testing.T) {
	_, nets := newVnet(t, "10.0.0.2", "10.0.0.3")
	const every = 200 * time.Millisecond
	p := newTablePair(t, nets, every, "GYRE 5x10")
	for range 4 {
		p.play(true)
	}
	moved := time.Now()
	if err := nets[0].AddAddress("eth0", &net.IPNet{IP: net.ParseIP("10.0.0.12"), Mask: net.CIDRMask(24, 32)}); err != nil {
		t.Fatal(err)
	}
	if err := nets[0].RemoveAddress("eth0", net.ParseIP("10.0.0.2")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a side sees the silence", func() bool {
		s := false
		p.ho.do(func() { s = p.host.Silent() })
		if !s {
			p.gu.do(func() { s = p.guest.Silent() })
		}
		return s
	})
	seen := time.Since(moved)
	for range 4 {
		p.play(true)
	}
	t.Logf("address change with no ICE restart by hand: silence seen after %v, back in step with 4 more moves after %v (ping every %v)", seen.Round(time.Millisecond), time.Since(moved).Round(time.Millisecond), every)
}

// faultsLong says whether to run the fault tests at the full
// length (GYGY_FAULTS=long): a 60-move lossy game, a 20 s outage.
func faultsLong() bool { return os.Getenv("GYGY_FAULTS") == "long" }

// A game over a bad link: 150 ms more on each round trip, 5% of the
// packets lost each way. It finishes with the same record on both sides
// (30 moves; 60 with GYGY_FAULTS=long).
func TestLossyLinkGame(t *testing.T) {
	r, nets := newVnetDelayed(t, 75*time.Millisecond, "10.0.0.2", "10.0.0.3")
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(5, 5))
	r.AddChunkFilter(func(vnet.Chunk) bool {
		mu.Lock()
		defer mu.Unlock()
		return rng.IntN(100) >= 5
	})
	p := newTablePair(t, nets, time.Second, "GYRE 7x14")
	moves := 30
	if faultsLong() {
		moves = 60
	}
	start := time.Now()
	n := 0
	for ; n < moves && !p.over(); n++ {
		p.play(true)
	}
	waitFor(t, "both sides in step", p.inStep)
	t.Logf("lossy link (+150 ms a round trip, 5%% loss): %d moves in %v, %v a move, the same record on both sides", n, time.Since(start).Round(time.Millisecond), (time.Since(start) / time.Duration(max(n, 1))).Round(time.Millisecond))
}

// One page's network goes away for a while with the page live (5 s; 20 s
// with GYGY_FAULTS=long), and a move is played into it: once the network
// is back, both sides are back in step by themselves. The time from the
// network's return to both sides in step is logged.
func TestOutageBackInStep(t *testing.T) {
	r, nets := newVnet(t, "10.0.0.2", "10.0.0.3")
	var cut atomic.Bool
	r.AddChunkFilter(func(vnet.Chunk) bool { return !cut.Load() })
	p := newTablePair(t, nets, time.Second, "GYRE 5x10")
	for range 4 {
		p.play(true)
	}
	outage := 5 * time.Second
	if faultsLong() {
		outage = 20 * time.Second
	}
	cut.Store(true)
	p.play(false) // into the outage
	time.Sleep(outage)
	var conn conn.State
	p.ho.do(func() { conn, _ = p.host.Conn() })
	cut.Store(false)
	back := time.Now()
	waitFor(t, "both sides in step", p.inStep)
	t.Logf("outage of %v (the host's screen said %v at its end): back in step %v after the network returned", outage, conn, time.Since(back).Round(time.Millisecond))
	for range 4 {
		p.play(true)
	}
}
