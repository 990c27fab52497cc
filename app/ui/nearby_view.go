package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/pair"
	"gygy/app/session"
)

// The nearby lobby's screens: the start (read a code, or pair again to go
// on with a saved game), the offer with its QR code and the field for the
// answer, the reading of an offer, the answer, and the errors.

// nearbyText is the grouped code on screen, read when a button is pressed.
func (s *Shell) nearbyText() string { return pair.Group(s.near.code.String(), 5) }

// renderNearby draws the nearby lobby, or the game once it is agreed.
func (s *Shell) renderNearby() app.UI {
	n := s.net
	if s.near.table != nil && s.near.table != n {
		s.near = nearby{} // the table left by another way (a link, Leave)
	}
	lost := false
	if n != nil && s.near.table == n {
		c, err := n.Conn()
		lost = c == session.Closed && err != nil
		// A game resumed by a new pairing shows the pairing until the
		// devices are connected.
		pairing := s.near.step != nearIdle && c != session.Connected && c != session.Reconnecting
		if n.Started() && (lost || !pairing) {
			return s.onlineGame(n, app.If(lost, func() app.UI { return s.pairAgain() }))
		}
	}
	body := []app.UI{app.H1().Text("Nearby, without a server")}
	switch {
	case n == nil || s.near.table != n:
		body = append(body, s.nearbyStart())
	case lost:
		_, err := n.Conn()
		body = append(body, s.nearbyError(pairingText(err, s.near.step)), s.pairAgain())
	default:
		body = append(body, s.nearbyPairing(n))
	}
	if s.notice != "" {
		body = append(body, app.P().ID("notice").Class("error").Role("alert").Text(s.notice))
	}
	body = append(body, app.P().Body(app.Button().ID("leave").Text("Leave").
		OnClick(func(ctx app.Context, e app.Event) {
			s.stopCamera()
			s.near = nearby{}
			s.quitOnline(ctx)
		})))
	return app.Main().Class("home", "nearby").Body(body...)
}

// nearbyStart is the lobby with no pairing under way: read a code, or
// pair again to resume the saved game.
func (s *Shell) nearbyStart() app.UI {
	saved, resumable := savedNearby(s.store)
	card := app.Section().Class("card")
	if resumable {
		return card.Body(
			app.H2().Text("Go on with "+describe(saved.Hello.Spec)),
			app.P().Text("Pair the two devices again: one shows its code, the other reads it."),
			s.pairButtons(),
		)
	}
	return card.Body(
		app.P().Text("To offer a game, choose it on the home screen with “Nearby, without a server” and show your code. To join the game another device offers, read its code."),
		app.If(s.near.err != "", func() app.UI { return s.nearbyError(s.near.err) }),
		app.Button().ID("nearby-read").Class("primary").Text("Read a code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionNearbyRead) }),
	)
}

// pairAgain offers a new pairing after the connection was lost.
func (s *Shell) pairAgain() app.UI {
	return app.Section().ID("nearby-lost").Class("card").Body(
		app.P().Text("With no server between them, the devices pair again to go on: one shows its code, the other reads it."),
		s.pairButtons(),
	)
}

// pairButtons begins a new pairing on this device, by either side.
func (s *Shell) pairButtons() app.UI {
	return app.Div().Class("choices").Body(
		app.Button().ID("nearby-show").Class("primary").Text("Show my code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyAgain, true) }),
		app.Button().ID("nearby-read").Text("Read a code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyAgain, false) }),
	)
}

// nearbyPairing draws the steps of a pairing under way.
func (s *Shell) nearbyPairing(n *online.Table) app.UI {
	conn, _ := n.Conn()
	if conn == session.Connected {
		if hello, known := n.Offer(); known && n.Role() == match.Guest {
			return app.Div().Body(s.connBanner(n), s.invitation(hello))
		}
		return app.Div().Body(s.connBanner(n),
			app.P().Class("note").Text("Waiting for the other device to accept the game."))
	}
	hello, _ := n.Offer()
	card := app.Section().Class("card")
	var parts []app.UI
	if n.Started() {
		parts = append(parts, app.H2().Text("Go on with "+describe(hello.Spec)+clockNote(hello.Clock)),
			app.P().Text(fmt.Sprintf("The game resumes after move %d once the devices are paired again.", n.View().Game.Len())))
	} else if n.Role() == match.Host {
		parts = append(parts, app.H2().Text(describe(hello.Spec)+clockNote(hello.Clock)),
			app.P().Text("You play "+seatName(hello.Spec, hello.Host)+"."))
	}
	switch s.near.step {
	case nearIdle:
		parts = append(parts, s.nearbyError(s.near.err), s.pairButtons())
		return card.Body(parts...)
	case nearMaking:
		parts = append(parts, app.P().ID("nearby-state").Class("note").Role("status").Text("Making this device's code…"))
		return card.Body(parts...)
	case nearRead:
		parts = append(parts, app.P().Text("Read the code the other device shows: scan it, or paste it."))
		return card.Body(append(parts, s.codeReader("Code of the other device")...)...)
	}
	// A code is on screen: the offer, or the answer.
	state := "Waiting for the other device's answer."
	if s.near.step == nearAnswer || s.near.accepted {
		state = "Connecting to the other device…"
	}
	howto := "On the other device choose “Nearby, without a server”, then “Read a code”, and scan, paste or type this code. Then read its answer below."
	readLabel, more := "The other device's answer", app.UI(app.Button().ID("nearby-new-code").Text("Make a new code").
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionNearbyNewCode) }))
	if s.near.step == nearAnswer {
		howto = "Show this answer to the first device: it scans or types it, and the game begins."
		readLabel, more = "A new code from the first device", app.Text("")
	}
	parts = append(parts,
		app.P().Text(howto),
		s.codeTools(),
		app.P().ID("nearby-state").Class("note").Role("status").Text(state),
	)
	parts = append(parts, s.codeReader(readLabel)...)
	return card.Body(append(parts, more)...)
}

