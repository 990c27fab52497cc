package ui

import (
	"errors"
	"math/rand/v2"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/lobby"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// tables are the shell's tables, what every screen needs: the game at
// this device and the online game on this page, made from the services.
//
// A table changes by itself (the computer's move, the opponent's, the
// connection) on the UI goroutine, through the Run function it was given
// (runner); at the end of each such change the screens are handed what
// changed as one action (screen.ActionTable), and the screen that draws
// that table redraws. The screens hand the person's intents to their
// table themselves.
type tables struct {
	svc  Services
	keep play.Keeping // the services every game screen keeps things in

	local *session.Local // the game at this device, saved after every change
	net   *online.Table  // the online game on this page, if any
	code  lobby.CodePeer // the pairing under net when it is a nearby game
	// What the nearby table began with (to begin again), and what the
	// nearby screen is to do with a new pairing, counted.
	codeSaved online.Saved
	ask       lobby.NearbyAsk
	asks      int

	// The changes since a Run began, handed to the screens at its end.
	changes []screen.TableChange
	running bool
}

// runner is the tables' Run: it hands f to the UI goroutine and, once f
// has run, tells the screens what changed, even when nothing a subscriber
// hears of did (a clock, the computer's thinking), so that the screen on
// top redraws.
func (ts *tables) runner(ctx app.Context) func(func()) {
	return func(f func()) {
		ctx.Dispatch(func(ctx app.Context) {
			ts.running = true
			f()
			ts.running = false
			ts.flush(ctx)
		})
	}
}

func (ts *tables) flush(ctx app.Context) {
	changes := ts.changes
	ts.changes = nil
	ctx.NewActionWithValue(screen.ActionTable, changes)
}

// watch passes the changes of table t to the screens while t is one of
// the tables.
func (ts *tables) watch(ctx app.Context, t session.Table) {
	t.Subscribe(func(c session.Change) {
		if t != session.Table(ts.local) && t != session.Table(ts.net) {
			return
		}
		ts.changes = append(ts.changes, screen.TableChange{Table: t, Change: c})
		if !ts.running {
			ts.flush(ctx)
		}
	})
}

// setLocal puts a session on the table at this device, with the computer
// player for its computer seats.
func (ts *tables) setLocal(ctx app.Context, sess *session.Session) {
	var think session.Thinker
	if app.IsClient && ts.svc.Think != nil && sess.Setup().HasComputer() {
		if ts.svc.Warm != nil {
			ts.svc.Warm()
		}
		think = ts.svc.Think
	}
	t := session.NewLocal(sess, session.LocalConfig{Think: think, Run: ts.runner(ctx)})
	ts.watch(ctx, t)
	ts.local = t
}

// openOnline puts a new online table over link on this page, in place of
// the one before: the one place where an online game, by the hub or by
// codes, is wired to the screens.
func (ts *tables) openOnline(ctx app.Context, link online.Link, sv online.Saved) (*online.Table, error) {
	ts.leave()
	t, err := online.New(link, sv, online.Config{Store: ts.svc.Store, Run: ts.runner(ctx)})
	if err != nil {
		return nil, err
	}
	ts.watch(ctx, t)
	ts.net = t
	return t, nil
}

// leave drops the online game: for good when it was agreed (Close), or
// keeping it for another table of this page (Hang, before openOnline).
func (ts *tables) leave() {
	if ts.net != nil {
		ts.net.Hang()
	}
	ts.net, ts.code, ts.codeSaved = nil, nil, online.Saved{}
}

// quit leaves the online game: the other side sees us leave. A game
// agreed and not over stays saved, for the home screen's Resume (the
// link then gives this device its seat back); any other is forgotten.
func (ts *tables) quit() {
	if t := ts.net; t != nil {
		if t.Started() && !t.View().Game.Result().Over() {
			t.Hang()
		} else {
			t.Close()
		}
	}
	ts.net, ts.code, ts.codeSaved = nil, nil, online.Saved{}
}

// helloOf describes an offered game on the wire.
func helloOf(o screen.Offer) match.Hello {
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

// join enters the room of a link: as the guest the first time, or back in
// this page's own seat after a reload.
func (ts *tables) join(ctx app.Context, room string) error {
	if ts.net != nil && ts.net.Room() == room {
		return nil
	}
	if sv, ok := online.Load(ts.svc.Store, room); ok {
		return ts.connect(ctx, sv)
	}
	return ts.connect(ctx, online.Saved{Room: room, Role: match.Guest})
}

// errNoOnline says that the page was built without a way to the hub.
var errNoOnline = errors.New("online play is not available here")

// connect starts the table of a saved or new online game through the hub.
func (ts *tables) connect(ctx app.Context, sv online.Saved) error {
	if ts.svc.LinkPeer == nil {
		return errNoOnline
	}
	t, err := ts.openOnline(ctx, ts.svc.LinkPeer(sv.Room, sv.Token), sv)
	if err != nil {
		return err
	}
	if sv.Room == "" {
		t.Subscribe(func(c session.Change) {
			if c.Event == session.Joined && ts.net == t {
				// A new room: the link carries it, and so does this
				// page's address, so that a reload comes back to it.
				app.Window().Get("history").Call("replaceState", nil, "", screen.ShareLink(t.Room()))
			}
		})
	}
	t.Start()
	return nil
}

// retry makes the online table again over a new link to the hub, after
// its link failed to start (the hub could not be reached): the same offer,
// the same link opened, or the same game resumed.
func (ts *tables) retry(ctx app.Context) error {
	t := ts.net
	if t == nil || ts.code != nil {
		return nil
	}
	return ts.connect(ctx, t.Saved())
}

// beginNearby puts a new online table over a new code peer: a new game
// offered (Role Host), one to be read (Role Guest), or a saved game to
// resume under its room; the nearby screen then shows this device's code
// (offer) or reads the other's.
func (ts *tables) beginNearby(ctx app.Context, sv online.Saved, offer bool) {
	ts.asks++
	ts.ask = lobby.NearbyAsk{N: ts.asks, Offer: offer}
	if ts.svc.CodePeer == nil {
		ts.ask.Err = func() string { return lang.T("lobby.nearby.unavailable") }
		return
	}
	peer := ts.svc.CodePeer(sv.Room)
	t, err := ts.openOnline(ctx, peer, sv)
	ts.codeSaved = sv
	if err != nil {
		ts.ask.Err = func() string { return screen.RefusalText(err) }
		return
	}
	ts.code = peer
	t.Start()
}

// again begins a new pairing after the last one failed or dropped, or
// after a reload: the game resumes if it was agreed, else the same offer
// is made anew.
func (ts *tables) again(ctx app.Context, offer bool) {
	sv := ts.codeSaved
	if ts.net != nil && ts.code != nil {
		if saved, ok := online.Load(ts.svc.Store, ts.net.Room()); ok && saved.Match != nil {
			sv = saved
		}
	} else if saved, ok := lobby.SavedNearby(ts.svc.Store); ok {
		sv = saved
	}
	ts.beginNearby(ctx, sv, offer)
}
