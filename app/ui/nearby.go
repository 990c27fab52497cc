package ui

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/pair"
	"gygy/app/session"
)

// Nearby play, without a server: the two devices pair by codes (package
// pair, p2p.CodePeer). The first shows a code, the second reads it and
// shows its answer, the first reads that; then the two talk over a WebRTC
// data channel, and the game is an online.Table as with a link. Nothing
// here needs the server: it works offline, on one Wi-Fi network with no
// internet. This file holds the lobby: the codes, the errors, "make a new
// code", and "pair again" after the connection is lost.

// Actions of the home screen for a nearby game.
const (
	ActionNearby     = "nearby-new"  // value: onlineOffer: show a code offering this game
	ActionNearbyRead = "nearby-read" // no value: read the code of the device that offers
)

// viewNearby is the nearby lobby and game (?view=nearby).
const viewNearby = "nearby"

// The lobby's own actions. Its buttons emit them rather than act, so that
// the work they start reports back through the shell's context: go-app
// drops what a button's context dispatches once the button is gone.
const (
	actionNearbyCode    = "nearby-read-text" // value: the text of a code read
	actionNearbyNewCode = "nearby-new-code"  // make the offer again
	actionNearbyAgain   = "nearby-again"     // value: bool, true to show a code, false to read one
	actionNearbyCamera  = "nearby-camera"    // start the camera
)

// nearStep is where the pairing is on this device.
type nearStep int8

const (
	nearIdle   nearStep = iota // nothing yet: show a code or read one
	nearMaking                 // this device's code is being made
	nearOffer                  // the offer is shown; the answer is read here
	nearRead                   // the other device's offer is read here
	nearAnswer                 // the answer is shown; the other device reads it
)

// nearby is the lobby of a pairing by codes.
type nearby struct {
	step  nearStep
	peer  *p2p.CodePeer
	table *online.Table // the table over peer (s.net while it is on screen)
	saved online.Saved  // what the table began with, to begin again
	code  pair.Code     // the code shown, once made
	input string        // the code pasted
	err   string
	// accepted says the first device read the answer: the devices connect.
	accepted bool
	scan     *scanner // the camera, while it looks for a QR code
	tries    int      // counts the pairing steps: a late result of an old one is dropped
}

// handleNearby takes the home screen's actions for nearby play.
func (s *Shell) handleNearby(ctx app.Context) {
	ctx.Handle(ActionNearby, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(onlineOffer); ok {
			s.beginNearby(ctx, online.Saved{Role: match.Host, Hello: helloOf(o)})
			s.makeCode(ctx)
			s.navigate(ctx, viewNearby)
		}
	})
	ctx.Handle(ActionNearbyRead, func(ctx app.Context, a app.Action) {
		s.beginNearby(ctx, online.Saved{Role: match.Guest})
		s.near.step = nearRead
		s.navigate(ctx, viewNearby)
	})
	ctx.Handle(actionNearbyCode, func(ctx app.Context, a app.Action) {
		if text, ok := a.Value.(string); ok {
			s.readCode(ctx, text)
		}
	})
	ctx.Handle(actionNearbyNewCode, func(ctx app.Context, a app.Action) { s.makeCode(ctx) })
	ctx.Handle(actionNearbyAgain, func(ctx app.Context, a app.Action) {
		offer, _ := a.Value.(bool)
		s.again(ctx, offer)
	})
	ctx.Handle(actionNearbyCamera, func(ctx app.Context, a app.Action) { s.startCamera(ctx) })
}

// beginNearby puts a new online table over a new code peer: a new game
// offered (Role Host), one to be read (Role Guest), or a saved game to
// resume under its room.
func (s *Shell) beginNearby(ctx app.Context, sv online.Saved) {
	if s.net != nil {
		s.net.Hang()
		s.net = nil
	}
	peer := p2p.NewCodePeer(p2p.CodeConfig{Room: sv.Room})
	t, err := online.New(peer, sv, online.Config{
		Store: s.store,
		Run:   func(f func()) { ctx.Dispatch(func(ctx app.Context) { f() }) },
	})
	s.stopCamera()
	s.near = nearby{saved: sv}
	if err != nil {
		s.near.err = refusalText(err)
		return
	}
	t.Subscribe(func(c session.Change) {
		if s.net == t {
			s.onChange(c)
		}
	})
	s.net, s.near.peer, s.near.table = t, peer, t
	s.notice, s.copied = "", false
	t.Start()
}

