package home

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/level"
)

// Actions emitted by the home screen and handled by the shell.
const (
	ActionNewGame = "game-new"    // value: session.Setup
	ActionResume  = "game-resume" // no value
	ActionLoad    = "game-load"   // value: the record text, of either game
	ActionByLink  = "game-bylink" // value: screen.Offer: a new game by link
)

// Home is the home screen: pick the game, the mode and the board size, or
// resume the saved game, or load a record.
type Home struct {
	app.Compo

	Resumable   bool       // a game in progress is saved
	ResumeLabel string     // what the saved game is, e.g. "7×14, move 12"
	CanComputer bool       // a computer player is available
	Error       string     // a message from the shell, e.g. a record that did not load
	OnlineBack  string     // the address of an online game still open on this page
	ByLink      []LinkGame // the games by link in progress here, "your move" first
	// OnlineResume is the address of an online game left and not over,
	// saved at this device: opening it takes this device's seat again.
	OnlineResume string
	// Store keeps the form's last settings of each mode (nil: none kept).
	Store session.Storage

	kind       game.Kind
	size       string // "7x14", "5x10" or "custom"
	rings      int
	cols       int
	mode       string // "hotseat", "computer", "online", "nearby" or "bylink"
	level      level.Level
	first      bool   // the person plays first (player one) against the computer, once chosen
	firstSet   bool   // the person chose the side against the computer (else personFirst decides)
	side       string // online: "first", "second" or "random"
	rule       string // GYRE: ruleFair, ruleSwap or ruleNoSwap
	k          int    // GYRE, a fair start: the K typed, or 0 for the board's own
	noDisplace bool
	clock      string // a time control ("5+3"), or "" for none
	ownClock   bool   // the person sets a control of their own
	minutes    string // a custom control's minutes, as typed
	increment  int    // and its seconds a move
	long       bool   // Hard thinks longer
	record     string
	replacing  bool // Start was pressed while a game is in progress: ask first
	askedTop   bool // and it was the Start at the top (the question goes there)
}

// OnInit sets the defaults (the standard board, hot seat, the board's
// recommended opening rule), then puts back the settings of the last game
// started here, in its mode.
//
// Against the computer the side is personFirst's until the person picks
// one.
func (h *Home) OnInit() {
	h.kind, h.size, h.rings, h.cols = game.GYRE, "7x14", 7, 14
	h.mode, h.level, h.first, h.side = "hotseat", level.Medium, true, "first"
	h.rule = "" // the recommended one: see ruleOn
	h.minutes, h.increment = "5", 3
	if m := h.lastMode(); m != "" {
		h.mode = m
		h.recall(m, true)
	}
}

