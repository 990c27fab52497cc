package p2p

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"

	"gygy/app/pair"
)

// The errors of a pairing by codes, besides those of package pair (a
// damaged code, another version, the wrong kind, an answer to another
// offer), which come back as they are, for errors.Is.
var (
	// ErrOwnCode: the code this device shows was read back into it.
	ErrOwnCode = errors.New("p2p: this is the code this device shows; read the other device's code")
	// ErrUsed: the same code was read twice.
	ErrUsed = errors.New("p2p: this code was read already")
	// ErrNoOffer: an answer was read on a device that shows no offer.
	ErrNoOffer = errors.New("p2p: this device shows no offer to answer")
	// ErrPaired: the devices are paired already; a new pairing needs a
	// new CodePeer.
	ErrPaired = errors.New("p2p: already paired")
	// ErrUnreachable: the two devices exchanged codes but could not reach
	// each other.
	ErrUnreachable = errors.New("p2p: the two devices could not reach each other (they must be on the same network, and it must let them see each other)")
	// ErrLost: the connection dropped; with no server to meet again
	// through, the devices pair again and the saved game resumes.
	ErrLost = errors.New("p2p: the connection to the other device is lost; pair again to go on with the game")
	// ErrNoAddress: gathering found no address to offer.
	ErrNoAddress = errors.New("p2p: this device has no network address to offer (is Wi-Fi on?)")
)

// CodeConfig says how a CodePeer pairs.
type CodeConfig struct {
	// Room names the game on this device, where it is saved; empty for a
	// fresh random name. A pairing that resumes a saved game passes the
	// name it was saved under.
	Room string
	// GatherIdle is how long gathering waits for one more candidate once
	// one came (default 1 s); GatherMax bounds all of it (default 10 s).
	// Gathering usually ends sooner, when the browser or pion says so.
	GatherIdle, GatherMax time.Duration
	// Loopback keeps a native peer on the loopback interface, UDP4, no
	// mDNS: for tests. The browser ignores it.
	Loopback bool

	tune func(*webrtc.SettingEngine) // tests: native network settings
}

// CodePeer is one side of a WebRTC connection made with no server at
// all: the two devices exchange pairing codes (package pair) by hand or
// by QR code, then talk over one reliable, ordered data channel, with no
// signalling hub and no STUN or TURN server.
//
// The first device calls Offer and shows the code; the second calls
// Answer with it and shows the answer; the first calls Accept with that.
// Start may come before, between or after these: it hands over the
// handlers, which then hear every state from the first (the frames too).
// Offer may be called again until an answer is accepted (the old offer's
// answers are then refused); Answer again with another offer.
//
// Its states: waiting before a code, negotiating from the first code to
// the open channel, connected, reconnecting while ICE tries to mend a
// drop, closed.
//
// Once connected, a drop that ICE does not mend by itself within about a
// minute closes the peer with ErrLost: there is no server to meet again
// through. The game stays saved, and a new pairing, on a new CodePeer
// under the same Room, resumes it (p2p.Resume, online.New with the saved
// game). It implements Transport and the online table's Link.
type CodePeer struct {
	channel // its mutex guards what follows
	cfg     CodeConfig
	room    string

	op sync.Mutex // one pairing step at a time

	started  bool
	pc       *webrtc.PeerConnection
	epoch    int
	local    pair.Code // the code shown, if any
	remote   pair.Code // the code read, if any
	seat     int       // 0 offered, 1 answered
	accepted bool      // the offer's answer is in: ICE goes on alone
	closed   bool

	events *queue[event]
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{} // the loop has ended
}

// NewCodePeer prepares a peer; nothing happens on the network until Offer
// or Answer.
func NewCodePeer(cfg CodeConfig) *CodePeer {
	if cfg.GatherIdle <= 0 {
		cfg.GatherIdle = time.Second
	}
	if cfg.GatherMax <= 0 {
		cfg.GatherMax = 10 * time.Second
	}
	room := cfg.Room
	if room == "" {
		var b [16]byte
		rand.Read(b[:])
		room = "nearby-" + hex.EncodeToString(b[:])
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &CodePeer{channel: newChannel(StateWaiting), cfg: cfg, room: room, events: newQueue[event](),
		ctx: ctx, cancel: cancel, done: make(chan struct{})}
}

// Start hands over the handlers and returns at once: the pairing happens
// through Offer, Answer and Accept. ctx is not used: nothing waits.
func (p *CodePeer) Start(_ context.Context, h Handlers) error {
	p.mu.Lock()
	if p.started {
		p.mu.Unlock()
		return errors.New("p2p: Start called twice")
	}
	p.h, p.started = h, true
	first := !p.reported
	p.mu.Unlock()
	if first {
		p.report(p.State())
	}
	p.run()
	go deliver(p.out, p.done)
	return nil
}

// run starts the loop, once.
func (p *CodePeer) run() { p.once.Do(func() { go p.loop() }) }

// Room returns this game's name on this device (CodeConfig.Room), no
// token, and the seat: 0 if this side offered, 1 if it answered.
func (p *CodePeer) Room() (room, token string, seat int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.room, "", p.seat
}

// Code returns the code this device shows, once Offer or Answer made it.
func (p *CodePeer) Code() (pair.Code, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.local, p.local.Ufrag != ""
}

// Close ends the connection; the handlers hear StateClosed.
func (p *CodePeer) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	p.teardown()
	p.setState(StateClosed) // before the delivery ends with the loop
	p.run()
	p.cancel()
	<-p.done
	return nil
}

