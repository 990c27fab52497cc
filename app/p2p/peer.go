package p2p

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gygy/app/p2p/internal/fifo"
	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// State is the connection state of a Peer.
type State int8

// The states, in the order a first connection goes through them.
const (
	StateSignalling   State = iota // reaching the hub
	StateWaiting                   // in the room, the other peer not there
	StateNegotiating               // offer, answer and candidates under way
	StateConnected                 // the data channel is open
	StateReconnecting              // the channel dropped; a fresh negotiation is awaited
	StateClosed                    // closed by Close, or the room is gone (see Err)
)

var stateNames = [...]string{"signalling", "waiting", "negotiating", "connected", "reconnecting", "closed"}

// String returns the state's name.
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// ErrNotConnected reports a Send while the data channel is not open.
var ErrNotConnected = errors.New("p2p: not connected")

// Config says where a Peer meets the other.
type Config struct {
	// SignalURL is the hub's WebSocket URL, e.g. "wss://example.org/signal".
	SignalURL string
	// Room is the room to join; empty to create one. Token reclaims this
	// side's seat after a reload (from an earlier Room call).
	Room, Token string
	// ICEServers are used besides those the hub hands out.
	ICEServers []signal.ICEServer
	// Logf, if set, receives a line for each failed negotiation.
	Logf func(format string, args ...any)
	// RelayOnly sends everything through a TURN relay, never directly:
	// for tests of the relay, and for players who would rather not show
	// their address to the other side.
	RelayOnly bool
	// Loopback keeps a native peer on the loopback interface, UDP4, no
	// mDNS: for tests. The browser ignores it.
	Loopback bool
}

// Handlers receive what a Peer reports, in order, from one goroutine of
// the Peer's own: never from inside a pion or JavaScript callback, so
// they may call Send and the Match freely. They should not block long.
type Handlers struct {
	OnState func(State)
	OnFrame func([]byte)
}

// Peer is one side of a WebRTC connection made through the hub: one
// reliable, ordered data channel, trickle ICE, and a fresh negotiation in
// the same room whenever the channel drops or the other side comes back.
// The same code runs natively and in the browser. It implements Transport.
type Peer struct {
	channel // its mutex guards what other goroutines read
	cfg     Config
	api     *rtc.API

	ctx    context.Context
	cancel context.CancelFunc
	events *fifo.Queue[event]
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
	redial        chan struct{} // Wake: redial the hub now (wake.go)
}

type eventKind int8

const (
	evSignal eventKind = iota
	evCandidate
	evPCState
	evOpen
	evClose
	evFrame
	evFatal
	evBreak // tests: close the peer connection as a network failure would
	evWake  // the device came back (wake.go)
)

type event struct {
	kind  eventKind
	epoch int
	msg   signal.Message
	cand  *rtc.Candidate
	st    rtc.ConnState
	dc    *rtc.DataChannel
	data  []byte
	err   error
}

// NewPeer prepares a peer; nothing happens on the network until Start.
func NewPeer(cfg Config) *Peer {
	return &Peer{channel: newChannel(StateSignalling), cfg: cfg, api: newAPI(cfg), events: fifo.New[event](), done: make(chan struct{}), redial: make(chan struct{}, 1)}
}

// Start reaches the hub, creates or joins the room, and from then on
// negotiates with the other peer whenever the hub says so. ctx bounds
// the start only; Close ends the peer.
func (p *Peer) Start(ctx context.Context, h Handlers) error {
	p.mu.Lock()
	p.h = h
	p.mu.Unlock()
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
	go p.deliver()
	go p.readSignal(sig)
	go p.loop(sig.KeepAliveEvery())
	p.setState(StateWaiting)
	return nil
}

// enter dials the hub and takes a seat.
func (p *Peer) enter(ctx context.Context, room, token string) (*signal.Client, signal.Message, error) {
	sig, err := signal.Dial(ctx, p.cfg.SignalURL)
	if err != nil {
		return nil, signal.Message{}, err
	}
	var m signal.Message
	if room == "" {
		m, err = sig.Create(ctx)
	} else {
		m, err = sig.Join(ctx, room, token)
	}
	if err != nil {
		sig.Close()
		return nil, signal.Message{}, err
	}
	return sig, m, nil
}

// Room returns the room id (for the share link), this side's seat token
// (to save for a reload) and seat (0 creator, 1 guest).
func (p *Peer) Room() (room, token string, seat int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.room, p.token, p.seat
}

// Close leaves the room and closes the connection.
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
	p.setState(StateClosed)
	return nil
}

// deliver runs the handlers in order.
func (p *Peer) deliver() { deliver(p.out, p.done) }

