package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/pair"
	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
)

// Nearby play, without a server: the two devices pair by codes (package
// pair, p2p.CodePeer). The first shows a code, the second reads it and
// shows its answer, the first reads that; then the two talk over a WebRTC
// data channel, and the game is an online.Table as with a link. Nothing
// here needs the server: it works offline, on one Wi-Fi network with no
// internet. The Nearby screen is the lobby: the codes, the errors, "make
// a new code", and "pair again" after the connection is lost; the shell
// keeps the table and its code peer (shell_nearby.go).

// The lobby's own actions. Its buttons emit them rather than act, so that
// the work they start reports back through the screen's context, not the
// button's: go-app drops what a button's context dispatches once the
// button is gone.
const (
	actionNearbyCode    = "nearby-read-text" // value: the text of a code read
	actionNearbyNewCode = "nearby-new-code"  // make the offer again
	actionNearbyCamera  = "nearby-camera"    // start the camera
)

// CodePeer is a link made by exchanging codes (p2p.CodePeer): the first
// device makes an offer, the second reads it and answers, the first
// accepts the answer.
type CodePeer interface {
	online.Link
	Offer(ctx context.Context) (pair.Code, error)
	Answer(ctx context.Context, offer string) (pair.Code, error)
	Accept(answer string) error
}

// nearStep is where the pairing is on this device.
type nearStep int8

const (
	nearIdle   nearStep = iota // nothing yet: show a code or read one
	nearMaking                 // this device's code is being made
	nearOffer                  // the offer is shown; the answer is read here
	nearRead                   // the other device's offer is read here
	nearAnswer                 // the answer is shown; the other device reads it
)

// NearbyAsk is what the shell asks of the screen with a new pairing: show
// this device's code, or read the other's; or say why there is none. Its
// number tells a new request from one already done.
type NearbyAsk struct {
	N     int
	Offer bool
	Err   func() string // why there is none, worded when drawn; nil if there is
}

// Nearby is the nearby lobby, and the game once the devices have agreed
// on it. It owns the pairing's steps and the camera; the table and its
// code peer are the shell's.
type Nearby struct {
	app.Compo

	Table  *online.Table // the nearby game on this page, or nil
	Peer   CodePeer      // the code peer under Table
	Store  session.Storage
	Keep   play.Keeping                            // where the game is kept
	ReadQR func(picture app.Value) (string, error) // reads a camera picture off the page; may be nil
	Ask    NearbyAsk

	table  *online.Table // the table the state below belongs to
	asked  int           // the last request taken
	step   nearStep
	code   pair.Code // the code shown, once made
	input  string    // the code pasted
	err    words     // what went wrong with a code
	notice words
	copied bool
	// accepted says the first device read the answer: the devices connect.
	accepted bool
	scan     *scanner // the camera, while it looks for a QR code
	tries    int      // counts the pairing steps: a late result of an old one is dropped
}

// OnMount takes the lobby's actions and the table's changes, and the
// shell's request.
func (n *Nearby) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	ctx.Handle(actionNearbyCode, func(ctx app.Context, a app.Action) {
		if text, ok := a.Value.(string); ok {
			n.readCode(ctx, text)
		}
	})
	ctx.Handle(actionNearbyNewCode, func(ctx app.Context, a app.Action) { n.makeCode(ctx) })
	ctx.Handle(actionNearbyCamera, func(ctx app.Context, a app.Action) { n.startCamera(ctx) })
	ctx.Handle(screen.ActionTable, func(ctx app.Context, a app.Action) {
		if n.Table == nil {
			return
		}
		for _, c := range screen.News(a, n.Table) {
			n.notice = func() string { return screen.ChangeNotice(c) }
		}
	})
	n.take(ctx)
}

// OnUpdate takes a new request of the shell's.
func (n *Nearby) OnUpdate(ctx app.Context) { n.take(ctx) }

// OnDismount turns the camera off.
func (n *Nearby) OnDismount() { n.stopCamera() }

