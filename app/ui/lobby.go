package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/session"
)

// What the lobbies (Online, Nearby) and the game screen of an online game
// show alike: the connection's state, the game offered to accept, and a
// new pairing for a nearby game. They hold no state: the screens pass in
// what they draw and the handlers that act.

// SignalURL is the signalling hub's WebSocket address: the one the app was
// served with, or /signal beside the app.
func SignalURL() string {
	if a := SignalAddress(); a != "" {
		return a
	}
	u := app.Window().Get("URL").New("signal", app.Window().Get("document").Get("baseURI"))
	proto := "ws:"
	if u.Get("protocol").String() == "https:" {
		proto = "wss:"
	}
	u.Set("protocol", proto)
	return u.Get("href").String()
}

// shareLink is the address that invites the other player to a room.
func shareLink(room string) string {
	u := app.Window().Get("URL").New("./", app.Window().Get("document").Get("baseURI"))
	u.Get("searchParams").Call("set", "room", room)
	return u.Get("href").String()
}

// tableBanner is the connection's banner for an online table.
func tableBanner(t *online.Table) app.UI {
	conn, err := t.Conn()
	return connBanner(conn, err, t.Started())
}

// connBanner shows the connection's state, always, in an online game:
// started says the game was agreed (a wait is then for a return).
func connBanner(conn session.Conn, err error, started bool) app.UI {
	text, class := "", "conn"
	switch conn {
	case session.Signalling:
		text = "Reaching the signalling server…"
	case session.Waiting:
		text = "Waiting for your opponent to join."
		if started {
			text, class = "Your opponent has left; waiting for them to come back.", "conn reconnecting"
		}
	case session.Negotiating:
		text = "Connecting to your opponent…"
		if started {
			class = "conn reconnecting"
		}
	case session.Connected:
		text, class = "Connected to your opponent.", "conn connected"
	case session.Reconnecting:
		text, class = "Connection lost: reconnecting…", "conn reconnecting"
	case session.Closed:
		text, class = "Disconnected.", "conn closed"
	}
	if err != nil {
		text, class = refusalText(err), "conn closed"
	}
	return app.Div().ID("conn-state").Class("banner", class).Role("status").Text(text)
}

// invitation shows the guest the game offered, to accept.
func invitation(hello p2p.Hello, accept app.EventHandler) app.UI {
	return app.Section().ID("online-offer").Class("card").Body(
		app.H2().Text("You are invited to play "+describe(hello.Spec)+clockNote(hello.Clock)),
		app.P().Text("You would play "+seatName(hello.Spec, hello.Host.Other())+"."),
		app.Button().ID("accept").Class("primary").Text("Accept and play").OnClick(accept),
	)
}

// pairAgain offers a new pairing after the connection was lost.
func pairAgain() app.UI {
	return app.Section().ID("nearby-lost").Class("card").Body(
		app.P().Text("With no server between them, the devices pair again to go on: one shows its code, the other reads it."),
		pairButtons(),
	)
}

// pairButtons begins a new pairing on this device, by either side (the
// shell makes the table).
func pairButtons() app.UI {
	return app.Div().Class("choices").Body(
		app.Button().ID("nearby-show").Class("primary").Text("Show my code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyAgain, true) }),
		app.Button().ID("nearby-read").Text("Read a code").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionNearbyAgain, false) }),
	)
}