// deliver runs what out holds, in order, until done is closed and what
// was queued before is run: the one goroutine a peer's handlers run on.
func deliver(out *fifo.Queue[func()], done <-chan struct{}) {
	for {
		select {
		case <-out.Wake:
			for _, f := range out.Take() {
				f()
			}
		case <-done:
			for _, f := range out.Take() {
				f()
			}
			return
		}
	}
}

// readSignal feeds the hub's messages to the loop. When the connection
// to the hub breaks it dials again and takes back its seat; the data
// channel, if open, carries on meanwhile.
func (p *Peer) readSignal(sig *signal.Client) {
	backoff := 200 * time.Millisecond
	for {
		m, err := sig.Recv()
		if err == nil {
			p.events.Push(event{kind: evSignal, msg: m})
			backoff = 200 * time.Millisecond
			continue
		}
		if p.ctx.Err() != nil {
			return
		}
		var ce *signal.CloseError
		if errors.As(err, &ce) && (ce.Code == 1000 || ce.Code == 1008) {
			p.events.Push(event{kind: evFatal, err: err}) // expired, replaced, or refused
			return
		}
		for {
			select {
			case <-p.ctx.Done():
				return
			case <-time.After(backoff):
			case <-p.redial:
			}
			backoff = min(2*backoff, 5*time.Second)
			ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
			room, token, _ := p.Room()
			next, _, err := p.enter(ctx, room, token)
			cancel()
			if errors.Is(err, signal.ErrRefused) {
				p.events.Push(event{kind: evFatal, err: err})
				return
			}
			if err == nil {
				p.mu.Lock()
				p.sig = next
				p.mu.Unlock()
				sig = next
				p.events.Push(event{kind: evSignal, msg: next.ICE()}) // fresh credentials
				break
			}
		}
	}
}

// send writes a signalling message; a failure is left to readSignal,
// which notices the broken connection.
func (p *Peer) send(m signal.Message) {
	p.mu.Lock()
	sig := p.sig
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	sig.Send(ctx, m)
}

// loop owns the peer connection: every call on it happens here.
func (p *Peer) loop(keepAlive time.Duration) {
	defer close(p.done)
	defer p.teardown()
	defer p.rn.stop()
	defer p.watchWake()()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-tick.C:
			p.send(signal.Message{Type: signal.TypeKeepAlive})
		case <-p.rn.due():
			p.renew()
		case <-p.events.Wake:
			for _, e := range p.events.Take() {
				if e.kind == evFatal {
					p.mu.Lock()
					p.err = e.err
					p.mu.Unlock()
					p.setState(StateClosed)
					p.cancel()
					return
				}
				p.handle(e)
			}
		}
	}
}

func (p *Peer) handle(e event) {
	if e.kind != evSignal && e.kind != evBreak && e.kind != evWake && e.epoch != p.epoch {
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
		p.connectedOnce = true
		p.mu.Lock()
		p.dc, p.open = e.dc, true
		p.mu.Unlock()
		p.setState(StateConnected)
	case evClose:
		p.dropped()
	case evBreak:
		if p.pc != nil {
			p.pc.Close()
		}
	case evWake:
		p.woke()
	case evFrame:
		p.frame(e.data)
	}
}

// dropped reacts to a dead channel: ask the hub for a fresh negotiation.
// Both sides may ask; the hub starts one per epoch.
func (p *Peer) dropped() {
	p.mu.Lock()
	was := p.open
	p.open = false
	p.mu.Unlock()
	if st := p.State(); was || st == StateNegotiating || st == StateReconnecting {
		p.setState(StateReconnecting)
		p.send(signal.Message{Type: signal.TypeRestart, Epoch: p.epoch})
	}
}

func (p *Peer) handleSignal(m signal.Message) {
	switch m.Type {
	case signal.TypeReady:
		p.teardown()
		p.epoch = m.Epoch
		if p.connectedOnce {
			p.setState(StateReconnecting) // until the channel opens again
		} else {
			p.setState(StateNegotiating)
		}
		p.rn.begin(m.Offer)
		if err := p.newPC(m.Offer); err != nil {
			p.fail(err)
		}
	case signal.TypeOffer, signal.TypeAnswer:
		if m.Epoch != p.epoch || p.pc == nil {
			return
		}
		var sd rtc.Description
		if err := json.Unmarshal(m.Payload, &sd); err != nil {
			p.fail(fmt.Errorf("p2p: %s from the peer: %w", m.Type, err))
			return
		}
		if sd.Type != rtc.Offer && sd.Type != rtc.Answer {
			p.fail(fmt.Errorf("p2p: %s from the peer: a description of type %q", m.Type, sd.Type))
			return
		}
		if err := p.remote(sd); err != nil {
			p.fail(err)
		}
	case signal.TypeCandidate:
		if m.Epoch != p.epoch || p.pc == nil {
			return
		}
		var c rtc.Candidate
		if err := json.Unmarshal(m.Payload, &c); err != nil {
			return // a bad candidate is no worse than a missing one
		}
		if !p.remoteSet {
			p.pending = append(p.pending, c)
			return
		}
		p.pc.AddICECandidate(c)
	case signal.TypeICE:
		p.freshICE(m)
	case signal.TypeLeft:
		p.mu.Lock()
		open := p.open
		p.mu.Unlock()
		if !open {
			p.setState(StateWaiting)
		}
	}
}

