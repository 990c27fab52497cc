package rules

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/printable"
	"gygy/app/rulebook/book"
	"gygy/app/ui/board"
)

// Rules shows the rulebooks (package rulebook, the same text as in the
// repository), how to play GYRE in the app, and the print-and-play sheets.
// The rulebook of the screen's language is fetched when the rules open
// (it is not compiled into app.wasm); the service worker keeps every
// language for offline use.
type Rules struct {
	app.Compo
	// Lang is the language of the rulebooks shown: a language tag such as
	// "fr" (book.Lang reads it; "" and the languages without a rulebook
	// are English). The shell passes the app's language; a change fetches
	// the rulebook in the new language.
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
	return book.Path(game, r.Lang)
}

// OnInit opens the rulebook the address names: ?view=rules&game=gyges
// for Gygès (a game by link links there), GYRE otherwise. (OnNav does
// not come to a screen that the navigation itself put on the page.)
func (r *Rules) OnInit() {
	if app.IsClient {
		r.gyges = app.Window().URL().Query().Get("game") == "gyges"
	}
}

// OnMount fetches the rulebook on screen.
func (r *Rules) OnMount(ctx app.Context) {
	r.ctx = ctx
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
	fetchText(ctx, path, func(text string, err error) {
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
			app.P().Text("The rules could not be loaded ("+r.err.Error()+"). They are kept on this device after a first visit online: check the connection and try again."),
			app.Button().ID("rules-retry").Text("Try again").OnClick(r.retry),
		)}
	case !ok:
		return []app.UI{app.H1().Text(title), app.P().ID("rules-loading").Attr("role", "status").Text("Loading the rules…")}
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
	body = append(body, app.Nav().Class("rule-tabs").Aria("label", "Rulebooks").Body(
		app.Button().ID("rules-gyre").Aria("pressed", !r.gyges).Text("GYRE").OnClick(func(ctx app.Context, e app.Event) { r.show(ctx, false) }),
		app.Button().ID("rules-gyges").Aria("pressed", r.gyges).Text("Gygès").OnClick(func(ctx app.Context, e app.Event) { r.show(ctx, true) }),
	))
	body = append(body, r.renderBook()...)
	p := func(text string) app.UI { return app.P().Text(text) }
	if r.gyges {
		body = append(body,
			app.H2().Text("Playing Gygès in the app"),
			p("The pieces are drawn as wooden discs with one, two or three rings; the more rings, the darker the wood. The row you may move from is lit in your colour: blue for South, orange for North."),
			p("To set up, drag pieces from the tray below the board onto your home row, or tap a piece in the tray and then a square; tap a placed piece to take it back, or pick one of the ready layouts, then confirm."),
			p("To move, press a piece in your active row and drag it: green dots mark where it can end, dashed red circles the pieces it can replace, and the goal lights up when it can enter it. Tapping works as well as dragging: tap the piece, then a green dot, a red circle (to replace that piece) or the goal; tap the picked piece again to put it down, for example to pick another. The line above the board says what you hold and what a tap does next. After a replace, the displaced piece waits while you tap one of the marked squares for it; Cancel puts everything back. Every move is shown travelling along its route, with an orange dot on each piece it bounced off. When a piece can go round and end where it started, an “End on … again” button appears once you have picked it up and put it down."),
			p("With a keyboard: Tab reaches the board, the arrow keys move around it, Enter or Space picks up the piece under the cursor and puts it down on another square (or chooses the square for a displaced piece), G enters the goal and Escape puts the piece back. In a setup, 1, 2 and 3 place a piece of that size on your home row and 0 takes it back."),
			p("When two people share a device, the board turns so that the player to act sits at the bottom; tick “Keep the board fixed” to stop it turning."),
			onlineHelp(),
			p(onlineText),
		)
		body = append(body, renderSheets())
		body = append(body, app.P().Body(app.A().ID("rules-learn").Href("?view=learn").Text("Learn by doing: the lessons"), app.Text(" · "), app.A().ID("rules-back").Href("./").Text("Back to the game menu")))
		return app.Main().Class("rules").Body(body...)
	}
	body = append(body, renderSheets())
	body = append(body,
		app.H2().Text("Playing in the app"),
		p("Spoke's stones are blue and marked with a bar pointing across the ring; Gyre's are orange and marked with a ring, so the two sides differ by shape as well as by colour. The rims that Spoke joins are drawn in blue."),
		p("Click or tap an empty cell to place a stone. Where the cells are smaller than a fingertip, as on a phone, the first tap only marks the cell and a second tap on it places the stone. With a keyboard, Tab reaches the board, the arrow keys move around it (left and right go round the ring, up goes outwards, down inwards) and Enter or Space places a stone."),
		p("On the home screen, choose the opening rule with the board: opening K (with the K measured for the board, or one of your own; the rules tell how fair it is on each board), the plain swap, or no swap. During such an opening the status line counts player 1's opening stones, and player 2 is then offered the swap over the whole opening."),
		onlineHelp(),
		p(onlineText),
		app.P().Body(app.A().ID("rules-learn").Href("?view=learn").Text("Learn by doing: the lessons"), app.Text(" · "), app.A().ID("rules-back").Href("./").Text("Back to the game menu")),
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
		app.H2().Text("Print and play"),
		app.P().Text("Boards and pieces to print, black and white, A4 or US Letter. Every edge drawn on the GYRE boards is a real contact between cells."),
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
		what = "Gygès board"
	case what == "gyges-pieces":
		what = "Gygès pieces"
	case strings.HasPrefix(what, "gyre-"):
		what = "GYRE " + strings.Replace(strings.TrimPrefix(what, "gyre-"), "x", " × ", 1) + " board"
	}
	return what + " (" + paper + ")"
}

// onlineHelp and onlineText tell how online play works, under both
// rulebooks.
func onlineHelp() app.UI { return app.H2().Text("Playing online") }

const onlineText = "Choose “Online, with a link” on the home screen, pick the game and your side, and send the link the app gives you (or let the other device scan its QR code). Your opponent sees the game you offer and accepts; from then on your two devices talk directly, and the server that introduced them never sees a move. Each device checks every move with its own copy of the rules. If the connection drops, or a page is reloaded, the game comes back where it was. Undo needs your opponent’s consent; after a game you can offer a rematch with the sides swapped. Until both of you have moved, a game can be aborted instead of resigned: it then counts for nobody. A game may have a clock for each side (chosen by the one who offers it, and shown before the other accepts): each move costs the time you took and earns the increment (each side’s first move is free: the clocks start after it), both devices agree on the time to the millisecond, and whoever runs out loses. While the connection is down the clock of the side to move stops, for a minute at most. If your opponent has been gone for longer than a minute, you may claim the win, or keep waiting; a device that comes back sees the same result. In every game you can step back through the moves (the buttons under the board, the arrow keys there, or a tap on a move) without changing the game. With no internet, choose “Nearby, without a server”: two devices on one Wi-Fi network pair by reading each other’s code (a QR code, or text to paste or type), and if the connection is lost they pair again and the game goes on."
