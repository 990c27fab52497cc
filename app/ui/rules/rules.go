package rules

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/printable"
	"gygy/app/rulebook/book"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
)

// Rules shows the rulebooks (package rulebook, the same text as in the
// repository), how to play GYRE in the app, and the print-and-play sheets.
// The rulebook of the screen's language is fetched when the rules open
// (it is not compiled into app.wasm); the service worker keeps every
// language for offline use.
type Rules struct {
	app.Compo
	// Lang is the language of the rulebooks shown: a language tag such as
	// "fr" (book.Lang reads it; every language of the catalogue has its
	// rulebooks). The shell may pass the app's language; "" follows the
	// app's language itself. A change fetches the rulebook in it.
	Lang string

	gyges   bool        // showing the Gygès rulebook
	loading string      // the rulebook being fetched (book.Path), or ""
	err     error       // why the last fetch failed, shown with a retry
	ctx     app.Context // the screen's own context, from OnMount: a fetch answers through it
}

// books are the rulebooks read so far, parsed, by book.Path: each one is
// fetched once a session. The server fills it from its own copy for the
// pre-rendered page (prerender.go).
var books = map[string][]book.Block{}

// path is where the rulebook on screen is served.
func (r *Rules) path() string {
	game := "gyre"
	if r.gyges {
		game = "gyges"
	}
	return book.Path(game, r.tag())
}

// tag is the language of the rulebooks shown: Lang, or the app's
// language when the shell leaves Lang empty.
func (r *Rules) tag() string {
	if r.Lang != "" {
		return r.Lang
	}
	return string(lang.Current())
}

// OnInit opens the rulebook the address names: ?view=rules&game=gyges
// for Gygès (a game by link links there), GYRE otherwise. (OnNav does
// not come to a screen that the navigation itself put on the page.)
func (r *Rules) OnInit() {
	if app.IsClient {
		r.gyges = app.Window().URL().Query().Get("game") == "gyges"
	}
}

// OnMount fetches the rulebook on screen, and in a new language redraws
// the screen's own words and fetches the rulebook in it (when the shell
// leaves Lang empty; a new Lang comes through OnUpdate).
func (r *Rules) OnMount(ctx app.Context) {
	r.ctx = ctx
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) {
		r.load(ctx) // a rulebook in the new language, unless Lang says otherwise
		ctx.Update()
	})
	r.load(ctx)
}

// OnNav opens the rulebook a later address names.
func (r *Rules) OnNav(ctx app.Context) {
	r.OnInit()
	r.load(ctx)
}

// OnUpdate fetches the rulebook in a new language.
func (r *Rules) OnUpdate(ctx app.Context) { r.load(ctx) }

// show switches to a rulebook and fetches it.
func (r *Rules) show(ctx app.Context, gyges bool) {
	r.gyges = gyges
	r.load(ctx)
}

// load fetches the rulebook on screen unless it is read already or on
// its way. The answer comes through the screen's own context when it has
// one: an event's context belongs to its element (the retry button, gone
// once the fetch starts), and go-app drops what is dispatched to an
// element no longer on the page.
func (r *Rules) load(ctx app.Context) {
	path := r.path()
	if _, ok := books[path]; ok || !app.IsClient || r.loading == path {
		return
	}
	if r.ctx.Context != nil {
		ctx = r.ctx
	}
	r.loading, r.err = path, nil
	screen.FetchText(ctx, path, func(text string, err error) {
		if err == nil {
			books[path] = book.Parse(text)
		}
		if r.loading == path {
			r.loading, r.err = "", err
		}
	})
}

// retry fetches the rulebook again after a failure.
func (r *Rules) retry(ctx app.Context, e app.Event) {
	r.loading, r.err = "", nil
	r.load(ctx)
}

// renderBook draws the rulebook on screen, or says it is on its way, or
// why it could not be fetched, with a retry.
func (r *Rules) renderBook() []app.UI {
	blocks, ok := books[r.path()]
	title := "GYRE" // the rulebook's own title, until it comes
	if r.gyges {
		title = "Gygès"
	}
	switch {
	case !ok && r.err != nil:
		return []app.UI{app.H1().Text(title), app.Div().ID("rules-failed").Class("rules-failed").Attr("role", "alert").Body(
			app.P().Text(lang.T("rules.failed", "error", r.err.Error())),
			app.Button().ID("rules-retry").Text(lang.T("rules.retry")).OnClick(r.retry),
		)}
	case !ok:
		return []app.UI{app.H1().Text(title), app.P().ID("rules-loading").Attr("role", "status").Text(lang.T("rules.loading"))}
	}
	body := make([]app.UI, 0, len(blocks))
	n := 0 // the GYRE diagrams so far, to name one at fault
	for _, b := range blocks {
		switch b.Info {
		case "gyre":
			n++
			body = append(body, board.GyreDiagram(n, b.Code))
			continue
		case "gyre-map":
			body = append(body, board.BalanceMap(b.Code))
			continue
		}
		if ui := renderBlock(b); ui != nil {
			body = append(body, ui)
		}
	}
	return body
}

