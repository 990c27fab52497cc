package p2p

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gygy/app/signal"
)

// ErrNoHub says that the signalling server could not be reached (its
// address is wrong, it is down, or this device is offline): no room was
// made or entered. Trying again later may work.
var ErrNoHub = errors.New("p2p: the signalling server could not be reached")

// enter dials the hub and takes a seat.
func (p *Peer) enter(ctx context.Context, room, token string) (*signal.Client, signal.Message, error) {
	sig, err := signal.Dial(ctx, p.cfg.SignalURL)
	if err != nil {
		return nil, signal.Message{}, fmt.Errorf("%w: %w", ErrNoHub, err)
	}
	sig.Device = p.cfg.Device
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
	if p.lose != nil && p.lose(m) {
		return
	}
	p.mu.Lock()
	sig := p.sig
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	sig.Send(ctx, m)
}
