package p2p

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// Config says where a Peer meets the other.
type Config struct {
	// SignalURL is the hub's WebSocket URL, e.g. "wss://example.org/signal".
	SignalURL string
	// Room is the room to join; empty to create one. Token reclaims this
	// side's seat after a reload (from an earlier Room call).
	Room, Token string
	// Device names this device to the hub (see signal.Client.Device): a
	// join without the token, after a Leave or a lost save, takes back
	// the seat this device held. Empty: in the browser, a name kept in
	// localStorage (device_js.go); natively, none.
	Device string
	// ICEServers are used besides those the hub hands out.
	ICEServers []signal.ICEServer
	// Logf, if set, receives a line for each failed negotiation and for
	// frames dropped by a flood.
	Logf func(format string, args ...any)
	// RelayOnly sends everything through a TURN relay, never directly:
	// for tests of the relay, and for players who would rather not show
	// their address to the other side.
	RelayOnly bool
	// Loopback keeps a native peer on the loopback interface, UDP4, no
	// mDNS: for tests. The browser ignores it.
	Loopback bool
	// NegotiateWithin is how long a negotiation may take to open the data
	// channel before the peer asks the hub for another (a lost answer, ICE
	// checks that never end); each further try in a row waits twice as
	// long, up to a minute. Zero: 15 s.
	NegotiateWithin time.Duration
}

// defaultNegotiateWithin: a connection that works opens in well under a
// second on one network and in a few seconds through a relay.
const defaultNegotiateWithin = 15 * time.Second

// Peer is one side of a WebRTC connection made through the hub: one
// reliable, ordered data channel, trickle ICE, and a fresh negotiation in
// the same room whenever the channel drops or the other side comes back.
// The same code runs natively and in the browser. It implements
// match.Transport and the online table's Link.
//
// Its states (conn.State): signalling while it reaches the hub, waiting
// in the room for the other side, negotiating, connected, reconnecting
// once the channel dropped until a fresh negotiation opens it again,
// closed.
type Peer struct {
	channel // its mutex guards what other goroutines read
	cfg     Config
	api     *rtc.API

	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{} // the loop has ended

	sig     *signal.Client
	room    string
	token   string
	seat    int
	iceConf []rtc.ICEServer

	// Owned by the loop.
	pc        *rtc.PeerConnection
	epoch     int
	remoteSet bool
	pending   []rtc.Candidate
	// connectedOnce: later negotiations are reconnections.
	connectedOnce bool
	rn            renewal       // of the TURN credentials (renew.go)
	stall         stallWatch    // the negotiation under way (stall.go)
	revives       atomic.Int64  // Revive calls handled, for tests
	redial        chan struct{} // Wake: redial the hub now (wake.go)
	// lose, set by tests before Start, loses the signalling messages it
	// returns true for, as a broken network would.
	lose func(signal.Message) bool
}

// NewPeer prepares a peer; nothing happens on the network until Start.
func NewPeer(cfg Config) *Peer {
	if cfg.Device == "" {
		cfg.Device = defaultDevice()
	}
	return &Peer{channel: newChannel(conn.Signalling, cfg.Logf), cfg: cfg, api: newAPI(cfg), done: make(chan struct{}), redial: make(chan struct{}, 1)}
}

// Start reaches the hub, creates or joins the room, and from then on
// negotiates with the other peer whenever the hub says so; h hears the
// states and the frames (see match.Handlers). ctx bounds the start only;
// Close ends the peer.
func (p *Peer) Start(ctx context.Context, h match.Handlers) error {
	p.h, p.ready = h, true // before the loop, which owns them from then on
	p.ctx, p.cancel = context.WithCancel(context.Background())
	sig, m, err := p.enter(ctx, p.cfg.Room, p.cfg.Token)
	if err != nil {
		p.cancel()
		close(p.done)
		return err
	}
	p.mu.Lock()
	p.sig, p.room, p.token, p.seat = sig, m.Room, m.Token, m.Seat
	p.iceConf = toICEServers(append(sig.ICEServers(), p.cfg.ICEServers...))
	p.mu.Unlock()
	p.rn.start(sig.ICELife())
	go p.readSignal(sig)
	go p.loop(sig.KeepAliveEvery())
	return nil
}

// Room returns the room id (for the share link), this side's seat token
// (to save for a reload) and seat (0 creator, 1 guest).
func (p *Peer) Room() (room, token string, seat int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.room, p.token, p.seat
}

// Close leaves the room and closes the connection; the handlers hear
// conn.Closed before it returns, unless they heard it already.
func (p *Peer) Close() error {
	if p.cancel == nil {
		return nil
	}
	p.cancel()
	p.mu.Lock()
	sig := p.sig
	p.mu.Unlock()
	if sig != nil {
		sig.Close()
	}
	<-p.done
	p.setState(conn.Closed) // the loop has ended: nothing else calls the handlers
	return nil
}

// loop owns the peer connection, every call on it happens here, and it
// calls the handlers.
func (p *Peer) loop(keepAlive time.Duration) {
	defer close(p.done)
	defer p.teardown()
	defer p.rn.timer.stop()
	defer p.stall.timer.stop()
	defer p.watchWake()()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	p.setState(conn.Waiting)
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-tick.C:
			p.send(signal.Message{Type: signal.TypeKeepAlive})
		case <-p.rn.timer.due(): // fresh credentials are due
			p.renew()
		case <-p.stall.timer.due(): // the negotiation takes too long
			p.stalled()
		case <-p.events.Wake:
			for _, e := range p.events.Take() {
				p.took(e)
				if e.kind == evFatal {
					p.mu.Lock()
					p.err = e.err
					p.mu.Unlock()
					p.setState(conn.Closed)
					p.cancel()
					return
				}
				p.handle(e)
			}
		}
	}
}

func (p *Peer) handle(e event) {
	if e.kind != evSignal && e.kind != evBreak && e.kind != evWake && e.kind != evRevive && e.epoch != p.epoch {
		return // from a peer connection we have left behind
	}
	switch e.kind {
	case evSignal:
		p.handleSignal(e.msg)
	case evCandidate:
		payload, _ := json.Marshal(e.cand)
		p.send(signal.Message{Type: signal.TypeCandidate, Epoch: p.epoch, Payload: payload})
	case evPCState:
		if e.st == rtc.ConnFailed || e.st == rtc.ConnClosed {
			p.dropped()
		}
	case evOpen:
		p.stall.opened()
		p.connectedOnce = true
		p.mu.Lock()
		p.dc, p.open = e.dc, true
		p.mu.Unlock()
		p.setState(conn.Connected)
	case evClose:
		p.dropped()
	case evBreak:
		if p.pc != nil {
			p.pc.Close()
		}
	case evWake:
		p.woke()
	case evRevive:
		p.revive(e.n)
	case evFrame:
		p.hand(e)
	}
}

// dropped reacts to a dead channel: ask the hub for a fresh negotiation.
// Both sides may ask; the hub starts one per epoch.
func (p *Peer) dropped() {
	p.mu.Lock()
	was := p.open
	p.open = false
	p.mu.Unlock()
	if st := p.State(); was || st == conn.Negotiating || st == conn.Reconnecting {
		p.setState(conn.Reconnecting)
		p.send(signal.Message{Type: signal.TypeRestart, Epoch: p.epoch})
	}
}
