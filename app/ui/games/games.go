package games

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/mygames"
	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// Games is the "My games" screen.
type Games struct {
	app.Compo

	Book *mygames.Book // the list; nil shows none
	// Current is the game at this device (the one "Resume" returns to),
	// nil when there is none; Unfinished describes it while
	// it is under way ("GYRE 7×14, 12 moves"), and is "" once it is over.
	// Opening another game ends it, so the screen asks first.
	Current    game.Game
	Unfinished string

	list   []mygames.Entry
	err    string
	copied int64 // the game whose record was just copied
	asking int64 // the game whose Open asked whether to end the game under way
}

// Opened is the value of screen.ActionLoad for a game opened from the list:
// its record and who sat where, so that it goes on as it was played.
type Opened struct {
	Record string
	Seats  [2]session.Seat
}

// OnInit reads the list before the first render (go-app calls OnMount only
// after the screen is drawn).
func (g *Games) OnInit() { g.load() }

// OnMount redraws the list in the language chosen.
func (g *Games) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

func (g *Games) load() {
	g.list, g.err = nil, ""
	if g.Book == nil {
		return
	}
	list, err := g.Book.All()
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
		app.H1().Text(lang.T("games.title")),
		app.P().Text(lang.T("games.intro")),
		app.If(g.err != "", func() app.UI { return app.P().ID("games-error").Class("error").Role("alert").Text(g.err) }),
		app.If(len(g.list) == 0, func() app.UI { return app.P().ID("games-none").Text(lang.T("games.none")) }),
		app.Ol().ID("games-list").Class("games-list").Aria("label", lang.T("games.list_label")).Body(items...),
	)
}

// item draws one game with its buttons. The buttons carry the game's ID
// as their value, and the handlers read it from the button clicked: go-app
// keeps a handler from the first drawing of its element.
func (g *Games) item(e mygames.Entry) app.UI {
	id := strconv.FormatInt(e.ID, 10)
	result := resultWords(e.Result)
	if !e.Over {
		result = lang.T("games.under_way")
	}
	when := dateWords(time.UnixMilli(e.Date))
	title := lang.T("games.title_line", "game", specName(e.Spec), "mode", modeWords(e.Mode))
	if e.Opponent != "" {
		title = lang.T("games.title_line_against", "game", specName(e.Spec), "mode", modeWords(e.Mode), "opponent", opponentWords(e.Opponent))
	}
	return app.Li().Class("games-item").ID("game-"+id).Body(
		app.Div().Class("games-title").Text(title),
		app.Div().Class("games-meta").Body(
			app.Time().DateTime(time.UnixMilli(e.Date).UTC().Format(time.RFC3339)).Text(when),
			app.Text(" · "+movesText(e)+" · "+result),
			app.If(e.Hints, func() app.UI { return app.Text(" · " + lang.T("games.hints")) }),
		),
		app.Div().Class("games-actions").Body(
			app.Button().Class("games-open").Value(id).Text(lang.T("games.open")).Aria("label", lang.T("games.open_label", "when", when)).
				OnClick(func(ctx app.Context, ev app.Event) { g.open(ctx) }),
			app.Button().Class("games-copy").Value(id).Text(lang.T("games.copy")).Aria("label", lang.T("games.copy_label", "when", when)).
				OnClick(func(ctx app.Context, ev app.Event) { g.copy(ctx) }),
			app.Button().Class("games-delete").Value(id).Text(lang.T("games.delete")).Aria("label", lang.T("games.delete_label", "when", when)).
				OnClick(func(ctx app.Context, ev app.Event) { g.remove(ctx) }),
			app.If(g.copied == e.ID, func() app.UI { return app.Span().Role("status").Text(lang.T("games.copied")) }),
		),
		app.If(g.asking == e.ID, func() app.UI { return g.question(id) }),
	)
}

// question asks, under the game whose Open was pressed, before that game
// replaces the one under way here: the words of the home screen's Start.
func (g *Games) question(id string) app.UI {
	return app.Div().ID("open-question").Class("games-question").Role("group").Aria("label", lang.T("games.replace.label")).Body(
		app.P().ID("open-note").Text(lang.T("games.replace.note", "game", g.Unfinished)),
		app.Button().ID("open-replace").Value(id).Text(lang.T("games.replace.yes")).
			OnClick(func(ctx app.Context, ev app.Event) { g.openAnyway(ctx) }),
		app.Button().ID("open-keep").Text(lang.T("games.replace.keep")).
			OnClick(func(ctx app.Context, ev app.Event) { g.asking = 0 }),
	)
}

// movesText counts a game's moves as the home screen does: a Gygès
// game's two setups are not moves.
func movesText(e mygames.Entry) string {
	n := e.Actions()
	if strings.HasPrefix(e.Spec, "GYGES") {
		if n <= 2 {
			return lang.T("games.setting_up")
		}
		n -= 2
	}
	return lang.N("games.moves", n)
}

// specName names a game as the rest of the app does ("Gygès", "GYRE 7 ×
// 14"), from the record's header the list keeps.
func specName(header string) string {
	spec, err := game.ParseSpec(header)
	if err != nil {
		return header
	}
	return screen.Describe(spec)
}

// clicked is the game whose button was clicked.
func (g *Games) clicked(ctx app.Context) (mygames.Entry, bool) {
	id, err := strconv.ParseInt(ctx.JSSrc().Get("value").String(), 10, 64)
	if err != nil {
		return mygames.Entry{}, false
	}
	for _, e := range g.list {
		if e.ID == id {
			return e, true
		}
	}
	return mygames.Entry{}, false
}

// open shows a game to review, analyse or go on with: the game at this
// device is resumed as it is; another one replaces it, after asking while
// it is under way.
func (g *Games) open(ctx app.Context) {
	e, ok := g.clicked(ctx)
	switch {
	case !ok:
	case g.Current != nil && e.Holds(g.Current):
		ctx.NewAction(screen.ActionResume)
	case g.Unfinished != "":
		g.asking = e.ID
	default:
		g.openGame(ctx, e)
	}
}

// openAnyway opens the game after the person agreed to end the one under
// way.
func (g *Games) openAnyway(ctx app.Context) {
	if e, ok := g.clicked(ctx); ok {
		g.openGame(ctx, e)
	}
}

// openGame opens the game at this device with its seats as they were: the
// computer on its side at its level, people here otherwise.
func (g *Games) openGame(ctx app.Context, e mygames.Entry) {
	g.asking = 0
	if e.Left && g.Book != nil {
		if err := g.Book.TakeUp(e.ID); err != nil {
			g.err = err.Error()
			return
		}
	}
	ctx.NewActionWithValue(screen.ActionLoad, Opened{Record: e.Record, Seats: e.PlayedBy()})
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
			g.err = screen.CopyRefusedText()
		}
	})
}

func (g *Games) remove(ctx app.Context) {
	e, ok := g.clicked(ctx)
	if !ok || g.Book == nil {
		return
	}
	if err := g.Book.Delete(e.ID); err != nil {
		g.err = err.Error()
		return
	}
	g.load()
}
