package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/play"
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

// WordedViews are the views whose page the server draws in English and
// the head script words in the page's language (LangScript): the query of
// each, "" for home. The server draws the rules too, but a rulebook's
// words would weigh on every page's head: in another language the rules
// screen shows once the program draws it (UnwordedViews). The others,
// ServerCannotDraw, are under a cover until the program runs.
var (
	WordedViews   = []string{viewHome, viewGames, viewLearn, viewPuzzles}
	UnwordedViews = []string{viewRules}
)

// viewTitles name the views in the page's title, before " · gygy" (keys
// of the catalogue, shell.title.*); the game's own view is named after its
// game, and home is plain "gygy".
var viewTitles = map[string]string{
	viewOnline:  "shell.title.online",
	viewNearby:  "shell.title.nearby",
	viewRules:   "shell.title.rules",
	viewLink:    "shell.title.link",
	viewLearn:   "shell.title.learn",
	viewPuzzles: "shell.title.puzzles",
	viewGames:   "shell.title.games",
}

// viewName is the view as the shell's class names it.
func viewName(v string) string {
	if v == viewHome {
		return "home"
	}
	return v
}

// The app's identity, used by the server for the page and the manifest
// (its title and description are words of the catalogue: shell.app.*).
const (
	Name            = "gygy"
	ThemeColor      = "#1d2330"
	BackgroundColor = "#1d2330"
)

// EnvSignal is the name of the app setting that holds the address of the
// signalling server for online play (the server passes it to the page).
const EnvSignal = "GYGY_SIGNAL"

// SignalAddress returns the signalling server's address the app was built
// or served with, or "" when none was set.
func SignalAddress() string { return app.Getenv(EnvSignal) }

// Routes registers the app's one route without services: the server's
// pre-rendered page, which draws the home screen and the rules. The
// browser program registers the same route with its services
// (RoutesWith). The view (home, game, rules) is a query parameter rather
// than a path so that every view loads from the page the service worker
// keeps for offline use, and from any static host under any sub-path.
func Routes() { RoutesWith(Services{}) }

// RoutesWith registers the app's one route with the services the screens
// use.
func RoutesWith(svc Services) {
	keep := play.Keeping{Store: svc.Store}
	if svc.Games != nil { // a nil *mygames.Book would not be a nil Book
		keep.Book = svc.Games
	}
	app.Route("/", func() app.Composer { return &Shell{tables: tables{svc: svc, keep: keep}} })
}

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
