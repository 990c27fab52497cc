package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/ui/lobby"
	"gygy/app/ui/screen"
)

// The shell's part of nearby play: it makes the table over a new code peer
// (the screen, Nearby, then pairs it) and begins again after a pairing
// failed or the connection dropped.

// handleNearby takes the home screen's and the lobby's requests for a new
// pairing.
func (s *Shell) handleNearby(ctx app.Context) {
	ctx.Handle(screen.ActionNearby, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(screen.Offer); ok {
			s.beginNearby(ctx, online.Saved{Role: p2p.Host, Hello: helloOf(o)}, true)
			s.navigate(ctx, viewNearby)
		}
	})
	ctx.Handle(screen.ActionNearbyRead, func(ctx app.Context, a app.Action) {
		s.beginNearby(ctx, online.Saved{Role: p2p.Guest}, false)
		s.navigate(ctx, viewNearby)
	})
	ctx.Handle(screen.ActionNearbyAgain, func(ctx app.Context, a app.Action) {
		offer, _ := a.Value.(bool)
		s.again(ctx, offer)
	})
}

// beginNearby puts a new online table over a new code peer: a new game
// offered (Role Host), one to be read (Role Guest), or a saved game to
// resume under its room; the nearby screen then shows this device's code
// (offer) or reads the other's.
func (s *Shell) beginNearby(ctx app.Context, sv online.Saved, offer bool) {
	s.asks++
	s.ask = lobby.NearbyAsk{N: s.asks, Offer: offer}
	if s.svc.CodePeer == nil {
		s.ask.Err = "Nearby play is not available here."
		return
	}
	peer := s.svc.CodePeer(sv.Room)
	t, err := s.openOnline(ctx, peer, sv)
	s.codeSaved = sv
	if err != nil {
		s.ask.Err = screen.RefusalText(err)
		return
	}
	s.code = peer
	t.Start()
}

// again begins a new pairing after the last one failed or dropped, or
// after a reload: the game resumes if it was agreed, else the same offer
// is made anew.
func (s *Shell) again(ctx app.Context, offer bool) {
	sv := s.codeSaved
	if s.net != nil && s.code != nil {
		if saved, ok := online.Load(s.svc.Store, s.net.Room()); ok && saved.Match != nil {
			sv = saved
		}
	} else if saved, ok := lobby.SavedNearby(s.svc.Store); ok {
		sv = saved
	}
	s.beginNearby(ctx, sv, offer)
}
