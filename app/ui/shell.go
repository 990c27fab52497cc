package ui

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/session"
	uibylink "gygy/app/ui/bylink"
	"gygy/app/ui/games"
	"gygy/app/ui/home"
	"gygy/app/ui/learn"
	"gygy/app/ui/lobby"
	"gygy/app/ui/play"
	"gygy/app/ui/rules"
	"gygy/app/ui/screen"
)

// The views of the app, chosen by the query parameter "view".
const (
	viewHome  = ""
	viewPlay  = "play"
	viewRules = "rules"
	viewGames = "games" // My games (package games)
	// viewOnline is an online game; its address carries the room instead
	// of a view (/?room=…), so that the link is short.
	viewOnline = "online"
	// viewNearby is the nearby lobby and game (?view=nearby).
	viewNearby = "nearby"
	// viewLink is a game by link (?view=link#<link>, the game in the
	// fragment, which reaches no server).
	viewLink = "link"
	// viewLearn is the lessons, viewPuzzles the puzzles (package ui/learn).
	viewLearn   = "learn"
	viewPuzzles = "puzzles"
)

// ServerCannotDraw is what the server's pre-rendered page cannot show:
// the query parameters (with the view values, "" for any value) of the
// screens that need the device's saved game or the online one.
var ServerCannotDraw = map[string][]string{
	"view": {viewPlay, viewOnline, viewNearby, viewLink},
	"room": {""},
}

// Shell is the app's root component. It keeps only what every screen
// needs: the tables (the game at this device, and the online game on this
// page), the route and the services. It picks the screen from the address
// and hands it its table; each screen (Home, Game, Online, Nearby, Rules)
// owns its own state. It also offers updates between games.
type Shell struct {
	app.Compo
	tables

	view        string
	homeError   string // a game that could not start or resume
	updateReady bool   // a new version has been downloaded
}

// OnMount resumes the saved game and takes the screens' requests that
// change the tables or the route.
func (s *Shell) OnMount(ctx app.Context) {
	if s.svc.Store != nil {
		if sess, err := session.Resume(s.svc.Store); err == nil {
			s.setLocal(ctx, sess)
		} else if !errors.Is(err, session.ErrNotFound) {
			s.homeError = "The saved game could not be resumed: " + err.Error()
		}
	}
	ctx.Handle(home.ActionNewGame, func(ctx app.Context, a app.Action) {
		if setup, ok := a.Value.(session.Setup); ok {
			s.start(ctx, func() (*session.Session, error) { return session.New(setup, s.svc.Store) })
		}
	})
	ctx.Handle(home.ActionLoad, func(ctx app.Context, a app.Action) {
		text, _ := a.Value.(string)
		seats := [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}
		if o, ok := a.Value.(games.Opened); ok { // from My games: seated as it was played
			text, seats = o.Record, o.Seats
		}
		s.start(ctx, func() (*session.Session, error) { return session.FromRecord(text, seats, s.svc.Store) })
	})
	ctx.Handle(home.ActionByLink, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(screen.Offer); ok {
			href, err := uibylink.Start(s.svc.Store, o.Setup.Spec, o.Side)
			if err != nil {
				s.homeError = screen.RefusalText(err)
				return
			}
			ctx.Navigate(href)
		}
	})
	ctx.Handle(home.ActionResume, func(ctx app.Context, a app.Action) { s.navigate(ctx, viewPlay) })
	ctx.Handle(screen.ActionHome, func(ctx app.Context, a app.Action) { s.navigate(ctx, viewHome) })
	ctx.Handle(screen.ActionOnline, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(screen.Offer); ok {
			s.hostOnline(ctx, o)
		}
	})
	ctx.Handle(screen.ActionLeave, func(ctx app.Context, a app.Action) { s.quitOnline(ctx) })
	ctx.Handle(screen.ActionOnlineRetry, func(ctx app.Context, a app.Action) {
		if err := s.retry(ctx); err != nil {
			s.homeError = screen.RefusalText(err)
		}
	})
	ctx.Handle(screen.ActionOnlineInstead, func(ctx app.Context, a app.Action) {
		way, _ := a.Value.(string)
		s.instead(ctx, way)
	})
	ctx.Handle(screen.ActionNearby, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(screen.Offer); ok {
			s.beginNearby(ctx, online.Saved{Role: match.Host, Hello: helloOf(o)}, true)
			s.navigate(ctx, viewNearby)
		}
	})
	ctx.Handle(screen.ActionNearbyRead, func(ctx app.Context, a app.Action) {
		s.beginNearby(ctx, online.Saved{Role: match.Guest}, false)
		s.navigate(ctx, viewNearby)
	})
	ctx.Handle(screen.ActionNearbyAgain, func(ctx app.Context, a app.Action) {
		offer, _ := a.Value.(bool)
		s.again(ctx, offer)
	})
	s.watchWorker(ctx)
	s.watchHide()
}

