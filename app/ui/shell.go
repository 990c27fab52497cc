package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/gyre"
)

// The views of the app, chosen by the query parameter "view".
const (
	viewHome  = ""
	viewPlay  = "play"
	viewRules = "rules"
	// viewOnline is an online game; its address carries the room instead
	// of a view (/?room=…), so that the link is short.
	viewOnline = "online"
)

// Shell is the app's root component: it owns the game session, switches
// between the views, runs the computer player and offers updates.
type Shell struct {
	app.Compo

	view        string
	sess        *session.Session
	store       session.Storage
	notice      string // an error or a piece of news for the player
	copied      bool   // the record was just put on the clipboard
	homeError   string
	updateReady bool   // a new version has been downloaded
	keep        bool   // player two chose to keep sides (hides the swap offer)
	confirm     bool   // the resign button asks for confirmation
	lastTheirs  string // the last action of the computer or the online opponent, for the status
	fixed       bool   // hot seat: keep the Gygès board turned South's way
	animate     bool   // the last move was just made here: animate it

	net *online // the online game on this page, if any

	thinking bool
	gen      int // bumped whenever a pending computer move must be dropped
	cancel   context.CancelFunc
}

// OnMount resumes the saved game and listens to the components' actions.
func (s *Shell) OnMount(ctx app.Context) {
	s.store = browserStorage{}
	if sess, err := session.Resume(s.store); err == nil {
		s.sess = sess
		s.warmComputer()
	} else if !errors.Is(err, session.ErrNotFound) {
		s.notice = "The saved game could not be resumed: " + err.Error()
	}
	ctx.Handle(ActionCell, s.onCell)
	ctx.Handle(ActionGyges, s.onGyges)
	ctx.Handle(ActionNewGame, func(ctx app.Context, a app.Action) {
		if setup, ok := a.Value.(session.Setup); ok {
			s.start(ctx, func() (*session.Session, error) { return session.New(setup, s.store) })
		}
	})
	ctx.Handle(ActionLoad, func(ctx app.Context, a app.Action) {
		text, _ := a.Value.(string)
		seats := [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}
		s.start(ctx, func() (*session.Session, error) { return session.FromRecord(text, seats, s.store) })
	})
	ctx.Handle(ActionResume, func(ctx app.Context, a app.Action) { s.navigate(ctx, viewPlay) })
	ctx.Handle(ActionOnline, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(onlineOffer); ok {
			s.hostOnline(ctx, o)
		}
	})
	s.watchWorker(ctx)
}

// watchWorker notices a new version that go-app's own notice can miss: a
// new service worker that takes over this page (controllerchange) means a
// new version is installed. A page that had no worker yet (the first
// visit) is not told: its worker is the current version.
func (s *Shell) watchWorker(ctx app.Context) {
	sw := app.Window().Get("navigator").Get("serviceWorker")
	if !sw.Truthy() || !sw.Get("controller").Truthy() {
		return
	}
	sw.Call("addEventListener", "controllerchange", app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { s.updateReady = true })
		return nil
	}))
}

// checkVersion looks at the service worker's caches, named after the
// version they hold: when the only one left belongs to another version, a
// new version has been installed (perhaps while the page was loading).
func (s *Shell) checkVersion(ctx app.Context) {
	caches := app.Window().Get("caches")
	if !caches.Truthy() {
		return
	}
	running := "app-" + app.Getenv("GOAPP_VERSION")
	caches.Call("keys").Then(func(keys app.Value) {
		mine, other := false, false
		for i := 0; i < keys.Length(); i++ {
			switch k := keys.Index(i).String(); {
			case k == running:
				mine = true
			case strings.HasPrefix(k, "app-"):
				other = true
			}
		}
		if other && !mine {
			ctx.Dispatch(func(ctx app.Context) { s.updateReady = true })
		}
	})
}

// OnNav picks the view from the address; the game view needs a game.
func (s *Shell) OnNav(ctx app.Context) {
	s.view = ctx.Page().URL().Query().Get("view")
	if room := ctx.Page().URL().Query().Get("room"); room != "" && app.IsClient {
		s.view = viewOnline
		s.joinOnline(ctx, room)
	}
	switch s.view {
	case viewOnline:
	case viewPlay:
		if s.sess == nil {
			s.view = viewHome
		}
	case viewRules:
	default:
		s.view = viewHome
	}
	title := "gygy"
	switch s.view {
	case viewPlay:
		title = s.sess.Game().String() + " · gygy"
	case viewOnline:
		title = "Online · gygy"
	case viewRules:
		title = "Rules · gygy"
	}
	ctx.Page().SetTitle(title)
	if s.view == viewHome && app.IsClient {
		// Between games: look for a new version.
		app.TryUpdate()
		s.checkVersion(ctx)
	}
	s.maybeThink(ctx)
}

// OnAppUpdate notes that a new version is ready; it is offered only
// between games.
func (s *Shell) OnAppUpdate(ctx app.Context) {
	s.updateReady = true
	ctx.Update() // go-app does not redraw after this event by itself
}

// OnDismount stops the computer player.
func (s *Shell) OnDismount() { s.stopThinking() }

func (s *Shell) navigate(ctx app.Context, view string) {
	u := *ctx.Page().URL()
	q := u.Query()
	q.Del("room")
	if view == viewHome {
		q.Del("view")
	} else {
		q.Set("view", view)
	}
	u.RawQuery = q.Encode()
	ctx.NavigateTo(&u)
}

