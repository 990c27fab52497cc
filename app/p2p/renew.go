package p2p

import (
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"gygy/app/p2p/rtc"
	"gygy/app/signal"
)

// A TURN relay checks a credential's expiry whenever an allocation or a
// permission is refreshed, so a relayed connection older than its
// credentials loses the relay. The hub says how long its credentials
// live (L); a Peer keeps them fresh:
//
//   - every L/4 it asks the hub for new ones and gives them to its peer
//     connection (SetConfiguration), where they serve the next gathering;
//   - the side that made the epoch's offer restarts ICE (an offer with
//     ICERestart over the hub, in the same epoch) once the current
//     gathering is 3L/8 old: at most 5L/8 after it, while the
//     credentials both sides gathered with (at most L/4 old then) are
//     still good. Both sides gather again, each with its own fresh
//     credentials, and the data channel carries on over the new path.
//
// Only the offerer restarts, so the two sides never offer at once.

// renewal is a Peer's credential schedule, owned by its loop.
type renewal struct {
	off     bool          // tests: never renew, to see the relay lost
	life    time.Duration // of the hub's credentials; 0: nothing to renew
	timer   loopTimer     // the next request for fresh credentials
	offerer bool          // this side made the current epoch's offer
	since   time.Time     // when the current candidates were gathered

	asked    atomic.Int32 // requests for fresh credentials sent
	restarts atomic.Int32 // ICE restarts offered
}

// start sets the schedule from the hub's welcome.
func (r *renewal) start(life time.Duration) {
	r.life = life
	r.arm()
}

// arm sets the timer for the next request, a quarter life away.
func (r *renewal) arm() {
	if r.off || r.life <= 0 {
		return
	}
	r.timer.set(max(r.life/4, 250*time.Millisecond))
}

// begin notes a new peer connection: its candidates are gathered now.
func (r *renewal) begin(offerer bool) {
	r.offerer, r.since = offerer, time.Now()
}

// renew asks the hub for fresh credentials; the answer comes as an ice
// message (freshICE). If it never comes the next request follows a
// quarter life later, or a reconnection to the hub brings a new welcome.
func (p *Peer) renew() {
	p.rn.asked.Add(1)
	p.rn.arm()
	p.send(signal.Message{Type: signal.TypeICE})
}

// freshICE takes the hub's new ICE servers: for the next peer connection,
// for the current one's next gathering, and, on the offering side when
// the current candidates are old enough, for an ICE restart now.
func (p *Peer) freshICE(m signal.Message) {
	servers := toICEServers(append(m.ICEServers, p.cfg.ICEServers...))
	p.mu.Lock()
	p.iceConf = servers
	p.mu.Unlock()
	if life := time.Duration(m.ICESeconds) * time.Second; life != p.rn.life {
		p.rn.life = life
		p.rn.arm()
	}
	if p.pc == nil {
		return
	}
	if p.pc.ICEGatheringState() != rtc.GatheringComplete {
		// pion's agent reads its servers while it gathers: try again soon.
		if p.rn.timer.isSet() {
			p.rn.timer.set(min(time.Second, max(p.rn.life/16, 50*time.Millisecond)))
		}
		return
	}
	if err := p.pc.SetConfiguration(p.pcConfig()); err != nil {
		p.logf("p2p: new ICE servers: %v", err)
		return
	}
	if !p.rn.offerer || p.rn.off || p.rn.life <= 0 || time.Since(p.rn.since) < 3*p.rn.life/8 {
		return
	}
	p.mu.Lock()
	open := p.open
	p.mu.Unlock()
	ice := p.pc.ICEConnectionState()
	settled := ice == rtc.ICEConnected || ice == rtc.ICECompleted
	if open && settled && p.pc.SignalingState() == rtc.SignalingStable {
		if err := p.restartICE(); err != nil {
			p.logf("%v", err)
		}
	}
}

// restartICE offers an ICE restart in the current epoch: both sides
// gather new candidates (new relay allocations, with the new
// credentials) while the DTLS and SCTP associations, and so the data
// channel, carry on.
func (p *Peer) restartICE() error {
	sd, err := p.pc.CreateOffer(true)
	if err != nil {
		return fmt.Errorf("p2p: ICE restart offer: %w", err)
	}
	if err := p.pc.SetLocalDescription(sd); err != nil {
		return fmt.Errorf("p2p: set ICE restart offer: %w", err)
	}
	p.rn.since = time.Now()
	p.rn.restarts.Add(1)
	payload, _ := json.Marshal(sd)
	p.send(signal.Message{Type: signal.TypeOffer, Epoch: p.epoch, Payload: payload})
	return nil
}

// pcConfig is the configuration of a peer connection: the current ICE
// servers and the transport policy.
func (p *Peer) pcConfig() rtc.Config {
	p.mu.Lock()
	defer p.mu.Unlock()
	return rtc.Config{ICEServers: p.iceConf, RelayOnly: p.cfg.RelayOnly}
}

// toICEServers converts the hub's ICE servers to package rtc's.
func toICEServers(in []signal.ICEServer) []rtc.ICEServer {
	out := make([]rtc.ICEServer, 0, len(in))
	for _, s := range in {
		out = append(out, rtc.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
	}
	return out
}