// take begins the pairing the shell asks for, once.
func (n *Nearby) take(ctx app.Context) {
	if n.Ask.N == 0 || n.Ask.N == n.asked {
		return
	}
	n.asked = n.Ask.N
	n.forget()
	if n.Ask.Err != nil {
		n.err = n.Ask.Err
		return
	}
	n.notice, n.copied = nil, false
	if n.Ask.Offer {
		n.makeCode(ctx)
	} else {
		n.step = nearRead
	}
}

// forget drops the pairing's steps: a new pairing, or a table that left by
// another way (a link, Leave).
func (n *Nearby) forget() {
	n.stopCamera()
	n.table, n.step, n.code, n.input, n.err, n.accepted = n.Table, nearIdle, pair.Code{}, "", nil, false
}

// makeCode makes (or makes again) this device's offer.
func (n *Nearby) makeCode(ctx app.Context) {
	peer := n.Peer
	if peer == nil {
		return
	}
	n.tries++
	try := n.tries
	n.step, n.err, n.input, n.copied = nearMaking, nil, "", false
	go func() {
		code, err := peer.Offer(context.Background()) // gathering is bounded by the peer
		ctx.Dispatch(func(ctx app.Context) {
			if n.Peer != peer || n.tries != try {
				return
			}
			n.step = nearOffer
			if err != nil {
				n.step, n.err = nearIdle, func() string { return pairingText(err, nearOffer) }
				return
			}
			n.code = code
		})
	}()
}

// readCode reads the code pasted (or seen by the camera): the offer on the
// second device, the answer on the first.
func (n *Nearby) readCode(ctx app.Context, text string) {
	peer, step := n.Peer, n.step
	if peer == nil || strings.TrimSpace(text) == "" {
		return
	}
	n.stopCamera()
	n.tries++
	try := n.tries
	n.err = nil
	if step == nearRead || step == nearAnswer {
		n.step = nearMaking
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
			if n.Peer != peer || n.tries != try {
				return
			}
			if step != nearOffer {
				n.step = step
			}
			if err != nil {
				n.err = func() string { return pairingText(err, step) }
				return
			}
			n.input, n.accepted = "", step == nearOffer
			if step != nearOffer {
				n.step, n.code, n.copied = nearAnswer, code, false
			}
		})
	}()
}

// pairingText says what went wrong with a code, and what to do, at the
// step where it was read.
func pairingText(err error, step nearStep) string {
	switch {
	case errors.Is(err, pair.ErrVersion):
		return lang.T("lobby.pair.version")
	case errors.Is(err, pair.ErrChecksum):
		return lang.T("lobby.pair.checksum")
	case errors.Is(err, pair.ErrFormat):
		return lang.T("lobby.pair.format")
	case errors.Is(err, pair.ErrOtherOffer):
		return lang.T("lobby.pair.other_offer")
	case errors.Is(err, pair.ErrKind) && step == nearOffer:
		return lang.T("lobby.pair.not_answer")
	case errors.Is(err, pair.ErrKind):
		return lang.T("lobby.pair.answer")
	case errors.Is(err, p2p.ErrOwnCode):
		return lang.T("lobby.pair.own")
	case errors.Is(err, p2p.ErrUsed) && step == nearOffer:
		return lang.T("lobby.pair.used_answer")
	case errors.Is(err, p2p.ErrUsed):
		return lang.T("lobby.pair.used_code")
	case errors.Is(err, p2p.ErrNoOffer):
		return lang.T("lobby.pair.no_offer")
	case errors.Is(err, p2p.ErrNoAddress):
		return lang.T("lobby.pair.no_address")
	case errors.Is(err, p2p.ErrUnreachable):
		return lang.T("lobby.pair.unreachable")
	case errors.Is(err, p2p.ErrLost):
		return lang.T("lobby.pair.lost")
	}
	return screen.RefusalText(err)
}

// SavedNearby is the nearby game saved on this device, if one was agreed.
func SavedNearby(store session.Storage) (online.Saved, bool) {
	var sv online.Saved
	if store == nil {
		return sv, false
	}
	text, err := store.Get(online.Key)
	if err != nil || json.Unmarshal([]byte(text), &sv) != nil || sv.Match == nil || !strings.HasPrefix(sv.Room, "nearby-") {
		return online.Saved{}, false
	}
	return sv, true
}
