package screen

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
)

// What the screens ask of the shell, which keeps the tables and the route,
// and what the shell tells the screens of their tables.

// Actions between the screens and the shell.
const (
	ActionTable = "table-news" // value: []TableChange, from the shell to the screens
	ActionLeave = "online-leave"
	ActionHome  = "go-home"
	// ActionResume shows the game at this device again; ActionLoad opens
	// a game at this device from its record (the home screen's text, My
	// games' games.Opened). The home screen's actions of the same names
	// are these.
	ActionResume = "game-resume" // no value
	ActionLoad   = "game-load"
)

// TableChange is one change of a table, for the screen that draws it.
type TableChange struct {
	Table session.Table
	session.Change
}

// News returns the changes of table t among an ActionTable's.
func News(a app.Action, t session.Table) []session.Change {
	all, _ := a.Value.([]TableChange)
	var out []session.Change
	for _, c := range all {
		if c.Table == t {
			out = append(out, c.Change)
		}
	}
	return out
}

// ActionOnline is what the home screen emits to create an online game;
// its value is an Offer.
const ActionOnline = "online-new"

// Actions of the home screen for a nearby game.
const (
	ActionNearby     = "nearby-new"  // value: Offer: show a code offering this game
	ActionNearbyRead = "nearby-read" // no value: read the code of the device that offers
)

// ActionNearbyAgain asks the shell for a new pairing; its value is true to
// show this device's code, false to read the other's.
const ActionNearbyAgain = "nearby-again"

// Offer is the game the host offers: the setup (seats are ignored)
// and the host's side: "first", "second" or "random".
type Offer struct {
	Setup session.Setup
	Side  string
}
