package screen

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/app/ui/lang"
)

// Actions of an online game whose signalling server could not be reached
// (NoHub): try again, or play another way that needs no server.
const (
	// ActionOnlineRetry asks the shell to make the online table again.
	ActionOnlineRetry = "online-retry"
	// ActionOnlineInstead asks the shell to offer the same game another
	// way: its value is InsteadNearby or InsteadByLink.
	ActionOnlineInstead = "online-instead"
)

// The ways to play that ActionOnlineInstead offers.
const (
	InsteadNearby = "nearby"
	InsteadByLink = "bylink"
)

// NoHub reports whether err says that the signalling server could not be
// reached.
func NoHub(err error) bool { return errors.Is(err, p2p.ErrNoHub) }

// noHubText is what a player reads when the signalling server cannot be
// reached, in place of the browser's words.
func noHubText() string { return lang.T("screen.conn.no_hub") }

// RetryButton asks the shell to try the server again.
func RetryButton() app.UI {
	return app.Button().ID("online-retry").Class("primary").Text(lang.T("screen.conn.retry")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionOnlineRetry) })
}

// What the lobbies (Online, Nearby) and the game screen of an online game
// show alike: the connection's state, the game offered to accept, and a
// new pairing for a nearby game. They hold no state: the screens pass in
// what they draw and the handlers that act.

// ShareLink is the address that invites the other player to a room.
func ShareLink(room string) string {
	u := app.Window().Get("URL").New("./", app.Window().Get("document").Get("baseURI"))
	u.Get("searchParams").Call("set", "room", room)
	return u.Get("href").String()
}

// ConnBanner shows the connection's state, always, in an online game:
// started says the game was agreed (a wait is then for a return).
func ConnBanner(conn session.Conn, err error, started bool) app.UI {
	text, class := connText(conn, err, started)
	return app.Div().ID("conn-state").Class("banner", class).Role("status").Text(text)
}

// Delivery is what an online table says of this side's acts: how many the
// other side has not acknowledged yet, and whether the two are back in
// step after the connection was lost.
type Delivery interface {
	Unacked() int
	Late() bool
	InStepAgain() bool
}

// GameConnBanner is ConnBanner on the game screen, which also says that
// this side's move is on its way while the connection is down, that it
// has not arrived yet on a channel that looks open, and when the two
// sides are in step again (d is nil for a table that cannot say).
func GameConnBanner(conn session.Conn, err error, d Delivery) app.UI {
	text, class := gameConnText(conn, err, d)
	if NoHub(err) {
		// The game is saved on both devices: it goes on once the server
		// is back.
		return app.Div().ID("conn-state").Class("banner", class).Role("status").Body(
			app.Text(text+" "+lang.T("screen.conn.saved_retry")+" "), RetryButton())
	}
	return app.Div().ID("conn-state").Class("banner", class).Role("status").Text(text)
}

func gameConnText(conn session.Conn, err error, d Delivery) (text, class string) {
	text, class = connText(conn, err, true)
	switch {
	case d == nil || err != nil:
	case conn != session.Connected && conn != session.Closed && d.Unacked() > 0:
		text += " " + lang.T("screen.conn.on_its_way")
	case conn == session.Connected && d.Late():
		// Open, but no acknowledgement: the channel may be dying unseen.
		text, class = lang.T("screen.conn.late"), "conn connected late"
	case conn == session.Connected && d.InStepAgain():
		text = lang.T("screen.conn.in_step")
	}
	return text, class
}

// connText is the banner's text and classes.
func connText(conn session.Conn, err error, started bool) (text, class string) {
	class = "conn"
	switch conn {
	case session.Signalling:
		text = lang.T("screen.conn.signalling")
	case session.Waiting:
		text = lang.T("screen.conn.waiting")
		if started {
			text, class = lang.T("screen.conn.left"), "conn reconnecting"
		}
	case session.Negotiating:
		text = lang.T("screen.conn.negotiating")
		if started {
			class = "conn reconnecting"
		}
	case session.Connected:
		text, class = lang.T("screen.conn.connected"), "conn connected"
	case session.Reconnecting:
		text, class = lang.T("screen.conn.reconnecting"), "conn reconnecting"
	case session.Closed:
		text, class = lang.T("screen.conn.closed"), "conn closed"
	}
	switch {
	case NoHub(err):
		text, class = noHubText(), "conn closed"
	case err != nil:
		text, class = RefusalText(err), "conn closed"
	}
	return text, class
}

// PairAgain offers a new pairing after the connection was lost.
func PairAgain() app.UI {
	return app.Section().ID("nearby-lost").Class("card").Body(
		app.P().Text(lang.T("screen.pair.again")),
		PairButtons(),
	)
}

// PairButtons begins a new pairing on this device, by either side (the
// shell makes the table).
func PairButtons() app.UI {
	return app.Div().Class("choices").Body(
		app.Button().ID("nearby-show").Class("primary").Text(lang.T("screen.pair.show")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActionNearbyAgain, true) }),
		app.Button().ID("nearby-read").Text(lang.T("screen.pair.read")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActionNearbyAgain, false) }),
	)
}
