//go:build !js

package p2p

import (
	"math/rand/v2"
	"net"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/transport/v5/vnet"
	"github.com/pion/webrtc/v4"

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
	t.Helper()
	r, err := vnet.NewRouter(&vnet.RouterConfig{CIDR: "10.0.0.0/24", LoggerFactory: logging.NewDefaultLoggerFactory()})
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

// The same move of address, with nothing restarting ICE by hand: the
// host's old address is gone, so what the guest sends never arrives while
// the host's own frames still do, and ICE does not notice within 30 s on
// its own (seen on the virtual network). Two online tables over the two
// peers notice the silence after three ping intervals, say so, revive the
// link (an ICE restart, then a new negotiation), and the move sent into
// the dead path arrives. Recovery times are logged.
func TestAddressChangeSilentChannelIsRevived(t *testing.T) {
	_, nets := newVnet(t, "10.0.0.2", "10.0.0.3")
	url := startHub(t)
	const every = 200 * time.Millisecond
	ho, gu := newOwner(t), newOwner(t)
	hostPeer := NewPeer(Config{SignalURL: url})
	onVnet(t, nets[0])(hostPeer)
	hello := match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}
	host, err := online.New(hostPeer, online.Saved{Role: match.Host, Hello: hello}, online.Config{Run: ho.run, PingEvery: every, Match: fast})
	if err != nil {
		t.Fatal(err)
	}
	ho.do(host.Start)
	t.Cleanup(func() { ho.do(host.Hang) })
	waitFor(t, "the room", func() bool { var r string; ho.do(func() { r = host.Room() }); return r != "" })
	var room string
	ho.do(func() { room = host.Room() })
	guestPeer := NewPeer(Config{SignalURL: url, Room: room})
	onVnet(t, nets[1])(guestPeer)
	guest, err := online.New(guestPeer, online.Saved{Role: match.Guest, Room: room}, online.Config{Run: gu.run, PingEvery: every, Match: fast})
	if err != nil {
		t.Fatal(err)
	}
	gu.do(guest.Start)
	t.Cleanup(func() { gu.do(guest.Hang) })
	waitFor(t, "the offer", func() bool { ok := false; gu.do(func() { _, ok = guest.Offer() }); return ok })
	gu.do(func() { err = guest.Accept() })
	if err != nil {
		t.Fatal(err)
	}
	length := func(o owner, tb *online.Table) (n int) {
		o.do(func() {
			if g := tb.View().Game; g != nil {
				n = g.Len()
			}
		})
		return n
	}
	rng := rand.New(rand.NewPCG(43, 43))
	playOne := func() {
		t.Helper()
		for _, s := range []struct {
			o  owner
			tb *online.Table
		}{{ho, host}, {gu, guest}} {
			var legal []string
			var mine bool
			s.o.do(func() {
				v := s.tb.View()
				mine = v.Game != nil && v.CanAct()
				if mine {
					legal = v.Game.Legal(nil)
				}
			})
			if !mine {
				continue
			}
			n := length(s.o, s.tb) + 1
			s.o.do(func() { err = s.tb.Play(legal[rng.IntN(len(legal))]) })
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the move on both sides", func() bool { return length(ho, host) == n && length(gu, guest) == n })
			return
		}
		t.Fatal("nobody may act")
	}
	waitFor(t, "the start", func() bool { s := false; ho.do(func() { s = host.Started() }); return s })
	for range 4 {
		playOne()
	}

	moved := time.Now()
	if err := nets[0].AddAddress("eth0", &net.IPNet{IP: net.ParseIP("10.0.0.12"), Mask: net.CIDRMask(24, 32)}); err != nil {
		t.Fatal(err)
	}
	if err := nets[0].RemoveAddress("eth0", net.ParseIP("10.0.0.2")); err != nil {
		t.Fatal(err)
	}
	var seen time.Duration
	waitFor(t, "a side sees the silence", func() bool {
		s := false
		ho.do(func() { s = host.Silent() })
		if !s {
			gu.do(func() { s = guest.Silent() })
		}
		return s
	})
	seen = time.Since(moved)
	for range 4 {
		playOne()
	}
	t.Logf("address change with no ICE restart by hand: silence seen after %v, back in step with 4 more moves after %v (ping every %v)", seen.Round(time.Millisecond), time.Since(moved).Round(time.Millisecond), every)
}