// codeTools shows this device's code: a QR code of its digits, and the
// text in groups, to read out or copy.
func (s *Shell) codeTools() app.UI {
	text := s.nearbyText()
	return app.Div().Class("pair-tools").Body(
		qrImage(s.near.code.Digits(), "QR code of this device's pairing code"),
		app.P().ID("nearby-code").Class("pair-code").Aria("label", "This device's code").Text(text),
		app.Button().ID("nearby-copy").Text("Copy the code").
			OnClick(func(ctx app.Context, e app.Event) { s.copyText(ctx, s.nearbyText()) }),
		app.If(s.copied, func() app.UI { return app.Span().ID("copied").Role("status").Text(" Code copied.") }),
	)
}

// codeReader reads the other device's code: pasted, or by the camera.
func (s *Shell) codeReader(label string) []app.UI {
	return []app.UI{
		app.Label().Class("pair-read").Body(
			app.Span().Text(label),
			app.Input().ID("nearby-in").Type("text").Value(s.near.input).
				Attr("autocomplete", "off").Attr("autocapitalize", "characters").Attr("spellcheck", "false").
				Placeholder("ABCDE FGHIJ …").
				OnInput(func(ctx app.Context, e app.Event) { s.near.input = ctx.JSSrc().Get("value").String() }),
		),
		app.If(s.near.err != "", func() app.UI { return s.nearbyError(s.near.err) }),
		app.Div().Class("choices").Body(
			app.Button().ID("nearby-read-code").Class("primary").Text("Read this code").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyCode, s.near.input) }),
			s.cameraButton(),
		),
		s.cameraView(),
	}
}

func (s *Shell) nearbyError(text string) app.UI {
	if text == "" {
		return app.Text("")
	}
	return app.P().ID("nearby-error").Class("error").Role("alert").Text(text)
}

// nearbyNote explains nearby play on the home screen, with the way in for
// the device that reads the code.
func nearbyNote() app.UI {
	return app.Div().Body(
		app.P().Class("note").Text("Two devices on one Wi-Fi network, no internet needed: this device shows a code, the other reads it and shows its answer, and the game runs between the two."),
		app.Button().ID("nearby-join").Text("Read a code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionNearbyRead) }),
	)
}
