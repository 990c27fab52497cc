package ui

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/session"
	uibylink "gygy/app/ui/bylink"
	"gygy/app/ui/games"
	"gygy/app/ui/home"
	"gygy/app/ui/lang"
	"gygy/app/ui/learn"
	"gygy/app/ui/lobby"
	"gygy/app/ui/play"
	"gygy/app/ui/rules"
	"gygy/app/ui/screen"
)

// Shell is the app's root component. It keeps only what every screen
// needs: the tables (the game at this device, and the online game on this
// page), the route and the services. It picks the screen from the address
// and hands it its table; each screen owns its own state. Its versionOffer
// offers a new version between games.
type Shell struct {
	app.Compo
	tables

	update versionOffer

	view      string
	homeError func() string // a game that could not start or resume, worded when drawn
}

// OnInit words the page in the language of this device (kept, or the
// browser's) before the first drawing.
func (s *Shell) OnInit() {
	if app.IsClient {
		useLang(pageLang(s.svc.Store))
	}
}

// OnMount resumes the saved game and takes the screens' requests that
// change the tables or the route.
func (s *Shell) OnMount(ctx app.Context) {
	if s.svc.Store != nil {
		if sess, err := session.Resume(s.svc.Store); err == nil {
			s.setLocal(ctx, sess)
		} else if !errors.Is(err, session.ErrNotFound) {
			s.homeError = func() string { return lang.T("shell.resume_failed", "error", err.Error()) }
		}
	}
	ctx.Handle(home.ActionNewGame, func(ctx app.Context, a app.Action) {
		if setup, ok := a.Value.(session.Setup); ok {
			s.start(ctx, func() (*session.Session, error) { return session.New(setup, s.svc.Store) })
		}
	})
	ctx.Handle(screen.ActionLoad, func(ctx app.Context, a app.Action) {
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
				s.homeError = func() string { return screen.RefusalText(err) }
				return
			}
			ctx.Navigate(href)
		}
	})
	ctx.Handle(screen.ActionResume, func(ctx app.Context, a app.Action) { s.navigate(ctx, viewPlay) })
	ctx.Handle(screen.ActionHome, func(ctx app.Context, a app.Action) { s.navigate(ctx, viewHome) })
	ctx.Handle(screen.ActionOnline, func(ctx app.Context, a app.Action) {
		if o, ok := a.Value.(screen.Offer); ok {
			s.hostOnline(ctx, o)
		}
	})
	ctx.Handle(screen.ActionLeave, func(ctx app.Context, a app.Action) { s.quitOnline(ctx) })
	ctx.Handle(screen.ActionOnlineRetry, func(ctx app.Context, a app.Action) {
		if err := s.retry(ctx); err != nil {
			s.homeError = func() string { return screen.RefusalText(err) }
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
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) {
		s.setTitle(ctx)
		ctx.Update()
	})
	s.update.watch(ctx)
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

// OnNav picks the view from the address; the game view needs a game.
func (s *Shell) OnNav(ctx app.Context) {
	s.view = ctx.Page().URL().Query().Get("view")
	if room := ctx.Page().URL().Query().Get("room"); room != "" && app.IsClient {
		s.view = viewOnline
		if err := s.join(ctx, room); err != nil {
			s.homeError = func() string { return screen.RefusalText(err) }
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
	s.setTitle(ctx)
	if s.view == viewHome && app.IsClient {
		// Between games: look for a new version.
		app.TryUpdate()
		s.update.check(ctx)
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

// setTitle names the page after its view, in the page's language.
func (s *Shell) setTitle(ctx app.Context) {
	title := "gygy"
	if s.view == viewPlay && s.local != nil {
		title = s.local.View().Game.Spec().Kind.Title() + " · gygy"
	} else if key, ok := viewTitles[s.view]; ok {
		title = lang.T(key) + " · gygy"
	}
	ctx.Page().SetTitle(title)
}

// OnAppUpdate notes that a new version is ready; it is offered only
// between games.
func (s *Shell) OnAppUpdate(ctx app.Context) {
	s.update.ready = true
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
		s.homeError = func() string { return screen.RefusalText(err) }
		return
	}
	if s.local != nil {
		if v := s.local.View(); !v.Game.Result().Over() && s.svc.Games != nil {
			// My games lists the game replaced as left unfinished; a list
			// that cannot be written keeps it as it was.
			_ = s.svc.Games.Leave(v.Game)
		}
		s.local.Close()
	}
	s.setLocal(ctx, sess)
	s.homeError = nil
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
		s.homeError = func() string { return screen.RefusalText(err) }
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
				app.A().ID("nav-home").Href("./").Text(lang.T("shell.nav.home")),
				app.A().ID("nav-rules").Href("?view=rules").Text(lang.T("shell.nav.rules")),
				app.A().ID("nav-games").Href("?view=games").Text(lang.T("shell.nav.games")),
				&screen.SoundToggle{},
				&ThemeToggle{Store: s.svc.Store},
				&LangSwitch{Store: s.svc.Store},
			),
		),
		s.update.banner(s.inGame()),
		s.screen(),
	)
}

// homeErrorText is why a game could not start or resume, in the page's
// language ("" if none).
func (s *Shell) homeErrorText() string {
	if s.homeError == nil {
		return ""
	}
	return s.homeError()
}

// inGame reports whether a game at this device is under way on screen: no
// update is offered then.
func (s *Shell) inGame() bool {
	return s.view == viewPlay && s.local != nil && !s.local.View().Game.Result().Over()
}

// screen is the screen of the current view, given its table.
func (s *Shell) screen() app.UI {
	switch s.view {
	case viewPlay:
		if s.local != nil {
			return &play.Game{Table: s.local, Judge: s.svc.Judge, Keep: s.keep}
		}
	case viewRules:
		return &rules.Rules{Lang: string(lang.Current())}
	case viewLink:
		return &uibylink.Screen{Store: s.svc.Store, Keep: s.keep}
	case viewLearn:
		return &learn.Lessons{Store: s.svc.Store}
	case viewPuzzles:
		return &learn.Puzzles{Store: s.svc.Store}
	case viewGames:
		g := &games.Games{Book: s.svc.Games}
		if s.local != nil {
			v := s.local.View()
			g.Current = v.Game
			if !v.Game.Result().Over() {
				g.Unfinished = screen.ResumeLabel(v.Game)
			}
		}
		return g
	case viewOnline:
		return &lobby.Online{Table: s.net, Keep: s.keep}
	case viewNearby:
		n := &lobby.Nearby{Store: s.svc.Store, Keep: s.keep, ReadQR: s.svc.ReadQR, Ask: s.ask}
		s.ask = lobby.NearbyAsk{} // once: a later visit finds the pairing as it is
		if s.net != nil && s.code != nil {
			n.Table, n.Peer = s.net, s.code
		}
		return n
	}
	// The server's pre-rendered page has no computer player but draws the
	// home screen the browser will show, which has one.
	home := &home.Home{CanComputer: s.svc.Think != nil || !app.IsClient, Error: s.homeErrorText(), Store: s.svc.Store}
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