// Offer makes this device's offer: a new peer connection with the data
// channel, every candidate gathered. Show its String (and Digits in a QR
// code) to the other device.
func (p *CodePeer) Offer(ctx context.Context) (pair.Code, error) {
	p.op.Lock()
	defer p.op.Unlock()
	if err := p.usable(); err != nil {
		return pair.Code{}, err
	}
	if p.paired() {
		return pair.Code{}, ErrPaired
	}
	pc, epoch, err := p.newPC()
	if err != nil {
		return pair.Code{}, err
	}
	dc, err := pc.CreateDataChannel("gygy", nil) // reliable and ordered
	if err != nil {
		return pair.Code{}, fmt.Errorf("p2p: create data channel: %w", err)
	}
	wire(dc, epoch, p.events)
	code, err := p.describe(ctx, pc, pair.Offer, func() (webrtc.SessionDescription, error) { return pc.CreateOffer(nil) })
	if err != nil {
		return pair.Code{}, err
	}
	p.mu.Lock()
	p.local, p.remote, p.seat = code, pair.Code{}, 0
	p.mu.Unlock()
	p.setState(StateNegotiating)
	return code, nil
}

// Answer reads the other device's offer and makes this device's answer,
// every candidate gathered. Show its String (and Digits in a QR code) to
// the other device.
func (p *CodePeer) Answer(ctx context.Context, offerText string) (pair.Code, error) {
	p.op.Lock()
	defer p.op.Unlock()
	if err := p.usable(); err != nil {
		return pair.Code{}, err
	}
	offer, err := pair.Parse(offerText)
	if err != nil {
		return pair.Code{}, err
	}
	p.mu.Lock()
	local, remote := p.local, p.remote
	p.mu.Unlock()
	switch {
	case offer.Same(local):
		return pair.Code{}, ErrOwnCode
	case offer.Kind != pair.Offer:
		return pair.Code{}, fmt.Errorf("%w: this is an answer, and the code the other device shows first is needed here", pair.ErrKind)
	case offer.Same(remote):
		return pair.Code{}, fmt.Errorf("%w: the answer to it is on this screen", ErrUsed)
	case p.paired():
		return pair.Code{}, ErrPaired
	}
	pc, epoch, err := p.newPC()
	if err != nil {
		return pair.Code{}, err
	}
	pc.OnDataChannel(func(dc *webrtc.DataChannel) { wire(dc, epoch, p.events) })
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer.SDP()}); err != nil {
		return pair.Code{}, fmt.Errorf("p2p: the offer's description was refused: %w", err)
	}
	code, err := p.describe(ctx, pc, pair.Answer, func() (webrtc.SessionDescription, error) { return pc.CreateAnswer(nil) })
	if err != nil {
		return pair.Code{}, err
	}
	code.OfferTag = offer.Tag()
	p.mu.Lock()
	p.local, p.remote, p.seat = code, offer, 1
	p.mu.Unlock()
	p.setState(StateNegotiating)
	return code, nil
}

// Accept reads the other device's answer to this device's offer; the
// connection then comes up by itself (StateConnected).
func (p *CodePeer) Accept(answerText string) error {
	p.op.Lock()
	defer p.op.Unlock()
	if err := p.usable(); err != nil {
		return err
	}
	answer, err := pair.Parse(answerText)
	if err != nil {
		return err
	}
	p.mu.Lock()
	local, remote, pc, accepted := p.local, p.remote, p.pc, p.accepted
	p.mu.Unlock()
	switch {
	case answer.Same(local):
		return ErrOwnCode
	case local.Ufrag == "" || local.Kind != pair.Offer:
		return ErrNoOffer
	case accepted && answer.Same(remote):
		return fmt.Errorf("%w: the devices are connecting with it", ErrUsed)
	case p.paired():
		return ErrPaired
	}
	if err := answer.Answers(local); err != nil {
		return err
	}
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answer.SDP()}); err != nil {
		return fmt.Errorf("p2p: the answer's description was refused: %w", err)
	}
	p.mu.Lock()
	p.remote, p.accepted = answer, true
	p.mu.Unlock()
	return nil
}

// usable says whether a pairing step may start.
func (p *CodePeer) usable() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.state == StateClosed {
		return fmt.Errorf("%w: this pairing is over; start a new one", ErrPaired)
	}
	return nil
}

// paired says whether the two devices are (being) connected: no code
// may be read any more.
func (p *CodePeer) paired() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted || p.open
}

