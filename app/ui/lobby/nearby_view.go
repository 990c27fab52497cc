package lobby

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/pair"
	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
)

// The nearby lobby's screens: the start (read a code, or pair again to go
// on with a saved game), the offer with its QR code and the field for the
// answer, the reading of an offer, the answer, and the errors.

// nearbyText is the grouped code on screen, read when a button is pressed.
func (n *Nearby) nearbyText() string { return pair.Group(n.code.String(), 5) }

// Render draws the nearby lobby, or the game once it is agreed.
func (n *Nearby) Render() app.UI {
	t := n.Table
	if n.table != t {
		n.forget() // the table left by another way (a link, Leave)
	}
	lost := false
	if t != nil {
		c, err := t.Conn()
		lost = c == session.Closed && err != nil
		// A game resumed by a new pairing shows the pairing until the
		// devices are connected.
		pairing := n.step != nearIdle && c != session.Connected && c != session.Reconnecting
		if t.Started() && (lost || !pairing) {
			return &play.Game{Table: t, PairAgain: lost, Keep: n.Keep}
		}
	}
	body := []app.UI{app.H1().Text(lang.T("lobby.way.nearby"))}
	switch {
	case t == nil:
		body = append(body, n.nearbyStart())
	case lost:
		_, err := t.Conn()
		body = append(body, n.nearbyError(pairingText(err, n.step)), screen.PairAgain())
	default:
		body = append(body, n.nearbyPairing(t))
	}
	if text := n.notice.text(); text != "" {
		body = append(body, app.P().ID("notice").Class("error").Role("alert").Text(text))
	}
	body = append(body, app.P().Body(app.Button().ID("leave").Text(lang.T("lobby.leave")).
		OnClick(func(ctx app.Context, e app.Event) {
			n.forget()
			ctx.NewAction(screen.ActionLeave)
		})))
	return app.Main().Class("home", "nearby").Body(body...)
}

// nearbyStart is the lobby with no pairing under way: read a code, or
// pair again to resume the saved game.
func (n *Nearby) nearbyStart() app.UI {
	saved, resumable := SavedNearby(n.Store)
	card := app.Section().Class("card")
	if resumable {
		return card.Body(
			app.H2().Text(lang.T("lobby.nearby.go_on", "game", screen.Describe(saved.Hello.Spec), "clock", "")),
			app.P().Text(lang.T("lobby.nearby.pair_again")),
			screen.PairButtons(),
		)
	}
	return card.Body(
		app.P().Text(lang.T("lobby.nearby.start")),
		app.If(n.err.text() != "", func() app.UI { return n.nearbyError(n.err.text()) }),
		app.Button().ID("nearby-read").Class("primary").Text(lang.T("lobby.nearby.read")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(screen.ActionNearbyRead) }),
	)
}