// Render draws the rules.
func (r *Rules) Render() app.UI {
	body := make([]app.UI, 0, 64)
	body = append(body, app.Nav().Class("rule-tabs").Aria("label", lang.T("rules.tabs")).Body(
		app.Button().ID("rules-gyre").Aria("pressed", !r.gyges).Text("GYRE").OnClick(func(ctx app.Context, e app.Event) { r.show(ctx, false) }),
		app.Button().ID("rules-gyges").Aria("pressed", r.gyges).Text("Gygès").OnClick(func(ctx app.Context, e app.Event) { r.show(ctx, true) }),
	))
	body = append(body, r.renderBook()...)
	p := func(text string) app.UI { return app.P().Text(text) }
	if r.gyges {
		body = append(body,
			app.H2().ID("rules-app").Text(lang.T("rules.gyges.title")),
			p(lang.T("rules.gyges.pieces")),
			p(lang.T("rules.gyges.setup")),
			p(lang.T("rules.gyges.move")),
			p(lang.T("rules.gyges.keyboard")),
			p(lang.T("rules.gyges.turn")),
			onlineHelp(),
			p(lang.T("rules.online.text")),
		)
		body = append(body, renderSheets())
		body = append(body, app.P().Body(app.A().ID("rules-learn").Href("?view=learn").Text(lang.T("rules.link.lessons")), app.Text(" · "), app.A().ID("rules-back").Href("./").Text(lang.T("rules.link.home"))))
		return app.Main().Class("rules").Body(body...)
	}
	body = append(body, renderSheets())
	body = append(body,
		app.H2().ID("rules-app").Text(lang.T("rules.gyre.title")),
		p(lang.T("rules.gyre.stones")),
		p(lang.T("rules.gyre.place")),
		p(lang.T("rules.gyre.opening")),
		onlineHelp(),
		p(lang.T("rules.online.text")),
		app.P().Body(app.A().ID("rules-learn").Href("?view=learn").Text(lang.T("rules.link.lessons")), app.Text(" · "), app.A().ID("rules-back").Href("./").Text(lang.T("rules.link.home"))),
	)
	return app.Main().Class("rules").Body(body...)
}

// renderBlock draws one block of the rulebook; a placeholder the rulebook
// has not filled in yet is left out.
func renderBlock(b book.Block) app.UI {
	switch b.Kind {
	case book.Heading:
		if b.Level == 1 {
			return app.H1().Body(spans(b.Text)...)
		}
		return app.H2().Body(spans(b.Text)...)
	case book.List:
		items := make([]app.UI, len(b.Items))
		for i, it := range b.Items {
			items[i] = app.Li().Body(spans(it)...)
		}
		return app.Ul().Body(items...)
	case book.Code:
		if b.Info == "gyges" {
			return board.GygesDiagram(b.Code)
		}
		return app.Pre().Text(b.Code)
	}
	if len(b.Text) == 1 && strings.HasPrefix(b.Text[0].Text, "{{") {
		return nil
	}
	return app.P().Body(spans(b.Text)...)
}

func spans(ss []book.Span) []app.UI {
	out := make([]app.UI, len(ss))
	for i, s := range ss {
		switch s.Style {
		case book.Strong:
			out[i] = app.Strong().Text(s.Text)
		case book.Em:
			out[i] = app.Em().Text(s.Text)
		case book.Mono:
			out[i] = app.Code().Text(s.Text)
		default:
			out[i] = app.Text(s.Text)
		}
	}
	return out
}

// renderSheets links the print-and-play sheets, which the service worker
// keeps for offline use like the rest of the app.
func renderSheets() app.UI {
	names := printable.SheetNames(printable.AppSizes, printable.Papers)
	items := make([]app.UI, len(names))
	for i, name := range names {
		items[i] = app.Li().Body(app.A().Href("web/boards/"+name).Attr("download", name).Text(sheetLabel(name)))
	}
	return app.Section().ID("sheets").Body(
		app.H2().Text(lang.T("rules.sheets.title")),
		app.P().Text(lang.T("rules.sheets.text")),
		app.Ul().Body(items...),
	)
}

// sheetLabel turns "gyre-7x14-a4.svg" into "GYRE 7 × 14 board (A4)".
func sheetLabel(name string) string {
	base := strings.TrimSuffix(name, ".svg")
	cut := strings.LastIndex(base, "-")
	what, paper := base[:cut], strings.ToUpper(base[cut+1:])
	if paper == "LETTER" {
		paper = "US Letter"
	}
	switch {
	case what == "gyges-board":
		return lang.T("rules.sheet.gyges_board", "paper", paper)
	case what == "gyges-pieces":
		return lang.T("rules.sheet.gyges_pieces", "paper", paper)
	case strings.HasPrefix(what, "gyre-"):
		return lang.T("rules.sheet.gyre", "size", strings.Replace(strings.TrimPrefix(what, "gyre-"), "x", " × ", 1), "paper", paper)
	}
	return what + " (" + paper + ")"
}

// onlineHelp heads how online play works (rules.online.text), under both
// rulebooks.
func onlineHelp() app.UI { return app.H2().Text(lang.T("rules.online.title")) }