// again begins a new pairing after the last one failed or dropped, or
// after a reload: the game resumes if it was agreed, else the same offer
// is made anew.
func (s *Shell) again(ctx app.Context, offer bool) {
	sv := s.near.saved
	if t := s.near.table; t != nil {
		if saved, ok := online.Load(s.store, t.Room()); ok && saved.Match != nil {
			sv = saved
		}
	} else if saved, ok := savedNearby(s.store); ok {
		sv = saved
	}
	s.beginNearby(ctx, sv)
	if offer {
		s.makeCode(ctx)
	} else {
		s.near.step = nearRead
	}
}

// savedNearby is the nearby game saved on this device, if one was agreed.
func savedNearby(store session.Storage) (online.Saved, bool) {
	var sv online.Saved
	text, err := store.Get(online.Key)
	if err != nil || json.Unmarshal([]byte(text), &sv) != nil || sv.Match == nil || !strings.HasPrefix(sv.Room, "nearby-") {
		return online.Saved{}, false
	}
	return sv, true
}

// makeCode makes (or makes again) this device's offer.
func (s *Shell) makeCode(ctx app.Context) {
	peer := s.near.peer
	if peer == nil {
		return
	}
	s.near.tries++
	try := s.near.tries
	s.near.step, s.near.err, s.near.input, s.copied = nearMaking, "", "", false
	go func() {
		code, err := peer.Offer(context.Background()) // gathering is bounded by the peer
		ctx.Dispatch(func(ctx app.Context) {
			if s.near.peer != peer || s.near.tries != try {
				return
			}
			s.near.step = nearOffer
			if err != nil {
				s.near.step, s.near.err = nearIdle, pairingText(err, nearOffer)
				return
			}
			s.near.code = code
		})
	}()
}

// readCode reads the code pasted (or seen by the camera): the offer on the
// second device, the answer on the first.
func (s *Shell) readCode(ctx app.Context, text string) {
	peer, step := s.near.peer, s.near.step
	if peer == nil || strings.TrimSpace(text) == "" {
		return
	}
	s.stopCamera()
	s.near.tries++
	try := s.near.tries
	s.near.err = ""
	if step == nearRead || step == nearAnswer {
		s.near.step = nearMaking
	}
	go func() {
		var code pair.Code
		var err error
		if step == nearOffer {
			err = peer.Accept(text)
		} else {
			code, err = peer.Answer(context.Background(), text)
		}
		ctx.Dispatch(func(ctx app.Context) {
			if s.near.peer != peer || s.near.tries != try {
				return
			}
			if step != nearOffer {
				s.near.step = step
			}
			if err != nil {
				s.near.err = pairingText(err, step)
				return
			}
			s.near.input, s.near.accepted = "", step == nearOffer
			if step != nearOffer {
				s.near.step, s.near.code, s.copied = nearAnswer, code, false
			}
		})
	}()
}

// pairingText says what went wrong with a code, and what to do, at the
// step where it was read.
func pairingText(err error, step nearStep) string {
	switch {
	case errors.Is(err, pair.ErrVersion):
		return "This code comes from another version of gygy. Update the older device (open the app once with internet), then make new codes."
	case errors.Is(err, pair.ErrChecksum):
		return "This code is altered or incomplete: a character is missing or wrong. Copy the whole code again."
	case errors.Is(err, pair.ErrFormat):
		return "This is not a pairing code. Paste the letters and digits the other device shows."
	case errors.Is(err, pair.ErrOtherOffer):
		return "This answer is to another code than the one this device shows now. Let the other device read the code on this screen, then read its new answer."
	case errors.Is(err, pair.ErrKind) && step == nearOffer:
		return "This is a first code, not an answer. On the other device choose “Read a code” and read the code on this screen; then read its answer here."
	case errors.Is(err, pair.ErrKind):
		return "This is an answer code. Read the code the other device shows first, after “Show my code”."
	case errors.Is(err, p2p.ErrOwnCode):
		return "This is this device's own code. Read the code the other device shows."
	case errors.Is(err, p2p.ErrUsed) && step == nearOffer:
		return "This answer was read already: the devices are connecting with it."
	case errors.Is(err, p2p.ErrUsed):
		return "This code was read already: its answer is on this screen."
	case errors.Is(err, p2p.ErrNoOffer):
		return "This device shows no code to answer: choose “Show my code” first."
	case errors.Is(err, p2p.ErrNoAddress):
		return "This device has no network address to offer. Turn Wi-Fi on (no internet is needed), then make a new code."
	case errors.Is(err, p2p.ErrUnreachable):
		return "The two devices could not reach each other. Join both to the same Wi-Fi network (some networks keep devices apart; a phone's hotspot does not), then make new codes."
	case errors.Is(err, p2p.ErrLost):
		return "The connection to the other device is lost. The game is saved on both devices: pair again to go on with it."
	}
	return refusalText(err)
}