// newPC replaces the peer connection with a new one, of a new epoch.
func (p *CodePeer) newPC() (*webrtc.PeerConnection, int, error) {
	p.run()
	p.teardown()
	pc, err := newCodeAPI(p.cfg).NewPeerConnection(webrtc.Configuration{}) // no STUN, no TURN
	if err != nil {
		return nil, 0, fmt.Errorf("p2p: new peer connection: %w", err)
	}
	p.mu.Lock()
	p.epoch++
	epoch := p.epoch
	p.pc = pc
	p.mu.Unlock()
	pc.OnConnectionStateChange(func(st webrtc.PeerConnectionState) {
		p.events.push(event{kind: evPCState, epoch: epoch, st: st})
	})
	return pc, epoch, nil
}

// describe sets the local description that create makes, waits for the
// candidates, and returns the code of the description.
func (p *CodePeer) describe(ctx context.Context, pc *webrtc.PeerConnection, kind pair.Kind,
	create func() (webrtc.SessionDescription, error)) (pair.Code, error) {
	found := newQueue[bool]() // true: a candidate, false: the end
	pc.OnICECandidate(func(c *webrtc.ICECandidate) { found.push(c != nil) })
	sd, err := create()
	if err != nil {
		return pair.Code{}, fmt.Errorf("p2p: create %v: %w", kind, err)
	}
	if err := pc.SetLocalDescription(sd); err != nil {
		return pair.Code{}, fmt.Errorf("p2p: set local %v: %w", kind, err)
	}
	if err := p.gather(ctx, found); err != nil {
		return pair.Code{}, err
	}
	local := pc.LocalDescription()
	if local == nil {
		return pair.Code{}, fmt.Errorf("p2p: no local %v after gathering", kind)
	}
	code, err := pair.FromSDP(kind, local.SDP)
	if errors.Is(err, pair.ErrNoCandidate) {
		return pair.Code{}, ErrNoAddress
	}
	return code, err
}

// gather waits until gathering ends, nothing more came for GatherIdle
// after a first candidate, or GatherMax passed.
func (p *CodePeer) gather(ctx context.Context, found *queue[bool]) error {
	limit := time.NewTimer(p.cfg.GatherMax)
	defer limit.Stop()
	var idle <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("p2p: gathering candidates: %w", ctx.Err())
		case <-limit.C:
			return nil
		case <-idle:
			return nil
		case <-found.wake:
			for _, more := range found.take() {
				if !more {
					return nil
				}
				idle = time.After(p.cfg.GatherIdle)
			}
		}
	}
}

// loop turns pion's callbacks into states and frames, in order.
func (p *CodePeer) loop() {
	defer close(p.done)
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-p.events.wake:
			for _, e := range p.events.take() {
				p.handle(e)
			}
		}
	}
}

func (p *CodePeer) handle(e event) {
	p.mu.Lock()
	current, open := e.epoch == p.epoch, p.open
	p.mu.Unlock()
	if !current {
		return // from a peer connection left behind (an offer made again)
	}
	switch e.kind {
	case evPCState:
		switch e.st {
		case webrtc.PeerConnectionStateDisconnected:
			if open {
				p.setState(StateReconnecting) // ICE may mend it by itself
			}
		case webrtc.PeerConnectionStateConnected:
			if open {
				p.setState(StateConnected)
			}
		case webrtc.PeerConnectionStateFailed, webrtc.PeerConnectionStateClosed:
			p.lost()
		}
	case evOpen:
		p.mu.Lock()
		p.dc, p.open = e.dc, true
		p.mu.Unlock()
		p.setState(StateConnected)
	case evClose:
		p.lost()
	case evFrame:
		p.frame(e.data)
	}
}

// lost closes the peer for good, saying why.
func (p *CodePeer) lost() {
	p.mu.Lock()
	if p.state == StateClosed {
		p.mu.Unlock()
		return
	}
	if p.open {
		p.err = ErrLost
	} else {
		p.err = ErrUnreachable
	}
	p.mu.Unlock()
	p.teardown()
	p.setState(StateClosed)
}

// teardown closes the current peer connection.
func (p *CodePeer) teardown() {
	p.mu.Lock()
	pc := p.pc
	p.pc, p.dc, p.open, p.accepted = nil, nil, false, false
	p.epoch++ // what the old connection still reports is of no interest
	p.mu.Unlock()
	if pc != nil {
		pc.Close()
	}
}

// PairCodes pairs two peers in one process with the codes' text alone, as
// two people would: the offer read from one screen, the answer from the
// other (for tests, and to try the codes out).
func PairCodes(ctx context.Context, offerer, answerer *CodePeer) error {
	offer, err := offerer.Offer(ctx)
	if err != nil {
		return err
	}
	answer, err := answerer.Answer(ctx, offer.String())
	if err != nil {
		return err
	}
	return offerer.Accept(pair.Group(answer.String(), 5))
}