// watchHide saves the online game, with the time, when the page is hidden
// or closed: a page that comes back counts the time between as an absence.
// It runs in the browser's event, at once: the page may not get another.
func (s *Shell) watchHide() {
	if !app.IsClient {
		return
	}
	persist := app.FuncOf(func(this app.Value, args []app.Value) any {
		if s.net != nil {
			s.net.Persist()
		}
		return nil
	})
	app.Window().Call("addEventListener", "pagehide", persist)
	app.Window().Get("document").Call("addEventListener", "visibilitychange", persist)
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
		if err := s.join(ctx, room); err != nil {
			s.homeError = screen.RefusalText(err)
		}
	}
	switch s.view {
	case viewNearby, viewRules, viewLink, viewLearn, viewPuzzles, viewGames:
	case viewOnline:
		if s.net == nil {
			s.view = viewHome // a link that could not be opened (homeError says why)
		}
	case viewPlay:
		if s.local == nil {
			s.view = viewHome
		}
	default:
		s.view = viewHome
	}
	title := "gygy"
	switch s.view {
	case viewPlay:
		title = s.local.View().Game.Spec().Kind.Title() + " · gygy"
	case viewOnline:
		title = "Online · gygy"
	case viewNearby:
		title = "Nearby · gygy"
	case viewRules:
		title = "Rules · gygy"
	case viewLink:
		title = "By link · gygy"
	case viewLearn:
		title = "Lessons · gygy"
	case viewPuzzles:
		title = "Puzzles · gygy"
	case viewGames:
		title = "My games · gygy"
	}
	ctx.Page().SetTitle(title)
	if s.view == viewHome && app.IsClient {
		// Between games: look for a new version.
		app.TryUpdate()
		s.checkVersion(ctx)
	}
	if s.local != nil {
		// The computer thinks while its game is on screen.
		if s.view == viewPlay {
			s.local.Open()
		} else {
			s.local.Close()
		}
	}
}

// OnAppUpdate notes that a new version is ready; it is offered only
// between games.
func (s *Shell) OnAppUpdate(ctx app.Context) {
	s.updateReady = true
	ctx.Update() // go-app does not redraw after this event by itself
}

// OnDismount stops the computer player.
func (s *Shell) OnDismount() {
	if s.local != nil {
		s.local.Close()
	}
}

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

// start replaces the game at this device by a new one and shows it.
func (s *Shell) start(ctx app.Context, create func() (*session.Session, error)) {
	sess, err := create()
	if err != nil {
		s.homeError = screen.RefusalText(err)
		return
	}
	if s.local != nil {
		if v := s.local.View(); !v.Game.Result().Over() && s.svc.Store != nil {
			// My games lists the game replaced as left unfinished; a list
			// that cannot be written keeps it as it was.
			_ = games.Leave(s.svc.Store, v.Game.Record())
		}
		s.local.Close()
	}
	s.setLocal(ctx, sess)
	s.homeError = ""
	if s.view == viewPlay {
		s.local.Open()
		return
	}
	s.navigate(ctx, viewPlay)
}

// hostOnline creates a room and waits for a guest. The page goes to the
// online view by go-app's navigation, so that go-app knows the page is no
// longer home (a press on Home is then a navigation, not the address
// go-app already shows); the address gets the room once the hub has made
// it (see connect).
func (s *Shell) hostOnline(ctx app.Context, o screen.Offer) {
	if err := s.connect(ctx, online.Saved{Role: match.Host, Hello: helloOf(o)}); err != nil {
		s.homeError = screen.RefusalText(err)
		return
	}
	s.navigate(ctx, viewOnline)
}

