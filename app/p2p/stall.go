package p2p

import (
	"time"

	"gygy/app/signal"
)

// stallWatch times the negotiation under way. A negotiation can stall
// without any side hearing of it: an answer or the candidates lost on the
// way (a hub connection that broke and was dialled again), ICE checks
// that the browser keeps trying far longer than a person waits. Before
// the game starts nothing else would notice (the online table's pings run
// only during a game), so the guest would look for the game for ever.
// Owned by the peer's loop.
type stallWatch struct {
	timer loopTimer     // fires when the negotiation under way is too long
	wait  time.Duration // of the negotiation under way
	tries int           // negotiations in a row that stalled
}

// begin starts timing a new negotiation.
func (w *stallWatch) begin(within time.Duration) {
	if within <= 0 {
		within = defaultNegotiateWithin
	}
	w.wait = min(within<<min(w.tries, 6), time.Minute)
	w.timer.set(w.wait)
}

// opened: the channel is open, the negotiation is over.
func (w *stallWatch) opened() {
	w.timer.stop()
	w.tries = 0
}

// stalled gives up on a negotiation that has not opened the channel in
// time and asks the hub for another. Both sides may ask: the hub starts
// one for the epoch, and the other's request, for an epoch then past, is
// ignored.
func (p *Peer) stalled() {
	w := &p.stall
	p.mu.Lock()
	open := p.open
	p.mu.Unlock()
	if open {
		return
	}
	w.tries++
	p.logf("p2p: negotiation %d has not opened the channel in %s: asking for another", p.epoch, w.wait)
	if p.pc != nil {
		p.pc.Close()
		p.pc = nil
	}
	p.send(signal.Message{Type: signal.TypeRestart, Epoch: p.epoch})
}
