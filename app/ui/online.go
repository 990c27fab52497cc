package ui

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Online play: the host creates a room at the signalling hub and shares a
// link (/?room=…); the guest opens it, sees the game offered and accepts.
// From then on the two pages talk over a WebRTC data channel; the hub
// never sees a move. The game itself is an online.Table, drawn like any
// other table; this file holds the lobby before the game is agreed and the
// connection's banner.

// ActionOnline is what the home screen emits to create an online game;
// its value is an onlineOffer.
const ActionOnline = "online-new"

// onlineOffer is the game the host offers: the setup (seats are ignored)
// and the host's side: "first", "second" or "random".
type onlineOffer struct {
	Setup session.Setup
	Side  string
}

// signalURL is the signalling hub's WebSocket address: the one the app was
// served with, or /signal beside the app.
func signalURL() string {
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

// helloOf describes an offered game on the wire.
func helloOf(o onlineOffer) match.Hello {
	h := match.Hello{Spec: o.Setup.Spec, Clock: o.Setup.Clock, App: app.Getenv("GOAPP_VERSION"), Host: game.One}
	switch o.Side {
	case "second":
		h.Host = game.Two
	case "random":
		if rand.IntN(2) == 1 {
			h.Host = game.Two
		}
	}
	return h
}

// describe says what game a spec is, for the guest and the waiting screen.
func describe(s game.Spec) string {
	if s.Kind == game.Gyges {
		if s.Gyges == gyges.NoDisplace {
			return "Gygès, beginner rule (no replacing)"
		}
		return "Gygès"
	}
	text := fmt.Sprintf("GYRE %d × %d", s.Size.Rings, s.Size.Cols)
	switch s.Gyre {
	case gyre.NoSwap:
		text += ", without the swap rule"
	case gyre.GyreFirst:
		text += ", Gyre first, without the swap rule"
	}
	if k := s.Gyre.K(); k > 0 {
		text += fmt.Sprintf(", with opening %d", k)
	}
	return text
}

// clockNote describes a time control after a game's name: ", 5 min + 3 s
// a move", or nothing for an untimed game.
func clockNote(c clock.Control) string {
	if !c.On() {
		return ""
	}
	return ", " + controlName(c)
}

// controlName names a time control for people: "5 min + 3 s a move".
func controlName(c clock.Control) string {
	text := fmt.Sprintf("%s min", strconv.FormatFloat(c.Base.Minutes(), 'f', -1, 64))
	if c.Increment > 0 {
		text += fmt.Sprintf(" + %d s a move", int(c.Increment.Seconds()))
	}
	return text
}

// seatName names a seat of a game: "player 1 (first)" or "South".
func seatName(s game.Spec, p game.Seat) string {
	if s.Kind == game.Gyges {
		if p == game.Two {
			return "North"
		}
		return "South (sets up and moves first)"
	}
	if p == game.Two {
		return "player 2 (second, may swap)"
	}
	return "player 1 (first)"
}

// hostOnline creates a room and waits for a guest.
func (s *Shell) hostOnline(ctx app.Context, o onlineOffer) {
	s.connect(ctx, online.Saved{Role: match.Host, Hello: helloOf(o)})
	// The address gets the room once the hub has made it (see onJoined).
	s.view = viewOnline
	ctx.Page().SetTitle("Online · gygy")
}

// joinOnline enters the room of a link: as the guest the first time, or
// back in this page's own seat after a reload.
func (s *Shell) joinOnline(ctx app.Context, room string) {
	if s.net != nil && s.net.Room() == room {
		return
	}
	if sv, ok := online.Load(s.store, room); ok {
		s.connect(ctx, sv)
		return
	}
	s.connect(ctx, online.Saved{Room: room, Role: match.Guest})
}

// connect starts the table of a saved or new online game.
func (s *Shell) connect(ctx app.Context, sv online.Saved) {
	if s.net != nil {
		s.net.Hang()
		s.net = nil
	}
	peer := p2p.NewPeer(p2p.Config{SignalURL: signalURL(), Room: sv.Room, Token: sv.Token})
	t, err := online.New(peer, sv, online.Config{
		Store: s.store,
		Run:   func(f func()) { ctx.Dispatch(func(ctx app.Context) { f() }) },
	})
	if err != nil {
		s.homeError = refusalText(err)
		return
	}
	t.Subscribe(func(c session.Change) {
		if s.net != t {
			return
		}
		if c.Event == session.Joined && sv.Room == "" {
			// A new room: the link carries it, and so does this page's
			// address, so that a reload comes back to it.
			app.Window().Get("history").Call("replaceState", nil, "", shareLink(t.Room()))
		}
		s.onChange(c)
	})
	s.net = t
	t.Start()
}

// renderOnline draws an online game: before it starts the link to share or
// the offer to accept, then the game itself under the connection's state.
func (s *Shell) renderOnline() app.UI {
	n := s.net
	if n == nil {
		return app.Main().Class("home").Body(app.P().Text("No online game here."))
	}
	if n.Started() {
		return s.onlineGame(n)
	}
	hello, known := n.Offer()
	body := []app.UI{app.H1().Text("Play online"), s.connBanner(n)}
	switch {
	case n.Role() == match.Host:
		link := ""
		if n.Room() != "" {
			link = shareLink(n.Room())
		}
		body = append(body, app.Section().Class("card").Body(
			app.H2().Text(describe(hello.Spec)+clockNote(hello.Clock)),
			app.P().Text("You play "+seatName(hello.Spec, hello.Host)+". Send this link to your opponent; the game starts when they open it and accept."),
			app.If(link != "", func() app.UI { return s.linkTools(link) }).
				Else(func() app.UI { return app.P().Class("note").Text("Creating the link…") }),
		))
	case known:
		body = append(body, s.invitation(hello))
	default:
		body = append(body, app.P().Class("note").Text("Looking for the game of this link…"))
	}
	if s.notice != "" {
		body = append(body, app.P().ID("notice").Class("error").Role("alert").Text(s.notice))
	}
	body = append(body, app.P().Body(app.Button().ID("leave").Text("Leave").
		OnClick(func(ctx app.Context, e app.Event) { s.quitOnline(ctx) })))
	return app.Main().Class("home", "online").Body(body...)
}

// onlineGame draws an online game once both sides agreed on it: the
// connection's state, the opponent's absence and questions, the table,
// and more (a nearby game's "pair again").
func (s *Shell) onlineGame(n *online.Table, more ...app.UI) app.UI {
	v := n.View()
	return app.Div().Class("online-game").Body(append([]app.UI{s.connBanner(n), s.awayBanner(v), s.requests(v)}, append(more, s.renderTable(v))...)...)
}

// invitation shows the guest the game offered, to accept.
func (s *Shell) invitation(hello match.Hello) app.UI {
	return app.Section().ID("online-offer").Class("card").Body(
		app.H2().Text("You are invited to play "+describe(hello.Spec)+clockNote(hello.Clock)),
		app.P().Text("You would play "+seatName(hello.Spec, hello.Host.Other())+"."),
		app.Button().ID("accept").Class("primary").Text("Accept and play").
			OnClick(func(ctx app.Context, e app.Event) {
				if s.net == nil {
					return
				}
				if err := s.net.Accept(); err != nil {
					s.notice = refusalText(err)
				}
			}),
	)
}

// quitOnline leaves the online game for good and goes home.
func (s *Shell) quitOnline(ctx app.Context) {
	if s.net != nil {
		s.net.Close()
		s.net = nil
	}
	s.notice = ""
	// The host's address got the room by history.replaceState, which
	// go-app does not see: go home by hand, not only by navigating.
	s.view = viewHome
	u := *ctx.Page().URL()
	u.RawQuery = ""
	ctx.NavigateTo(&u)
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// link is the link to the online game on this page, read when a button
// is pressed (go-app keeps a handler from its element's first render).
func (s *Shell) link() string {
	if s.net == nil || s.net.Room() == "" {
		return ""
	}
	return shareLink(s.net.Room())
}

// linkTools offers the link: to copy, to share, and as a QR code for a
// device nearby.
func (s *Shell) linkTools(link string) app.UI {
	canShare := app.Window().Get("navigator").Get("share").Truthy()
	return app.Div().Class("link-tools").Body(
		app.Input().ID("online-link").Type("text").ReadOnly(true).Value(link).Aria("label", "Link to the game"),
		app.Div().Class("choices").Body(
			app.Button().ID("copy-link").Class("primary").Text("Copy the link").
				OnClick(func(ctx app.Context, e app.Event) { s.copyText(ctx, s.link()) }),
			app.If(canShare, func() app.UI {
				return app.Button().ID("share-link").Text("Share…").
					OnClick(func(ctx app.Context, e app.Event) {
						app.Window().Get("navigator").Call("share", map[string]any{"title": "gygy", "text": "Play with me", "url": s.link()})
					})
			}),
		),
		app.If(s.copied, func() app.UI { return app.P().ID("copied").Role("status").Text("Link copied.") }),
		qrCode(link),
		app.P().Class("note").Text("Or scan this code with the other device."),
	)
}

// connBanner shows the connection's state, always, in an online game.
func (s *Shell) connBanner(n *online.Table) app.UI {
	conn, err := n.Conn()
	started := n.Started()
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

// requests shows the opponent's question to answer: an undo, a rematch.
func (s *Shell) requests(v session.View) app.UI {
	answer := func(yes bool) {
		if t := s.table(); t != nil {
			if err := t.Answer(yes); err != nil {
				s.notice = refusalText(err)
			}
		}
	}
	switch v.Question {
	case session.UndoAsked:
		return app.Div().ID("undo-request").Class("banner", "offer").Body(
			app.Text("Your opponent asks to take back the last move. "),
			app.Button().ID("undo-allow").Text("Allow").OnClick(func(ctx app.Context, e app.Event) { answer(true) }),
			app.Button().ID("undo-refuse").Text("Refuse").OnClick(func(ctx app.Context, e app.Event) { answer(false) }),
		)
	case session.RematchOffered:
		return app.Div().ID("rematch-request").Class("banner", "offer").Body(
			app.Text("Your opponent offers a rematch, with the sides swapped. "),
			app.Button().ID("rematch-yes").Text("Play again").OnClick(func(ctx app.Context, e app.Event) { answer(true) }),
			app.Button().ID("rematch-no").Text("No, thanks").OnClick(func(ctx app.Context, e app.Event) { answer(false) }),
		)
	}
	return app.Div().ID("no-request")
}