// fail gives up on this negotiation and asks for another.
func (p *Peer) fail(err error) {
	p.logf("%v", err)
	p.dropped()
}

// newPC makes the peer connection of a new epoch; the offerer makes the
// data channel (before the offer, so that the offer includes it).
func (p *Peer) newPC(offer bool) error {
	pc, err := p.api.NewPeerConnection(p.pcConfig())
	if err != nil {
		return fmt.Errorf("p2p: new peer connection: %w", err)
	}
	p.pc, p.remoteSet, p.pending = pc, false, nil
	epoch := p.epoch
	pc.OnICECandidate(func(c *rtc.Candidate) {
		if c != nil {
			p.events.Push(event{kind: evCandidate, epoch: epoch, cand: c})
		}
	})
	pc.OnConnectionStateChange(func(st rtc.ConnState) {
		p.events.Push(event{kind: evPCState, epoch: epoch, st: st})
	})
	if !offer {
		pc.OnDataChannel(func(dc *rtc.DataChannel) { p.wire(dc, epoch) })
		return nil
	}
	dc, err := pc.CreateDataChannel("gygy") // reliable and ordered
	if err != nil {
		return fmt.Errorf("p2p: create data channel: %w", err)
	}
	p.wire(dc, epoch)
	sd, err := pc.CreateOffer(false)
	if err != nil {
		return fmt.Errorf("p2p: create offer: %w", err)
	}
	if err := pc.SetLocalDescription(sd); err != nil {
		return fmt.Errorf("p2p: set offer: %w", err)
	}
	payload, _ := json.Marshal(sd)
	p.send(signal.Message{Type: signal.TypeOffer, Epoch: epoch, Payload: payload})
	return nil
}

// remote applies the other side's description, answering an offer.
func (p *Peer) remote(sd rtc.Description) error {
	if err := p.pc.SetRemoteDescription(sd); err != nil {
		return fmt.Errorf("p2p: set remote %s: %w", sd.Type, err)
	}
	p.remoteSet = true
	for _, c := range p.pending {
		p.pc.AddICECandidate(c)
	}
	p.pending = nil
	if sd.Type != rtc.Offer {
		return nil
	}
	answer, err := p.pc.CreateAnswer()
	if err != nil {
		return fmt.Errorf("p2p: create answer: %w", err)
	}
	if err := p.pc.SetLocalDescription(answer); err != nil {
		return fmt.Errorf("p2p: set answer: %w", err)
	}
	payload, _ := json.Marshal(answer)
	p.send(signal.Message{Type: signal.TypeAnswer, Epoch: p.epoch, Payload: payload})
	return nil
}

// wire hands the channel's callbacks to the loop.
func (p *Peer) wire(dc *rtc.DataChannel, epoch int) { wire(dc, epoch, p.events) }

// wire hands a channel's callbacks to a peer's loop through events.
func wire(dc *rtc.DataChannel, epoch int, events *fifo.Queue[event]) {
	dc.OnOpen(func() { events.Push(event{kind: evOpen, epoch: epoch, dc: dc}) })
	dc.OnClose(func() { events.Push(event{kind: evClose, epoch: epoch}) })
	dc.OnMessage(func(data []byte) { events.Push(event{kind: evFrame, epoch: epoch, data: data}) })
}

// teardown closes the current peer connection.
func (p *Peer) teardown() {
	p.mu.Lock()
	p.dc, p.open = nil, false
	p.mu.Unlock()
	if p.pc != nil {
		p.pc.Close()
		p.pc = nil
	}
}

// Drive joins a Match to a Peer: Connected on every opening of the
// channel, each frame to Receive. onEvent and onState (either may be nil)
// see what happened, on the Peer's delivery goroutine.
func Drive(m *Match, onEvent func(Event, error), onState func(State)) Handlers {
	return Handlers{
		OnState: func(s State) {
			if s == StateConnected {
				m.Connected()
			} else {
				m.Disconnected()
			}
			if onState != nil {
				onState(s)
			}
		},
		OnFrame: func(b []byte) {
			ev, err := m.Receive(b)
			if onEvent != nil {
				onEvent(ev, err)
			}
		},
	}
}
