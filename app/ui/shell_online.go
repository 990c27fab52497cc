package ui

import (
	"math/rand/v2"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// The shell's tables and the screens: a table changes by itself (the
// computer's move, the opponent's, the connection) on the UI goroutine,
// through the Run function the shell gave it; at the end of each such
// change the shell hands what changed to the screens as one action
// (screen.ActionTable), and the screen that draws that table redraws.
// The screens hand the person's intents to their table themselves.

// runner is the tables' Run: it hands f to the UI goroutine and, once f
// has run, tells the screens what changed, even when nothing a subscriber
// hears of did (a clock, the computer's thinking), so that the screen on
// top redraws.
func (s *Shell) runner(ctx app.Context) func(func()) {
	return func(f func()) {
		ctx.Dispatch(func(ctx app.Context) {
			s.running = true
			f()
			s.running = false
			s.flush(ctx)
		})
	}
}

func (s *Shell) flush(ctx app.Context) {
	changes := s.changes
	s.changes = nil
	ctx.NewActionWithValue(screen.ActionTable, changes)
}

// watch passes the changes of table t to the screens while t is one of
// the shell's tables.
func (s *Shell) watch(ctx app.Context, t session.Table) {
	t.Subscribe(func(c session.Change) {
		if t != session.Table(s.local) && t != session.Table(s.net) {
			return
		}
		s.changes = append(s.changes, screen.TableChange{Table: t, Change: c})
		if !s.running {
			s.flush(ctx)
		}
	})
}

// helloOf describes an offered game on the wire.
func helloOf(o screen.Offer) p2p.Hello {
	h := p2p.Hello{Spec: o.Setup.Spec, Clock: o.Setup.Clock, App: app.Getenv("GOAPP_VERSION"), Host: game.One}
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

// openOnline puts a new online table over link on this page, in place of
// the one before: the one place where an online game, by the hub or by
// codes, is wired to the screens.
func (s *Shell) openOnline(ctx app.Context, link online.Link, sv online.Saved) (*online.Table, error) {
	if s.net != nil {
		s.net.Hang()
		s.net = nil
	}
	s.code, s.codeSaved = nil, online.Saved{}
	t, err := online.New(link, sv, online.Config{Store: s.svc.Store, Run: s.runner(ctx)})
	if err != nil {
		return nil, err
	}
	s.watch(ctx, t)
	s.net = t
	return t, nil
}

// hostOnline creates a room and waits for a guest.
func (s *Shell) hostOnline(ctx app.Context, o screen.Offer) {
	s.connect(ctx, online.Saved{Role: p2p.Host, Hello: helloOf(o)})
	// The address gets the room once the hub has made it (see connect).
	s.view = viewOnline
	ctx.Page().SetTitle("Online · gygy")
}

// joinOnline enters the room of a link: as the guest the first time, or
// back in this page's own seat after a reload.
func (s *Shell) joinOnline(ctx app.Context, room string) {
	if s.net != nil && s.net.Room() == room {
		return
	}
	if sv, ok := online.Load(s.svc.Store, room); ok {
		s.connect(ctx, sv)
		return
	}
	s.connect(ctx, online.Saved{Room: room, Role: p2p.Guest})
}

// connect starts the table of a saved or new online game through the hub.
func (s *Shell) connect(ctx app.Context, sv online.Saved) {
	if s.svc.LinkPeer == nil {
		s.homeError = "Online play is not available here."
		return
	}
	t, err := s.openOnline(ctx, s.svc.LinkPeer(sv.Room, sv.Token), sv)
	if err != nil {
		s.homeError = screen.RefusalText(err)
		return
	}
	if sv.Room == "" {
		t.Subscribe(func(c session.Change) {
			if c.Event == session.Joined && s.net == t {
				// A new room: the link carries it, and so does this
				// page's address, so that a reload comes back to it.
				app.Window().Get("history").Call("replaceState", nil, "", screen.ShareLink(t.Room()))
			}
		})
	}
	t.Start()
}

// quitOnline leaves the online game for good and goes home.
func (s *Shell) quitOnline(ctx app.Context) {
	if s.net != nil {
		s.net.Close()
		s.net = nil
	}
	s.code, s.codeSaved = nil, online.Saved{}
	// The host's address got the room by history.replaceState, which
	// go-app does not see: go home by hand, not only by navigating.
	s.view = viewHome
	u := *ctx.Page().URL()
	u.RawQuery = ""
	ctx.NavigateTo(&u)
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}
