package p2p

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	"gygy/app/conn"
	"gygy/app/match"
	"gygy/app/p2p/rtc"
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
	// Patience is how long the two devices may take to reach each other
	// once this side has both codes (default 3 minutes); on the answering
	// side that includes the time the other device takes to read the
	// answer. Until the channel first opens, ICE reporting failure is not
	// final: Chromium reports failed while its answer waits to be read,
	// and connects when the other side's checks come.
	Patience time.Duration
	// Loopback keeps a native peer on the loopback interface, UDP4, no
	// mDNS: for tests. The browser ignores it.
	Loopback bool
	// Logf, if set, receives a line for frames dropped by a flood.
	Logf func(format string, args ...any)

	tune tuning // tests: native network settings
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
// Its states (conn.State): waiting before a code, negotiating from the
// first code to the open channel, connected, reconnecting while ICE tries
// to mend a drop, closed.
//
// Until the channel first opens, the peer waits up to Patience for it,
// whatever ICE says meanwhile, and then closes with ErrUnreachable. Once
// connected, a drop that ICE does not mend by itself (natively within
// about a minute; the browser keeps its own times) closes the peer with
// ErrLost: there is no server to meet again through. The game stays saved, and a new pairing, on a new CodePeer
// under the same Room, resumes it (match.Resume, online.New with the
// saved game). It implements match.Transport and the online table's Link.
type CodePeer struct {
	channel // its mutex guards what follows
	cfg     CodeConfig
	room    string

	op sync.Mutex // one pairing step at a time

	started  bool
	pc       *rtc.PeerConnection
	epoch    int
	local    pair.Code // the code shown, if any
	remote   pair.Code // the code read, if any
	seat     int       // 0 offered, 1 answered
	accepted bool      // the offer's answer is in: ICE goes on alone
	closed   bool

	once sync.Once
	done chan struct{} // the loop has ended
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
	if cfg.Patience <= 0 {
		cfg.Patience = 3 * time.Minute
	}
	room := cfg.Room
	if room == "" {
		var b [16]byte
		rand.Read(b[:])
		room = "nearby-" + hex.EncodeToString(b[:])
	}
	return &CodePeer{channel: newChannel(conn.Waiting, cfg.Logf), cfg: cfg, room: room, done: make(chan struct{})}
}

// Start hands over the handlers and returns at once: the pairing happens
// through Offer, Answer and Accept. The handlers hear every state from the
// first, and the frames. ctx is not used: nothing waits.
func (p *CodePeer) Start(_ context.Context, h match.Handlers) error {
	p.mu.Lock()
	if p.started {
		p.mu.Unlock()
		return errors.New("p2p: Start called twice")
	}
	p.started = true
	p.mu.Unlock()
	p.events.Push(event{kind: evStart, h: h})
	p.run()
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

// Close ends the connection; the handlers (once Start gave them) hear
// conn.Closed before it returns, unless they heard it already.
func (p *CodePeer) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	p.teardown()
	p.events.Push(event{kind: evEnd})
	p.run()
	<-p.done
	return nil
}

// loop turns the connection's callbacks and the pairing steps into states
// and frames, in order, and calls the handlers.
func (p *CodePeer) loop() {
	defer close(p.done)
	for range p.events.Wake {
		for _, e := range p.events.Take() {
			p.took(e)
			if e.kind == evEnd {
				p.setState(conn.Closed)
				return
			}
			p.handle(e)
		}
	}
}

func (p *CodePeer) handle(e event) {
	switch e.kind {
	case evStart:
		p.begin(e.h)
		return
	case evState:
		p.setState(e.conn)
		return
	}
	p.mu.Lock()
	current, open := e.epoch == p.epoch, p.open
	p.mu.Unlock()
	if !current {
		return // from a peer connection left behind (an offer made again)
	}
	switch e.kind {
	case evPCState:
		switch e.st {
		case rtc.ConnDisconnected:
			if open {
				p.setState(conn.Reconnecting) // ICE may mend it by itself
			}
		case rtc.ConnConnected:
			if open {
				p.setState(conn.Connected)
			}
		case rtc.ConnFailed, rtc.ConnClosed:
			if open {
				p.lost()
			} // before, patience decides (see waitOpen)
		}
	case evFatal: // patience ran out
		if !open {
			p.lost()
		}
	case evOpen:
		p.mu.Lock()
		p.dc, p.open = e.dc, true
		p.mu.Unlock()
		p.setState(conn.Connected)
	case evClose:
		p.lost()
	case evFrame:
		p.hand(e)
	}
}

// lost closes the peer for good, saying why.
func (p *CodePeer) lost() {
	p.mu.Lock()
	if p.state == conn.Closed {
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
	p.setState(conn.Closed)
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