// quitOnline leaves the online game for good and goes home.
func (s *Shell) quitOnline(ctx app.Context) {
	s.quit()
	// The host's address got the room by history.replaceState, which
	// go-app does not see: go home by hand, not only by navigating.
	s.view = viewHome
	u := *ctx.Page().URL()
	u.RawQuery = ""
	ctx.NavigateTo(&u)
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// Render draws the header, the update offer and the current screen.
func (s *Shell) Render() app.UI {
	return app.Div().Class("shell", "view-"+viewName(s.view)).Body(
		app.Header().Class("top").Body(
			// The name leads home as the Home link does: one Tab stop for
			// both, so the keyboard reaches the page sooner.
			app.A().Class("brand").Href("./").TabIndex(-1).Text("gygy"),
			app.Nav().Body(
				app.A().ID("nav-home").Href("./").Text("Home"),
				app.A().ID("nav-rules").Href("?view=rules").Text("Rules"),
				app.A().ID("nav-games").Href("?view=games").Text("My games"),
				&screen.SoundToggle{},
				&ThemeToggle{},
			),
		),
		app.If(s.updateReady && !s.inGame(), func() app.UI {
			return app.Div().ID("update").Class("banner").Role("status").Body(
				app.Text("A new version of gygy is ready. "),
				app.Button().ID("update-now").Text("Update now").
					OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
			)
		}),
		s.screen(),
	)
}

// inGame reports whether a game at this device is under way on screen: no
// update is offered then.
func (s *Shell) inGame() bool {
	return s.view == viewPlay && s.local != nil && !s.local.View().Game.Result().Over()
}

func viewName(v string) string {
	if v == viewHome {
		return "home"
	}
	return v
}

// screen is the screen of the current view, given its table.
func (s *Shell) screen() app.UI {
	switch s.view {
	case viewPlay:
		if s.local != nil {
			return &play.Game{Table: s.local, Judge: s.svc.Judge}
		}
	case viewRules:
		return &rules.Rules{}
	case viewLink:
		return &uibylink.Screen{Store: s.svc.Store}
	case viewLearn:
		return &learn.Lessons{Store: s.svc.Store}
	case viewPuzzles:
		return &learn.Puzzles{Store: s.svc.Store}
	case viewGames:
		g := &games.Games{Store: s.svc.Store}
		if s.local != nil {
			v := s.local.View()
			g.Current = v.Game.Record()
			if !v.Game.Result().Over() {
				g.Unfinished = screen.ResumeLabel(v.Game)
			}
		}
		return g
	case viewOnline:
		return &lobby.Online{Table: s.net}
	case viewNearby:
		n := &lobby.Nearby{Store: s.svc.Store, ReadQR: s.svc.ReadQR, Ask: s.ask}
		s.ask = lobby.NearbyAsk{} // once: a later visit finds the pairing as it is
		if s.net != nil && s.code != nil {
			n.Table, n.Peer = s.net, s.code
		}
		return n
	}
	// The server's pre-rendered page has no computer player but draws the
	// home screen the browser will show, which has one.
	home := &home.Home{CanComputer: s.svc.Think != nil || !app.IsClient, Error: s.homeError}
	if app.IsClient {
		for _, e := range uibylink.List(s.svc.Store) {
			home.ByLink = append(home.ByLink, homeLinkGame(e))
		}
	}
	if s.net != nil {
		home.OnlineBack = "?room=" + s.net.Room()
		if s.code != nil {
			home.OnlineBack = "?view=" + viewNearby
		}
	} else if s.svc.Store != nil {
		if room, ok := online.Unfinished(s.svc.Store); ok {
			home.OnlineResume = "?room=" + room
		}
	}
	if s.local != nil {
		if v := s.local.View(); !v.Game.Result().Over() {
			home.Resumable = true
			home.ResumeLabel = screen.ResumeLabel(v.Game)
		}
	}
	return home
}

// homeLinkGame is a game by link as the home screen lists it.
func homeLinkGame(e uibylink.Entry) home.LinkGame {
	return home.LinkGame{Href: e.Href, Text: e.Text, YourMove: e.YourMove}
}
