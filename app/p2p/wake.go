package p2p

import (
	"gygy/app/conn"
	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// Wake tells the peer that its device has come back: from sleep, from a
// frozen background tab, or online again after the network was cut. It
// redials the hub at once if the connection to it broke (rather than at
// the end of its backoff, up to 5 s later), asks for a fresh negotiation
// if the data channel is down, and on the side that made the offer
// restarts ICE at once, which finds a new path if the network changed
// and does no harm if it did not. The browser build calls it on the
// page's resume and online events and when it is shown again after
// being hidden a while (wake_js.go); it is safe from any goroutine.
func (p *Peer) Wake() {
	select {
	case p.redial <- struct{}{}:
	default:
	}
	p.events.Push(event{kind: evWake})
}

// woke acts on Wake, in the loop.
func (p *Peer) woke() {
	p.mu.Lock()
	open := p.open
	p.mu.Unlock()
	if !open {
		if st := p.State(); st == conn.Reconnecting || st == conn.Negotiating {
			p.send(signal.Message{Type: signal.TypeRestart, Epoch: p.epoch})
		}
		return
	}
	if p.pc != nil && p.rn.offerer && p.pc.SignalingState() == rtc.SignalingStable {
		if err := p.restartICE(); err != nil {
			p.logf("%v", err)
		}
	}
}

// Revive rebuilds a channel that looks open but has gone silent: the
// online table calls it once the other side has said nothing for three
// ping intervals, and again at each interval while the silence lasts.
// Attempt 1 restarts ICE on the side that makes the offers (the other
// side's own attempt 1 waits for it), which finds a new path if there is
// one and keeps the data channel; later attempts close the connection and
// ask the hub for a new negotiation. It is safe from any goroutine.
func (p *Peer) Revive(attempt int) { p.events.Push(event{kind: evRevive, n: attempt}) }

// revive acts on Revive, in the loop.
func (p *Peer) revive(attempt int) {
	p.revives.Add(1)
	p.mu.Lock()
	open := p.open
	p.mu.Unlock()
	switch {
	case !open:
		// A negotiation is under way (the other side may be asleep):
		// ask again now and then, not at every interval, which would
		// start it over each time.
		if attempt%4 == 0 {
			p.woke()
		}
	case attempt <= 1:
		if p.pc != nil && p.rn.offerer && p.pc.SignalingState() == rtc.SignalingStable {
			if err := p.restartICE(); err != nil {
				p.logf("%v", err)
			}
		}
	default:
		p.logf("p2p: the channel is silent after an ICE restart: negotiating a new connection")
		if p.pc != nil {
			p.pc.Close()
		}
		p.dropped()
	}
}
