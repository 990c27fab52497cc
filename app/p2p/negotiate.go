package p2p

import (
	"encoding/json"
	"fmt"

	"gygy/app/conn"
	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// The negotiation of a Peer's connection, epoch by epoch, over the hub;
// all of it runs in the Peer's loop.

// handleSignal acts on a message of the hub: a new epoch to negotiate,
// the other side's description or candidate, fresh ICE servers, the other
// side gone.
func (p *Peer) handleSignal(m signal.Message) {
	switch m.Type {
	case signal.TypeReady:
		p.teardown()
		p.epoch = m.Epoch
		if p.connectedOnce {
			p.setState(conn.Reconnecting) // until the channel opens again
		} else {
			p.setState(conn.Negotiating)
		}
		p.rn.begin(m.Offer)
		p.stall.begin(p.cfg.NegotiateWithin)
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
			p.setState(conn.Waiting)
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
