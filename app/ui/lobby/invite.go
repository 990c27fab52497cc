package lobby

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
)

// tableBanner is the connection's banner for an online table.
func tableBanner(t *online.Table) app.UI {
	conn, err := t.Conn()
	return screen.ConnBanner(conn, err, t.Started())
}

// invitation shows the guest the game offered, to accept.
func invitation(hello match.Hello, accept app.EventHandler) app.UI {
	return app.Section().ID("online-offer").Class("card").Body(
		app.H2().Text(lang.T("lobby.invited", "game", screen.Describe(hello.Spec), "clock", screen.ClockNote(hello.Clock))),
		app.P().Text(lang.T("lobby.you_would_play", "seat", screen.SeatName(hello.Spec, hello.Host.Other()))),
		app.Button().ID("accept").Class("primary").Text(lang.T("lobby.accept")).OnClick(accept),
	)
}

// words is what a screen says, worded when it is drawn, so that a
// notice or an error follows a change of language; nil says nothing.
type words func() string

// text is the words in the current language, or "".
func (w words) text() string {
	if w == nil {
		return ""
	}
	return w()
}
