package lobby

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/ui/lang"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
)

// Online play: the host creates a room at the signalling hub and shares a
// link (/?room=…); the guest opens it, sees the game offered and accepts.
// From then on the two pages talk over a WebRTC data channel; the hub
// never sees a move. The game itself is an online.Table, drawn by the game
// screen like any other table; the Online screen is the lobby before the
// game is agreed. The shell keeps the table (tables.go).

// Online is the online lobby, and the game once both sides agreed on it.
type Online struct {
	app.Compo

	Table *online.Table // the online game on this page, or nil
	Keep  play.Keeping  // where the game is kept

	notice words
	copied bool // the link was just put on the clipboard
}

// OnMount takes the table's changes.
func (o *Online) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	ctx.Handle(screen.ActionTable, func(ctx app.Context, a app.Action) {
		if o.Table == nil {
			return
		}
		for _, c := range screen.News(a, o.Table) {
			o.notice = func() string { return screen.ChangeNotice(c) }
		}
	})
}

// Render draws an online game: before it starts the link to share or the
// offer to accept, then the game itself under the connection's state.
func (o *Online) Render() app.UI {
	t := o.Table
	if t == nil {
		return app.Main().Class("home").Body(app.P().Text(lang.T("lobby.online.none")))
	}
	if t.Started() {
		return &play.Game{Table: t, Keep: o.Keep}
	}
	hello, known := t.Offer()
	body := []app.UI{app.H1().Text(lang.T("lobby.online.title")), tableBanner(t)}
	_, connErr := t.Conn()
	switch {
	case screen.NoHub(connErr):
		body = append(body, noHub(t.Role() == match.Host))
	case t.Role() == match.Host:
		link := ""
		if t.Room() != "" {
			link = screen.ShareLink(t.Room())
		}
		body = append(body, app.Section().Class("card").Body(
			app.H2().Text(screen.Describe(hello.Spec)+screen.ClockNote(hello.Clock)),
			app.P().Text(lang.T("lobby.online.you_play", "seat", screen.SeatName(hello.Spec, hello.Host))),
			app.If(link != "", func() app.UI { return o.linkTools(link) }).
				Else(func() app.UI { return app.P().Class("note").Text(lang.T("lobby.online.creating")) }),
		))
	case known:
		body = append(body, invitation(hello, o.accept))
	default:
		body = append(body, app.P().Class("note").Text(lang.T("lobby.online.looking")))
	}
	if text := o.notice.text(); text != "" {
		body = append(body, app.P().ID("notice").Class("error").Role("alert").Text(text))
	}
	body = append(body, app.P().Body(app.Button().ID("leave").Text(lang.T("lobby.leave")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(screen.ActionLeave) })))
	return app.Main().Class("home", "online").Body(body...)
}

// noHub is the lobby when the signalling server could not be reached: no
// link can be made or opened now. It offers to try again and, to the one
// who offers the game, the two ways to play it that need no server.
func noHub(host bool) app.UI {
	parts := []app.UI{
		app.H2().Text(lang.T("lobby.nohub.title")),
		app.P().Text(lang.T("lobby.nohub.why")),
		screen.RetryButton(),
	}
	if !host {
		parts = append(parts, app.P().Text(lang.T("lobby.nohub.guest")))
		return app.Section().ID("no-hub").Class("card").Body(parts...)
	}
	parts = append(parts,
		app.P().Text(lang.T("lobby.nohub.host")),
		app.Div().Class("choices").Body(
			app.Button().ID("instead-nearby").Text(lang.T("lobby.way.nearby")).
				OnClick(func(ctx app.Context, e app.Event) {
					ctx.NewActionWithValue(screen.ActionOnlineInstead, screen.InsteadNearby)
				}),
			app.Button().ID("instead-bylink").Text(lang.T("lobby.way.bylink")).
				OnClick(func(ctx app.Context, e app.Event) {
					ctx.NewActionWithValue(screen.ActionOnlineInstead, screen.InsteadByLink)
				}),
		),
		app.P().Class("note").Text(lang.T("lobby.nohub.ways")),
	)
	return app.Section().ID("no-hub").Class("card").Body(parts...)
}

// accept accepts the game offered by the link.
func (o *Online) accept(ctx app.Context, e app.Event) {
	if o.Table == nil {
		return
	}
	if err := o.Table.Accept(); err != nil {
		o.notice = func() string { return screen.RefusalText(err) }
	}
}

// link is the link to the online game, read when a button is pressed
// (go-app keeps a handler from its element's first render).
func (o *Online) link() string {
	if o.Table == nil || o.Table.Room() == "" {
		return ""
	}
	return screen.ShareLink(o.Table.Room())
}

// linkTools offers the link: to copy, to share, and as a QR code for a
// device nearby.
func (o *Online) linkTools(link string) app.UI {
	canShare := app.Window().Get("navigator").Get("share").Truthy()
	return app.Div().Class("link-tools").Body(
		app.Input().ID("online-link").Type("text").ReadOnly(true).Value(link).Aria("label", lang.T("lobby.link.label")),
		app.Div().Class("choices").Body(
			app.Button().ID("copy-link").Class("primary").Text(lang.T("lobby.link.copy")).
				OnClick(func(ctx app.Context, e app.Event) { o.copyLink(ctx) }),
			app.If(canShare, func() app.UI {
				return app.Button().ID("share-link").Text(lang.T("lobby.link.share")).
					OnClick(func(ctx app.Context, e app.Event) {
						app.Window().Get("navigator").Call("share", map[string]any{"title": "gygy", "text": lang.T("lobby.link.share_text"), "url": o.link()})
					})
			}),
		),
		app.If(o.copied, func() app.UI { return app.P().ID("copied").Role("status").Text(lang.T("lobby.link.copied")) }),
		qrCode(link),
		app.P().Class("note").Text(lang.T("lobby.link.scan")),
	)
}

// copyLink puts the link on the clipboard.
func (o *Online) copyLink(ctx app.Context) {
	o.copied = false
	screen.CopyText(ctx, o.link(), func(ok bool) {
		o.copied = ok
		if !ok {
			o.notice = func() string { return screen.CopyRefusedText() }
		}
	})
}
