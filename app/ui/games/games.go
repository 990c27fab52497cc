package games

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/home"
	"gygy/app/ui/screen"
)

// Games is the "My games" screen.
type Games struct {
	app.Compo

	Store session.Storage // where the list is kept; nil shows none

	list   []Entry
	err    string
	copied int64 // the game whose record was just copied
}

// OnInit reads the list before the first render (go-app calls OnMount only
// after the screen is drawn).
func (g *Games) OnInit() { g.load() }

func (g *Games) load() {
	g.list, g.err = nil, ""
	if g.Store == nil {
		return
	}
	list, err := Load(g.Store)
	if err != nil {
		g.err = err.Error()
	}
	g.list = list
}

// Render draws the list, newest first.
func (g *Games) Render() app.UI {
	items := make([]app.UI, 0, len(g.list))
	for _, e := range g.list {
		items = append(items, g.item(e))
	}
	return app.Main().Class("games").Body(
		app.H1().Text("My games"),
		app.P().Text("Every game played on this device is kept here, offline too. Open one to review it or have the computer analyse it."),
		app.If(g.err != "", func() app.UI { return app.P().ID("games-error").Class("error").Role("alert").Text(g.err) }),
		app.If(len(g.list) == 0, func() app.UI { return app.P().ID("games-none").Text("No games yet.") }),
		app.Ol().ID("games-list").Class("games-list").Aria("label", "My games, newest first").Body(items...),
	)
}

// item draws one game with its buttons. The buttons carry the game's ID
// as their value, and the handlers read it from the button clicked: go-app
// keeps a handler from the first drawing of its element.
func (g *Games) item(e Entry) app.UI {
	id := strconv.FormatInt(e.ID, 10)
	result := e.Result
	if !e.Over {
		result = "under way"
	}
	when := time.UnixMilli(e.Date).Format("2 Jan 2006, 15:04")
	title := fmt.Sprintf("%s · %s", e.Spec, e.Mode)
	if e.Opponent != "" {
		title += " · " + e.Opponent
	}
	return app.Li().Class("games-item").ID("game-"+id).Body(
		app.Div().Class("games-title").Text(title),
		app.Div().Class("games-meta").Body(
			app.Time().DateTime(time.UnixMilli(e.Date).UTC().Format(time.RFC3339)).Text(when),
			app.Text(fmt.Sprintf(" · %d moves · %s", moves(e.Record), result)),
			app.If(e.Hints, func() app.UI { return app.Text(" · hints used") }),
		),
		app.Div().Class("games-actions").Body(
			app.Button().Class("games-open").Value(id).Text("Open").Aria("label", "Open the game of "+when).
				OnClick(func(ctx app.Context, ev app.Event) { g.open(ctx) }),
			app.Button().Class("games-copy").Value(id).Text("Copy record").Aria("label", "Copy record of the game of "+when).
				OnClick(func(ctx app.Context, ev app.Event) { g.copy(ctx) }),
			app.Button().Class("games-delete").Value(id).Text("Delete").Aria("label", "Delete the game of "+when).
				OnClick(func(ctx app.Context, ev app.Event) { g.remove(ctx) }),
			app.If(g.copied == e.ID, func() app.UI { return app.Span().Role("status").Text("Record copied.") }),
		),
	)
}

// clicked is the game whose button was clicked.
func (g *Games) clicked(ctx app.Context) (Entry, bool) {
	id, err := strconv.ParseInt(ctx.JSSrc().Get("value").String(), 10, 64)
	if err != nil {
		return Entry{}, false
	}
	for _, e := range g.list {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}

// open loads the game at this device (both seats here), to review or
// analyse.
func (g *Games) open(ctx app.Context) {
	if e, ok := g.clicked(ctx); ok {
		ctx.NewActionWithValue(home.ActionLoad, e.Record)
	}
}

func (g *Games) copy(ctx app.Context) {
	e, ok := g.clicked(ctx)
	if !ok {
		return
	}
	screen.CopyText(ctx, e.Record, func(done bool) {
		if done {
			g.copied = e.ID
		} else {
			g.err = screen.CopyRefused
		}
	})
}

func (g *Games) remove(ctx app.Context) {
	e, ok := g.clicked(ctx)
	if !ok || g.Store == nil {
		return
	}
	if err := Delete(g.Store, e.ID); err != nil {
		g.err = err.Error()
		return
	}
	g.load()
}
