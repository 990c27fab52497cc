package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
)

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
		text := lang.T("home.bylink.theirs", "game", g.Text)
		if g.YourMove {
			text = lang.T("home.bylink.yours", "game", g.Text)
		}
		items = append(items, app.Li().Class("link-game").Body(
			app.A().Href(g.Href).Text(text),
		))
	}
	return app.Section().ID("link-games").Class("card").Body(
		app.H2().Text(lang.T("home.bylink.title")),
		app.Ul().Class("link-games").Body(items...),
	)
}
