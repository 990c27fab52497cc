package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
)

// What the screens ask of the shell, which keeps the tables and the route,
// and what the shell tells the screens of their tables.

// Actions between the screens and the shell.
const (
	actionTable = "table-news" // value: []tableChange, from the shell to the screens
	actionLeave = "online-leave"
	actionHome  = "go-home"
)

// tableChange is one change of a table, for the screen that draws it.
type tableChange struct {
	table session.Table
	session.Change
}

// news returns the changes of table t among an actionTable's.
func news(a app.Action, t session.Table) []session.Change {
	all, _ := a.Value.([]tableChange)
	var out []session.Change
	for _, c := range all {
		if c.table == t {
			out = append(out, c.Change)
		}
	}
	return out
}

// ActionOnline is what the home screen emits to create an online game;
// its value is an onlineOffer.
const ActionOnline = "online-new"

// Actions of the home screen for a nearby game.
const (
	ActionNearby     = "nearby-new"  // value: onlineOffer: show a code offering this game
	ActionNearbyRead = "nearby-read" // no value: read the code of the device that offers
)

// actionNearbyAgain asks the shell for a new pairing; its value is true to
// show this device's code, false to read the other's.
const actionNearbyAgain = "nearby-again"

// onlineOffer is the game the host offers: the setup (seats are ignored)
// and the host's side: "first", "second" or "random".
type onlineOffer struct {
	Setup session.Setup
	Side  string
}
