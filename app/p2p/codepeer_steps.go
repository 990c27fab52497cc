package p2p

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gygy/app/conn"
	"gygy/app/p2p/internal/fifo"
	"gygy/app/p2p/rtc"
	"gygy/app/pair"
)

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
	dc, err := pc.CreateDataChannel("gygy") // reliable and ordered
	if err != nil {
		return pair.Code{}, fmt.Errorf("p2p: create data channel: %w", err)
	}
	p.wire(dc, epoch)
	code, err := p.describe(ctx, pc, pair.Offer, func() (rtc.Description, error) { return pc.CreateOffer(false) })
	if err != nil {
		return pair.Code{}, err
	}
	p.mu.Lock()
	p.local, p.remote, p.seat = code, pair.Code{}, 0
	p.mu.Unlock()
	p.events.Push(event{kind: evState, conn: conn.Negotiating}) // the loop tells the handlers
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
	pc.OnDataChannel(func(dc *rtc.DataChannel) { p.wire(dc, epoch) })
	if err := pc.SetRemoteDescription(rtc.Description{Type: rtc.Offer, SDP: offer.SDP()}); err != nil {
		return pair.Code{}, fmt.Errorf("p2p: the offer's description was refused: %w", err)
	}
	code, err := p.describe(ctx, pc, pair.Answer, func() (rtc.Description, error) { return pc.CreateAnswer() })
	if err != nil {
		return pair.Code{}, err
	}
	code.OfferTag = offer.Tag()
	p.mu.Lock()
	p.local, p.remote, p.seat = code, offer, 1
	p.mu.Unlock()
	p.events.Push(event{kind: evState, conn: conn.Negotiating}) // the loop tells the handlers
	p.waitOpen(epoch)
	return code, nil
}

// Accept reads the other device's answer to this device's offer; the
// connection then comes up by itself (conn.Connected).
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
	if err := pc.SetRemoteDescription(rtc.Description{Type: rtc.Answer, SDP: answer.SDP()}); err != nil {
		return fmt.Errorf("p2p: the answer's description was refused: %w", err)
	}
	p.mu.Lock()
	p.remote, p.accepted = answer, true
	epoch := p.epoch
	p.mu.Unlock()
	p.waitOpen(epoch)
	return nil
}

// usable says whether a pairing step may start.
func (p *CodePeer) usable() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.state == conn.Closed {
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

// waitOpen gives the connection of epoch until Patience to open, and
// closes the peer with ErrUnreachable if it has not.
func (p *CodePeer) waitOpen(epoch int) {
	time.AfterFunc(p.cfg.Patience, func() { p.events.Push(event{kind: evFatal, epoch: epoch}) })
}

// newPC replaces the peer connection with a new one, of a new epoch.
func (p *CodePeer) newPC() (*rtc.PeerConnection, int, error) {
	p.run()
	p.teardown()
	pc, err := newCodeAPI(p.cfg).NewPeerConnection(rtc.Config{}) // no STUN, no TURN
	if err != nil {
		return nil, 0, fmt.Errorf("p2p: new peer connection: %w", err)
	}
	p.mu.Lock()
	p.epoch++
	epoch := p.epoch
	p.pc = pc
	p.mu.Unlock()
	pc.OnConnectionStateChange(func(st rtc.ConnState) {
		p.events.Push(event{kind: evPCState, epoch: epoch, st: st})
	})
	return pc, epoch, nil
}

// describe sets the local description that create makes, waits for the
// candidates, and returns the code of the description.
func (p *CodePeer) describe(ctx context.Context, pc *rtc.PeerConnection, kind pair.Kind,
	create func() (rtc.Description, error)) (pair.Code, error) {
	found := fifo.New[bool]() // true: a candidate, false: the end
	pc.OnICECandidate(func(c *rtc.Candidate) { found.Push(c != nil) })
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
func (p *CodePeer) gather(ctx context.Context, found *fifo.Queue[bool]) error {
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
		case <-found.Wake:
			for _, more := range found.Take() {
				if !more {
					return nil
				}
				idle = time.After(p.cfg.GatherIdle)
			}
		}
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