// Render draws the home screen.
func (h *Home) Render() app.UI {
	setup, err := h.setup()
	label := lang.T("home.start.game")
	switch h.mode {
	case "online":
		label = lang.T("home.start.online")
	case "nearby":
		label = lang.T("home.start.nearby")
	case "bylink":
		label = lang.T("home.start.bylink")
	}
	start := app.Button().ID("start").Class("primary").Text(label).
		Disabled(err != nil).
		OnClick(h.onStart)
	gygesGame := h.kind == game.Gyges
	first, second := lang.T("home.side.first"), lang.T("home.side.second")
	if gygesGame {
		first, second = lang.T("home.side.south"), lang.T("home.side.north")
	}
	var board app.UI
	if gygesGame {
		board = app.Div().Body(
			app.P().Class("note").Text(lang.T("home.gyges.note")),
			app.Label().Class("check").Body(
				app.Input().Type("checkbox").ID("nodisplace").Checked(h.noDisplace).
					OnChange(func(ctx app.Context, e app.Event) { h.noDisplace = ctx.JSSrc().Get("checked").Bool() }),
				app.Text(" "+lang.T("home.gyges.nodisplace")),
			),
		)
	} else {
		board = h.gyreNotes(h.gyreSize(), err)
	}
	return app.Main().Class("home").Body(
		app.H1().Text("gygy"),
		app.If(h.OnlineBack != "", func() app.UI {
			return app.Section().Class("card").Body(
				app.A().ID("online-back").Href(h.OnlineBack).Text(lang.T("home.online_back")),
			)
		}),
		app.If(h.OnlineResume != "", func() app.UI {
			return app.Section().Class("card").Body(
				app.A().ID("resume-online").Class("button", "primary").Href(h.OnlineResume).Text(lang.T("home.resume_online")),
			)
		}),
		app.If(h.Resumable, func() app.UI {
			return app.Section().Class("card").Body(
				app.Button().ID("resume").Class("primary").Text(lang.T("home.resume", "game", h.ResumeLabel)).
					OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionResume) }),
			)
		}),
		app.If(len(h.ByLink) > 0, func() app.UI { return linkGames(h.ByLink) }),
		app.Section().Class("card").Body(
			app.H2().Text(lang.T("home.new")),
			h.quickStart(setup, err),
			choices(lang.T("home.game"), "game", h.kind.String(), []choice{
				{game.GYRE.String(), game.GYRE.Title(), true}, {game.Gyges.String(), game.Gyges.Title(), true},
			}, func(v string) { h.kind, _ = game.ParseKind(v) }),
			choices(lang.T("home.mode"), "mode", h.mode, []choice{
				{"hotseat", lang.T("home.mode.hotseat"), true},
				{"computer", lang.T("home.mode.computer"), h.CanComputer},
				{"online", lang.T("home.mode.online"), true},
				{"nearby", lang.T("home.mode.nearby"), true},
				{"bylink", lang.T("home.mode.bylink"), true},
			}, func(v string) {
				if v != h.mode {
					h.mode, h.replacing = v, false
					h.recall(v, false)
				}
			}),
			// The groups whose presence depends on the others come after
			// those they depend on, and every note and field that comes
			// and goes with a choice comes after all the groups and the
			// Start under them: a choice
			// never moves another group under a finger on its way to it
			// (issue 48: quick taps landed on the group that moved there).
			app.If(!gygesGame, func() app.UI { return h.gyreChoices(h.gyreSize()) }),
			h.modeChoices(first, second, gygesGame),
			app.If(h.mode != "bylink", h.clockChoice),
			h.startBar(start),
			h.modeNotes(gygesGame),
			board,
		),
		app.Section().Class("card").Body(
			app.H2().Text(lang.T("home.load.title")),
			app.Textarea().ID("record-in").Rows(3).Aria("label", lang.T("home.load.label")).
				Placeholder(lang.T("home.load.placeholder")).Text(h.record).
				OnInput(func(ctx app.Context, e app.Event) {
					h.record = ctx.JSSrc().Get("value").String()
					ctx.PreventUpdate()
				}),
			app.If(h.Error != "", func() app.UI { return app.P().Class("error").Role("alert").Text(h.Error) }),
			app.Button().ID("load").Text(lang.T("home.load.button")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActionLoad, h.record) }),
		),
		app.P().Body(app.A().Href("?view=rules").ID("rules-link").Text(lang.T("home.rules_link"))),
		app.P().Body(app.A().Href("?view=learn").ID("learn-link").Text(lang.T("home.learn_link")), app.Text(" · "),
			app.A().Href("?view=puzzles").ID("puzzles-link").Text(lang.T("home.puzzles_link"))),
	)
}