// start replaces the session by a new one and shows it.
func (s *Shell) start(ctx app.Context, create func() (*session.Session, error)) {
	sess, err := create()
	if err != nil {
		s.homeError = err.Error()
		return
	}
	s.stopThinking()
	s.sess, s.homeError, s.notice, s.lastTheirs, s.animate = sess, "", "", "", false
	s.warmComputer()
	s.keep, s.confirm = false, false
	if s.view == viewPlay {
		s.maybeThink(ctx)
		return
	}
	s.navigate(ctx, viewPlay)
}

// warmComputer starts the computer player early in a game against it.
func (s *Shell) warmComputer() {
	if app.IsClient && thinker != nil && s.sess.Setup().HasComputer() && !s.sess.Over() {
		botWorker.warm()
	}
}

// onCell plays the cell a person chose on the GYRE board.
func (s *Shell) onCell(ctx app.Context, a app.Action) {
	cell, ok := a.Value.(int)
	if !ok || !s.personToAct() || s.cur().Game() != session.GYRE {
		return
	}
	s.play(ctx, s.cur().Gyre().Geometry().MoveName(gyre.Place(gyre.Cell(cell))))
}

// onGyges plays the setup or move a person made on the Gygès board.
func (s *Shell) onGyges(ctx app.Context, a app.Action) {
	action, ok := a.Value.(string)
	if !ok || !s.personToAct() || s.cur().Game() != session.Gyges {
		return
	}
	s.play(ctx, action)
}

// cur is the session on screen: the online game's in the online view,
// else the game at this device.
func (s *Shell) cur() *session.Session {
	if s.view == viewOnline {
		if s.net == nil {
			return nil
		}
		return s.net.sess
	}
	return s.sess
}

// personToAct reports whether a person at this device may act now.
func (s *Shell) personToAct() bool {
	if s.view == viewOnline {
		return s.net != nil && s.net.sess != nil && !s.net.sess.Over() && s.myTurnOnline()
	}
	return s.sess != nil && !s.thinking && !s.sess.Over() && !s.sess.ComputerToMove()
}

// play takes a person's action; the engine's refusal becomes the notice.
func (s *Shell) play(ctx app.Context, action string) {
	if s.view == viewOnline {
		if s.net != nil {
			s.playOnline(ctx, action)
		}
		return
	}
	if err := s.sess.Play(action); err != nil {
		s.notice = refusalText(err)
		return
	}
	s.changed(ctx)
	s.animate = true
}

// changed follows any change of the game: clear the notices, save errors
// shown, and let the computer move if it is its turn.
func (s *Shell) changed(ctx app.Context) {
	s.notice, s.confirm, s.lastTheirs, s.copied, s.animate = "", false, "", false, false
	if s.sess.Moves() != 1 {
		s.keep = false
	}
	if err := s.sess.SaveError(); err != nil {
		s.notice = "This game is not being saved: " + err.Error()
	}
	s.maybeThink(ctx)
}

// maybeThink starts the computer player when a computer seat is to move.
// It waits for the answer on its own goroutine (the search itself runs in
// a Web Worker); the move comes back to the UI goroutine through Dispatch,
// and is dropped if the game changed meanwhile (undo, new game).
func (s *Shell) maybeThink(ctx app.Context) {
	if s.sess == nil || thinker == nil || s.thinking || s.view != viewPlay || s.net != nil || !s.sess.ComputerToMove() {
		return
	}
	seat := s.sess.Setup().Seat(s.sess.Turn())
	record := s.sess.Record()
	s.gen++
	gen := s.gen
	c, cancel := context.WithCancel(context.Background())
	s.cancel, s.thinking = cancel, true
	seed := uint64(time.Now().UnixNano())
	ctx.Async(func() {
		action, err := thinker(c, record, seat.Level, seed)
		ctx.Dispatch(func(ctx app.Context) {
			if gen != s.gen {
				return
			}
			cancel()
			s.thinking, s.cancel = false, nil
			if err != nil {
				s.notice = fmt.Sprintf("The computer could not move: %v", err)
				return
			}
			if err := s.sess.Play(action); err != nil {
				s.notice = fmt.Sprintf("The computer tried an illegal move: %v", err)
				return
			}
			s.changed(ctx)
			s.lastTheirs, s.animate = action, true
		})
	})
}

func (s *Shell) stopThinking() {
	if s.cancel != nil {
		s.cancel()
	}
	s.cancel, s.thinking = nil, false
	s.gen++
}

// Render draws the header, the update offer and the current view.
func (s *Shell) Render() app.UI {
	inGame := s.view == viewPlay && s.sess != nil && !s.sess.Over()
	return app.Div().Class("shell", "view-"+viewName(s.view)).Body(
		app.Header().Class("top").Body(
			app.A().Class("brand").Href("./").Text("gygy"),
			app.Nav().Body(
				app.A().ID("nav-home").Href("./").Text("Home"),
				app.A().ID("nav-rules").Href("?view=rules").Text("Rules"),
			),
		),
		app.If(s.updateReady && !inGame, func() app.UI {
			return app.Div().ID("update").Class("banner").Role("status").Body(
				app.Text("A new version of gygy is ready. "),
				app.Button().ID("update-now").Text("Update now").
					OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
			)
		}),
		s.renderView(),
	)
}

func viewName(v string) string {
	if v == viewHome {
		return "home"
	}
	return v
}

func (s *Shell) renderView() app.UI {
	switch s.view {
	case viewPlay:
		if s.sess.Game() == session.Gyges {
			return s.renderGyges()
		}
		return s.renderGame()
	case viewRules:
		return &Rules{}
	case viewOnline:
		return s.renderOnline()
	}
	home := &Home{CanComputer: thinker != nil, Error: s.homeError}
	if s.net != nil {
		home.OnlineRoom = s.net.room
	}
	if s.sess != nil && !s.sess.Over() {
		home.Resumable = true
		home.ResumeLabel = resumeLabel(s.sess)
	}
	return home
}
