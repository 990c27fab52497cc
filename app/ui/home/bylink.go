package home

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// LinkGame is a game by link in progress on this device, as the home
// screen lists it.
type LinkGame struct {
	Href     string // its screen
	Text     string // what it is, e.g. "GYRE 7×14, 12 moves"
	YourMove bool   // the person here is to move
}

// linkGames lists the games by link in progress, in the order given
// ("your move" first).
func linkGames(games []LinkGame) app.UI {
	items := make([]app.UI, 0, len(games))
	for _, g := range games {
		state := "their move"
		if g.YourMove {
			state = "your move"
		}
		items = append(items, app.Li().Class("link-game").Body(
			app.A().Href(g.Href).Text(g.Text+" · "+state),
		))
	}
	return app.Section().ID("link-games").Class("card").Body(
		app.H2().Text("Games by link"),
		app.Ul().Class("link-games").Body(items...),
	)
}