// nearbyPairing draws the steps of a pairing under way.
func (n *Nearby) nearbyPairing(t *online.Table) app.UI {
	conn, _ := t.Conn()
	if conn == session.Connected {
		if hello, known := t.Offer(); known && t.Role() == match.Guest {
			return app.Div().Body(tableBanner(t), invitation(hello, n.accept))
		}
		return app.Div().Body(tableBanner(t),
			app.P().Class("note").Text(lang.T("lobby.nearby.waiting_accept")))
	}
	hello, _ := t.Offer()
	card := app.Section().Class("card")
	var parts []app.UI
	if t.Started() {
		parts = append(parts, app.H2().Text(lang.T("lobby.nearby.go_on", "game", screen.Describe(hello.Spec), "clock", screen.ClockNote(hello.Clock))),
			app.P().Text(lang.T("lobby.nearby.resumes", "n", t.View().Game.Len())))
	} else if t.Role() == match.Host {
		parts = append(parts, app.H2().Text(screen.Describe(hello.Spec)+screen.ClockNote(hello.Clock)),
			app.P().Text(lang.T("lobby.you_play", "seat", screen.SeatName(hello.Spec, hello.Host))))
	}
	switch n.step {
	case nearIdle:
		parts = append(parts, n.nearbyError(n.err.text()), screen.PairButtons())
		return card.Body(parts...)
	case nearMaking:
		parts = append(parts, app.P().ID("nearby-state").Class("note").Role("status").Text(lang.T("lobby.nearby.making")))
		return card.Body(parts...)
	case nearRead:
		if len(parts) == 0 {
			parts = append(parts, app.H2().Text(lang.T("lobby.nearby.join")))
		}
		parts = append(parts, app.P().Text(lang.T("lobby.nearby.read_how")))
		return card.Body(append(parts, n.codeReader(lang.T("lobby.nearby.other_code"))...)...)
	}
	// A code is on screen: the offer, or the answer.
	state := lang.T("lobby.nearby.wait_answer")
	if n.step == nearAnswer || n.accepted {
		state = lang.T("lobby.nearby.connecting")
	}
	howto := lang.T("lobby.nearby.howto")
	readLabel, more := lang.T("lobby.nearby.answer_label"), app.UI(app.Button().ID("nearby-new-code").Text(lang.T("lobby.nearby.new_code")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionNearbyNewCode) }))
	if n.step == nearAnswer {
		if len(parts) == 0 {
			parts = append(parts, app.H2().Text(lang.T("lobby.nearby.your_answer")))
		}
		howto = lang.T("lobby.nearby.answer_howto")
		readLabel, more = lang.T("lobby.nearby.new_from_first"), app.Text("")
	}
	parts = append(parts,
		app.P().Text(howto),
		n.codeTools(),
		app.P().ID("nearby-state").Class("note").Role("status").Text(state),
	)
	parts = append(parts, n.codeReader(readLabel)...)
	return card.Body(append(parts, more)...)
}

// codeTools shows this device's code: a QR code of its digits, and the
// text in groups, to read out or copy.
func (n *Nearby) codeTools() app.UI {
	text := n.nearbyText()
	return app.Div().Class("pair-tools").Body(
		qrImage(n.code.Digits(), lang.T("lobby.qr.code")),
		app.P().ID("nearby-code").Class("pair-code").Aria("label", lang.T("lobby.nearby.code_label")).Body(
			// Letters and digits in no language: the words' walk skips them.
			app.Span().Attr("data-notation", "code").Text(text),
		),
		app.Button().ID("nearby-copy").Text(lang.T("lobby.nearby.copy")).
			OnClick(func(ctx app.Context, e app.Event) { n.copyCode(ctx) }),
		app.If(n.copied, func() app.UI { return app.Span().ID("copied").Role("status").Text(" " + lang.T("lobby.nearby.copied")) }),
	)
}

// codeReader reads the other device's code: pasted, or by the camera.
func (n *Nearby) codeReader(label string) []app.UI {
	return []app.UI{
		app.Label().Class("pair-read").Body(
			app.Span().Text(label),
			app.Input().ID("nearby-in").Type("text").Value(n.input).
				Attr("autocomplete", "off").Attr("autocapitalize", "characters").Attr("spellcheck", "false").
				Placeholder("ABCDE FGHIJ …").
				OnInput(func(ctx app.Context, e app.Event) { n.input = ctx.JSSrc().Get("value").String() }),
		),
		app.If(n.err.text() != "", func() app.UI { return n.nearbyError(n.err.text()) }),
		app.Div().Class("choices").Body(
			app.Button().ID("nearby-read-code").Class("primary").Text(lang.T("lobby.nearby.read_this")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyCode, n.input) }),
			n.cameraButton(),
		),
		n.cameraView(),
	}
}

func (n *Nearby) nearbyError(text string) app.UI {
	if text == "" {
		return app.Text("")
	}
	return app.P().ID("nearby-error").Class("error").Role("alert").Text(text)
}

// accept accepts the game the other device offers.
func (n *Nearby) accept(ctx app.Context, e app.Event) {
	if n.Table == nil {
		return
	}
	if err := n.Table.Accept(); err != nil {
		n.notice = func() string { return screen.RefusalText(err) }
	}
}

// copyCode puts the code on screen on the clipboard.
func (n *Nearby) copyCode(ctx app.Context) {
	n.copied = false
	screen.CopyText(ctx, n.nearbyText(), func(ok bool) {
		n.copied = ok
		if !ok {
			n.notice = func() string { return screen.CopyRefusedText() }
		}
	})
}
