package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/engine/gyges"
)

// Online play: the host creates a room at the signalling hub and shares a
// link (/?room=…); the guest opens it, sees the game offered and accepts.
// From then on the two pages talk over a WebRTC data channel (package
// p2p); the hub never sees a move. The p2p.Match owns the record and
// checks every action with the engine; the shell draws a session rebuilt
// from that record, with the person here in one seat and the remote
// player in the other.

// ActionOnline is what the home screen emits to create an online game;
// its value is an onlineOffer.
const ActionOnline = "online-new"

// onlineOffer is the game the host offers: the setup (seats are ignored)
// and the host's side: "first", "second" or "random".
type onlineOffer struct {
	Setup session.Setup
	Side  string
}

// onlineKey is where an online game is kept for a reload, apart from the
// game saved at this device.
const onlineKey = "gygy.online"

// onlineSave is the stored form of an online game: enough to take the same
// seat in the same room after a reload and to resume the game.
type onlineSave struct {
	Room  string     `json:"room"`
	Token string     `json:"token"`
	Role  p2p.Role   `json:"role"`
	Hello p2p.Hello  `json:"hello"`
	Saved *p2p.Saved `json:"saved,omitempty"` // once the game is agreed
}

// online is the state of an online game on this page.
type online struct {
	peer  *p2p.Peer
	match *p2p.Match
	role  p2p.Role
	hello p2p.Hello // the game, once known
	known bool      // hello is known (the host's offer, or the guest saw it)
	room  string
	token string
	link  string

	state     p2p.State
	started   bool
	undoAsked bool // the opponent asks to take back an action
	undoSent  bool // we asked
	rematch   bool // the opponent offers a rematch
	closedErr string
	cancel    context.CancelFunc

	sess *session.Session // the game drawn, rebuilt from the match's record
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
func helloOf(o onlineOffer) p2p.Hello {
	h := p2p.Hello{App: app.Getenv("GOAPP_VERSION"), Host: p2p.One}
	switch o.Side {
	case "second":
		h.Host = p2p.Two
	case "random":
		if rand.IntN(2) == 1 {
			h.Host = p2p.Two
		}
	}
	if o.Setup.Game == session.Gyges {
		h.Game, h.Variant = p2p.GameGyges, o.Setup.Gyges.String()
		return h
	}
	h.Game, h.Size = p2p.GameGYRE, fmt.Sprintf("%dx%d", o.Setup.Size.Rings, o.Setup.Size.Cols)
	if o.Setup.Variant != 0 {
		h.Variant = o.Setup.Variant.String()
	}
	return h
}

// describe says what game a hello offers, for the guest and the waiting
// screen.
func describe(h p2p.Hello) string {
	if h.Game == p2p.GameGyges {
		if h.Variant == gyges.NoDisplace.String() {
			return "Gygès, beginner rule (no replacing)"
		}
		return "Gygès"
	}
	text := "GYRE " + strings.Replace(h.Size, "x", " × ", 1)
	if h.Variant != "" {
		text += ", without the swap rule"
	}
	return text
}

// seatName names a seat of a game: "player 1 (first)" or "South".
func seatName(h p2p.Hello, s p2p.Seat) string {
	if h.Game == p2p.GameGyges {
		if s == p2p.Two {
			return "North"
		}
		return "South (sets up and moves first)"
	}
	if s == p2p.Two {
		return "player 2 (second, may swap)"
	}
	return "player 1 (first)"
}

// hostOnline creates a room and waits for a guest.
func (s *Shell) hostOnline(ctx app.Context, o onlineOffer) {
	h := helloOf(o)
	s.leaveOnline()
	s.connect(ctx, onlineSave{Role: p2p.Host, Hello: h})
	// The address gets the room once the hub has made it (see connect).
	s.view = viewOnline
	ctx.Page().SetTitle("Online · gygy")
}

// joinOnline enters the room of a link: as the guest the first time, or
// back in this page's own seat after a reload.
func (s *Shell) joinOnline(ctx app.Context, room string) {
	if s.net != nil && s.net.room == room {
		return
	}
	s.leaveOnline()
	var saved onlineSave
	if text, err := s.store.Get(onlineKey); err == nil && json.Unmarshal([]byte(text), &saved) == nil && saved.Room == room {
		s.connect(ctx, saved)
		return
	}
	s.connect(ctx, onlineSave{Room: room, Role: p2p.Guest})
}

// connect starts the peer and the match for a saved or new online game.
func (s *Shell) connect(ctx app.Context, sv onlineSave) {
	peer := p2p.NewPeer(p2p.Config{SignalURL: signalURL(), Room: sv.Room, Token: sv.Token})
	n := &online{peer: peer, role: sv.Role, room: sv.Room, token: sv.Token, state: p2p.StateSignalling}
	var err error
	switch {
	case sv.Saved != nil:
		n.match, err = p2p.Resume(*sv.Saved, peer, p2p.MatchConfig{})
		n.hello, n.known, n.started = sv.Saved.Hello, true, true
	case sv.Role == p2p.Host:
		n.match, err = p2p.NewHost(sv.Hello, peer, p2p.MatchConfig{})
		n.hello, n.known = sv.Hello, true
	default:
		n.match = p2p.NewGuest(peer, p2p.MatchConfig{})
	}
	if err != nil {
		s.homeError = "The online game could not be resumed: " + err.Error()
		s.store.Delete(onlineKey)
		return
	}
	if n.room != "" {
		n.link = shareLink(n.room)
	}
	s.net = n
	s.mirror()
	c, cancel := context.WithCancel(context.Background())
	n.cancel = cancel
	handlers := p2p.Drive(n.match,
		func(ev p2p.Event, err error) { ctx.Dispatch(func(ctx app.Context) { s.onNetEvent(ctx, n, ev, err) }) },
		func(st p2p.State) { ctx.Dispatch(func(ctx app.Context) { s.onNetState(ctx, n, st) }) })
	ctx.Async(func() {
		err := peer.Start(c, handlers)
		ctx.Dispatch(func(ctx app.Context) {
			if s.net != n {
				return
			}
			if err != nil {
				n.state, n.closedErr = p2p.StateClosed, "Could not reach the signalling server: "+err.Error()
				return
			}
			room, token, _ := peer.Room()
			if n.room == "" {
				// A new room: the link carries it, and so does this
				// page's address, so that a reload comes back to it.
				n.room = room
				n.link = shareLink(room)
				app.Window().Get("history").Call("replaceState", nil, "", n.link)
			}
			n.token = token
			s.saveOnline()
		})
	})
}

// leaveOnline ends the online game on this page (the other page sees us
// leave) and forgets it.
func (s *Shell) leaveOnline() {
	if s.net == nil {
		return
	}
	n := s.net
	s.net = nil
	n.cancel()
	go n.peer.Close()
}

// saveOnline keeps the room, the seat and the game for a reload.
func (s *Shell) saveOnline() {
	n := s.net
	if n == nil || n.room == "" {
		return
	}
	sv := onlineSave{Room: n.room, Token: n.token, Role: n.role, Hello: n.hello}
	if saved, ok := n.match.Saved(); ok && n.started {
		sv.Saved = &saved
	}
	if data, err := json.Marshal(sv); err == nil {
		if err := s.store.Set(onlineKey, string(data)); err != nil {
			s.notice = "This online game is not being saved: " + err.Error()
		}
	}
}

// onNetState follows the connection.
func (s *Shell) onNetState(ctx app.Context, n *online, st p2p.State) {
	if s.net != n {
		return
	}
	n.state = st
	if st == p2p.StateClosed {
		if err := n.peer.Err(); err != nil {
			n.closedErr = "The connection closed: " + err.Error()
		}
	}
}

// onNetEvent applies what the other page sent, as the match reports it.
func (s *Shell) onNetEvent(ctx app.Context, n *online, ev p2p.Event, err error) {
	if s.net != n {
		return
	}
	if err != nil {
		switch {
		case errors.Is(err, p2p.ErrDiverged):
			n.closedErr = "The two games could not be brought back together: " + err.Error()
			s.leaveOnline()
			s.net = n // keep showing the game, stopped
		case p2p.IsRefusal(err):
			s.notice = "A message from your opponent was refused: " + refusalText(err)
		default:
			s.notice = refusalText(err)
		}
		return
	}
	s.notice = ""
	switch ev.Kind {
	case p2p.EventNone, p2p.EventPong:
		return
	case p2p.EventHello:
		n.hello, n.known = ev.Hello, true
	case p2p.EventStart:
		n.hello, n.known, n.started = ev.Hello, true, true
	case p2p.EventAction:
		s.lastTheirs, s.animate = ev.Action, true
	case p2p.EventResign:
		s.notice = "Your opponent resigned."
	case p2p.EventUndoRequest:
		n.undoAsked = true
	case p2p.EventUndo:
		n.undoSent, n.undoAsked = false, false
		s.notice = "The last move was taken back."
	case p2p.EventUndoDeclined:
		n.undoSent = false
		s.notice = "Your opponent declined to take the move back."
	case p2p.EventRematchRequest:
		n.rematch = true
	case p2p.EventRematch:
		n.hello, n.rematch = ev.Hello, false
		s.notice = "A new game, with the sides swapped."
	case p2p.EventRematchDeclined:
		s.notice = "Your opponent declined the rematch."
	case p2p.EventSync:
		s.notice = "The game was brought back in step with your opponent's."
	case p2p.EventResyncing:
		s.notice = "Checking the game with your opponent's…"
	case p2p.EventPeerError:
		s.notice = "Your opponent's app refused our last message: " + ev.Reason
	}
	if ev.Kind != p2p.EventAction {
		s.lastTheirs, s.animate = "", false
	}
	s.mirror()
	s.saveOnline()
}

// mirror rebuilds the session drawn on screen from the match's record.
func (s *Shell) mirror() {
	n := s.net
	if n == nil || !n.started {
		return
	}
	seats := [2]session.Seat{{Kind: session.Human}, {Kind: session.Remote}}
	if n.match.Me() == p2p.Two {
		seats[0], seats[1] = seats[1], seats[0]
	}
	sess, err := session.FromRecord(n.match.Record(), seats, nil)
	if err != nil {
		s.notice = "The online game cannot be shown: " + err.Error()
		return
	}
	if w := n.match.Winner(); w != p2p.NoSeat && sess.Winner() == session.NoPlayer {
		sess.Resign(session.Player(w.Other()))
	}
	n.sess = sess
}

// playOnline sends this side's action; the match checks it first.
func (s *Shell) playOnline(ctx app.Context, action string) {
	if err := s.net.match.Play(action); err != nil {
		s.notice = refusalText(err)
		return
	}
	s.notice, s.lastTheirs, s.animate, s.copied = "", "", true, false
	s.mirror()
	s.saveOnline()
}

// myTurnOnline reports whether the person here is to act.
func (s *Shell) myTurnOnline() bool {
	n := s.net
	return n.started && n.match.Turn() != p2p.NoSeat && n.match.Turn() == n.match.Me()
}

// renderOnline draws an online game: before it starts the link to share or
// the offer to accept, then the game itself under the connection's state.
func (s *Shell) renderOnline() app.UI {
	n := s.net
	if n == nil {
		return app.Main().Class("home").Body(app.P().Text("No online game here."))
	}
	if n.started && n.sess != nil {
		var game app.UI
		if n.sess.Game() == session.Gyges {
			game = s.renderGyges()
		} else {
			game = s.renderGame()
		}
		return app.Div().Class("online-game").Body(s.connBanner(n), s.requests(n), game)
	}
	body := []app.UI{app.H1().Text("Play online"), s.connBanner(n)}
	switch {
	case n.role == p2p.Host:
		body = append(body, app.Section().Class("card").Body(
			app.H2().Text(describe(n.hello)),
			app.P().Text("You play "+seatName(n.hello, n.hello.Host)+". Send this link to your opponent; the game starts when they open it and accept."),
			app.If(n.link != "", func() app.UI { return s.linkTools(n.link) }).
				Else(func() app.UI { return app.P().Class("note").Text("Creating the link…") }),
		))
	case n.known:
		body = append(body, app.Section().ID("online-offer").Class("card").Body(
			app.H2().Text("You are invited to play "+describe(n.hello)),
			app.P().Text("You would play "+seatName(n.hello, n.hello.Host.Other())+"."),
			app.Button().ID("accept").Class("primary").Text("Accept and play").
				OnClick(func(ctx app.Context, e app.Event) {
					if err := n.match.Accept(); err != nil {
						s.notice = refusalText(err)
						return
					}
					n.started = n.match.Started()
					s.mirror()
					s.saveOnline()
				}),
		))
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

// quitOnline leaves the online game for good and goes home.
func (s *Shell) quitOnline(ctx app.Context) {
	s.leaveOnline()
	s.store.Delete(onlineKey)
	s.notice = ""
	u := *ctx.Page().URL()
	u.RawQuery = ""
	ctx.NavigateTo(&u)
}

// linkTools offers the link: to copy, to share, and as a QR code for a
// device nearby.
func (s *Shell) linkTools(link string) app.UI {
	canShare := app.Window().Get("navigator").Get("share").Truthy()
	return app.Div().Class("link-tools").Body(
		app.Input().ID("online-link").Type("text").ReadOnly(true).Value(link).Aria("label", "Link to the game"),
		app.Div().Class("choices").Body(
			app.Button().ID("copy-link").Class("primary").Text("Copy the link").
				OnClick(func(ctx app.Context, e app.Event) { s.copyText(ctx, link) }),
			app.If(canShare, func() app.UI {
				return app.Button().ID("share-link").Text("Share…").
					OnClick(func(ctx app.Context, e app.Event) {
						app.Window().Get("navigator").Call("share", map[string]any{"title": "gygy", "text": "Play with me", "url": link})
					})
			}),
		),
		app.If(s.copied, func() app.UI { return app.P().ID("copied").Role("status").Text("Link copied.") }),
		qrCode(link),
		app.P().Class("note").Text("Or scan this code with the other device."),
	)
}

// connBanner shows the connection's state, always, in an online game.
func (s *Shell) connBanner(n *online) app.UI {
	text, class := "", "conn"
	switch n.state {
	case p2p.StateSignalling:
		text = "Reaching the signalling server…"
	case p2p.StateWaiting:
		text = "Waiting for your opponent to join."
		if n.started {
			text, class = "Your opponent has left; waiting for them to come back.", "conn reconnecting"
		}
	case p2p.StateNegotiating:
		text = "Connecting to your opponent…"
		if n.started {
			class = "conn reconnecting"
		}
	case p2p.StateConnected:
		text, class = "Connected to your opponent.", "conn connected"
	case p2p.StateReconnecting:
		text, class = "Connection lost: reconnecting…", "conn reconnecting"
	case p2p.StateClosed:
		text, class = "Disconnected.", "conn closed"
	}
	if n.closedErr != "" {
		text, class = n.closedErr, "conn closed"
	}
	return app.Div().ID("conn-state").Class("banner", class).Role("status").Text(text)
}

// requests shows the opponent's requests to answer: an undo, a rematch.
func (s *Shell) requests(n *online) app.UI {
	switch {
	case n.undoAsked:
		return app.Div().ID("undo-request").Class("banner", "offer").Body(
			app.Text("Your opponent asks to take back the last move. "),
			app.Button().ID("undo-allow").Text("Allow").OnClick(func(ctx app.Context, e app.Event) { s.answerUndo(n, true) }),
			app.Button().ID("undo-refuse").Text("Refuse").OnClick(func(ctx app.Context, e app.Event) { s.answerUndo(n, false) }),
		)
	case n.rematch:
		return app.Div().ID("rematch-request").Class("banner", "offer").Body(
			app.Text("Your opponent offers a rematch, with the sides swapped. "),
			app.Button().ID("rematch-yes").Text("Play again").OnClick(func(ctx app.Context, e app.Event) { s.answerRematch(n, true) }),
			app.Button().ID("rematch-no").Text("No, thanks").OnClick(func(ctx app.Context, e app.Event) { s.answerRematch(n, false) }),
		)
	}
	return app.Div().ID("no-request")
}

func (s *Shell) answerUndo(n *online, yes bool) {
	n.undoAsked = false
	if err := n.match.AnswerUndo(yes); err != nil {
		s.notice = refusalText(err)
	}
	s.mirror()
	s.saveOnline()
}

func (s *Shell) answerRematch(n *online, yes bool) {
	n.rematch = false
	if err := n.match.AnswerRematch(yes); err != nil {
		s.notice = refusalText(err)
	}
	s.mirror()
	s.saveOnline()
}

// onlineControls are the game's buttons online: undo by request, resign,
// rematch at the end, leave.
func (s *Shell) onlineControls() app.UI {
	n := s.net
	over := n.sess.Over()
	return app.Div().Class("controls").Body(
		// One may ask to take back one's own last action, while the
		// opponent is to act.
		app.Button().ID("undo").Text("Ask to undo").Disabled(n.undoSent || over || n.sess.Moves() == 0 || s.myTurnOnline()).
			OnClick(func(ctx app.Context, e app.Event) {
				if err := n.match.RequestUndo(); err != nil {
					s.notice = refusalText(err)
					return
				}
				n.undoSent = true
				s.notice = "Asked your opponent to take back the last move."
			}),
		app.If(!over && !s.confirm, func() app.UI {
			return app.Button().ID("resign").Text("Resign").
				OnClick(func(ctx app.Context, e app.Event) { s.confirm = true })
		}).ElseIf(!over, func() app.UI {
			return app.Button().ID("resign-yes").Class("danger").Text("Really resign?").
				OnClick(func(ctx app.Context, e app.Event) {
					s.confirm = false
					if err := n.match.Resign(); err != nil {
						s.notice = refusalText(err)
					}
					s.mirror()
					s.saveOnline()
				})
		}),
		app.If(over, func() app.UI {
			return app.Button().ID("rematch").Class("primary").Text("Rematch, sides swapped").
				OnClick(func(ctx app.Context, e app.Event) {
					if err := n.match.RequestRematch(); err != nil {
						s.notice = refusalText(err)
						return
					}
					s.notice = "Rematch offered."
				})
		}),
		app.Button().ID("leave").Text("Leave").
			OnClick(func(ctx app.Context, e app.Event) { s.quitOnline(ctx) }),
		app.Button().ID("copy").Text("Copy record").
			OnClick(func(ctx app.Context, e app.Event) { s.copyText(ctx, n.sess.Record()) }),
		app.If(s.copied, func() app.UI {
			return app.Span().ID("copied").Role("status").Text("Copied.")
		}),
	)
}