// modeChoices are the groups of a mode: the side online, nearby and by
// link; the level and the side against the computer.
func (h *Home) modeChoices(first, second string, gygesGame bool) app.UI {
	switch {
	case h.mode == "online" || h.mode == "nearby" || h.mode == "bylink":
		return choices(lang.T("home.you_play"), "side", map[string]string{"first": "true", "second": "false", "random": "random"}[h.side], []choice{
			{"true", first, true}, {"false", second, true}, {"random", lang.T("home.side.random"), true},
		}, h.setSide)
	case h.mode == "computer" && h.CanComputer:
		return app.Div().Body(
			choices(lang.T("home.you_play"), "side", strconv.FormatBool(h.personFirst()), []choice{
				{"true", first, true}, {"false", second, true},
			}, h.setSide),
			choices(lang.T("home.level"), "level", h.level.String(), []choice{
				{"easy", levelName(level.Easy), true}, {"medium", levelName(level.Medium), true}, {"hard", levelName(level.Hard), true},
			}, func(v string) { h.level, _ = level.Parse(v) }),
			// Only at Hard, the level it applies to.
			app.If(h.level == level.Hard, func() app.UI {
				return app.Label().Class("check").Body(
					app.Input().Type("checkbox").ID("long").Checked(h.long).
						OnChange(func(ctx app.Context, e app.Event) { h.long = ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" "+lang.T("home.long", "seconds", int(level.LongMoveTime.Seconds()))),
				)
			}),
		)
	}
	return app.Div()
}

// setSide is the side group's setter in every mode: it reads the mode
// when it runs, not when the group was drawn, since a mode chosen before
// the program ran (early.go) or a moment ago changes what the side means
// before the form is drawn again.
func (h *Home) setSide(v string) {
	if h.mode == "computer" {
		h.first, h.firstSet = v == "true", true
		return
	}
	h.side = map[string]string{"true": "first", "false": "second", "random": "random"}[v]
}

// modeNotes explain the mode chosen, under every group.
func (h *Home) modeNotes(gygesGame bool) app.UI {
	switch {
	case h.mode == "online":
		return app.P().Class("note").Text(lang.T("home.note.online"))
	case h.mode == "bylink":
		return app.P().ID("bylink-note").Class("note").Text(lang.T("home.note.bylink"))
	case h.mode == "nearby":
		return nearbyNote()
	case h.mode == "computer" && h.CanComputer && !gygesGame && !h.personFirst():
		return app.P().ID("side-note").Class("note").Text(lang.T("home.note.second"))
	}
	return app.Div()
}

// clockChoice offers the time controls: none, the presets, or one of the
// person's own (minutes, and seconds added after each move).
func (h *Home) clockChoice() app.UI {
	opts := []choice{{"none", lang.T("home.clock.none"), true}}
	for _, c := range clock.Presets {
		opts = append(opts, choice{c.String(), c.String(), true})
	}
	opts = append(opts, choice{"custom", lang.T("home.custom"), true})
	current := h.clock
	switch {
	case h.ownClock:
		current = "custom"
	case current == "":
		current = "none"
	}
	return app.Div().Body(
		choices(lang.T("home.clock"), "clock", current, opts, h.setClock),
		app.If(current == "custom", func() app.UI {
			return app.Div().Class("custom").Body(
				app.Label().Class("number").Body(
					app.Text(lang.T("home.clock.minutes", "min", lang.Dec(0.1, 1), "max", 180)+" "),
					app.Input().ID("clock-minutes").Type("number").Min(0.1).Max(180).Attr("step", "any").Value(h.minutes).
						OnInput(func(ctx app.Context, e app.Event) {
							h.minutes = ctx.JSSrc().Get("value").String()
							h.clock = h.customClock()
						}),
				),
				numberField("clock-increment", lang.T("home.clock.increment"), h.increment, 0, 180, func(v int) {
					h.increment = v
					h.clock = h.customClock()
				}),
			)
		}),
	)
}

// setClock is the clock group's setter: "none", "custom" or a preset.
func (h *Home) setClock(v string) {
	h.ownClock = v == "custom"
	switch v {
	case "none":
		h.clock = ""
	case "custom":
		h.clock = h.customClock()
	default:
		h.clock = v
	}
}

// customClock is the person's own time control, written as a control; a
// bad entry falls back to five minutes.
func (h *Home) customClock() string {
	text := fmt.Sprintf("%s+%d", h.minutes, h.increment)
	if c, err := clock.ParseControl(text); err == nil && c.On() {
		return c.String()
	}
	return "5+0"
}

// choice is one option of a group of buttons.
type choice struct {
	value, label string
	enabled      bool
}

// choices draws a group of toggle buttons; set is called with the chosen
// value (nil for a group with a single real choice).
//
// go-app keeps a button's first click handler when a redraw updates the
// button in place, even as a button of another group (choosing the
// computer puts the level where the board sizes were). So the handler
// captures nothing: it reads its group and value from the button and
// looks up the group's setter from the latest drawing.
func choices(legend, name, current string, opts []choice, set func(string)) app.UI {
	choiceSetters[name] = set
	buttons := make([]app.UI, 0, len(opts))
	for _, o := range opts {
		buttons = append(buttons, app.Button().
			ID(name+"-"+o.value).
			Class("choice").
			Value(o.value).
			DataSet("group", name).
			Aria("pressed", o.value == current).
			Disabled(!o.enabled).
			Text(o.label).
			OnClick(onChoice))
	}
	return app.Div().Class("field").Role("group").Aria("label", legend).Body(
		app.Span().Class("legend").Text(legend),
		app.Div().Class("choices").Body(buttons...),
	)
}

// choiceSetters holds each group's setter from its latest drawing.
var choiceSetters = map[string]func(string){}

// onChoice is every choice button's click handler.
func onChoice(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	if set := choiceSetters[el.Get("dataset").Get("group").String()]; set != nil {
		set(el.Get("value").String())
	}
}

func numberField(id, label string, value, lo, hi int, set func(int)) app.UI {
	return app.Label().Class("number").Body(
		app.Text(lang.T("home.field", "label", label, "lo", lo, "hi", hi)+" "),
		app.Input().ID(id).Type("number").Min(lo).Max(hi).Value(value).
			OnInput(func(ctx app.Context, e app.Event) {
				n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
				if err != nil {
					n = 0
				}
				set(n)
			}, app.EventScope(id)), // the setter differs by field: the field is the scope
	)
}

// nearbyNote explains nearby play on the home screen, with the way in for
// the device that reads the code.
func nearbyNote() app.UI {
	return app.Div().Body(
		app.P().Class("note").Text(lang.T("home.nearby.note")),
		app.Button().ID("nearby-join").Text(lang.T("home.nearby.read")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(screen.ActionNearbyRead) }),
	)
}

// levelName is a computer's level as the level's buttons say it.
func levelName(l level.Level) string {
	switch l {
	case level.Easy:
		return lang.T("home.level.easy")
	case level.Hard:
		return lang.T("home.level.hard")
	}
	return lang.T("home.level.medium")
}
