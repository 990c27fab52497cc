package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/level"
)

// Starting a game from the home screen: who sits where against the
// computer, the question before a game in progress is replaced, and the
// Start button kept in sight.

// personFirst reports whether the person takes seat one against the
// computer. Until they choose: in GYRE no, they are player 2, the one who
// chooses the side once the computer has placed the opening, so that the
// computer cannot take the better side of a newcomer's first game from
// them; in Gygès yes, South sets up and moves first.
func (h *Home) personFirst() bool {
	if h.firstSet {
		return h.first
	}
	return h.kind == game.Gyges
}

// local reports whether the mode starts a game at this device, which
// replaces the one in progress there.
func (h *Home) local() bool { return h.mode == "hotseat" || h.mode == "computer" }

// setup is the game the form describes, or an error for a bad custom size.
func (h *Home) setup() (session.Setup, error) {
	spec := game.Standard(h.kind)
	if h.kind == game.Gyges {
		if h.noDisplace {
			spec.Gyges = gyges.NoDisplace
		}
		return h.withSeats(spec), nil
	}
	spec.Size = h.gyreSize()
	if err := spec.Size.Valid(); err != nil {
		return session.Setup{}, err
	}
	spec.Gyre = h.gyreVariant(spec.Size)
	if err := spec.Valid(); err != nil {
		return session.Setup{}, err
	}
	return h.withSeats(spec), nil
}

// withSeats puts a person or two, or a person and the computer, in the
// seats of a game.
func (h *Home) withSeats(spec game.Spec) session.Setup {
	s := session.Setup{Spec: spec}
	s.Clock, _ = clock.ParseControl(h.clock) // the choices are valid controls
	if h.mode == "bylink" {
		s.Clock = clock.Control{} // a game by link has no clock
	}
	s.Seats = [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}}
	if h.mode == "computer" && h.CanComputer {
		bot := session.Seat{Kind: session.Computer, Level: h.level, Long: h.long && h.level == level.Hard}
		if h.personFirst() {
			s.Seats[1] = bot
		} else {
			s.Seats[0] = bot
		}
	}
	return s
}

// begin starts the game the form describes, and remembers its settings
// for the next "New game" in this mode.
func (h *Home) begin(ctx app.Context) {
	s, err := h.setup()
	if err != nil {
		return
	}
	h.replacing = false
	h.remember()
	switch h.mode {
	case "online":
		ctx.NewActionWithValue(screen.ActionOnline, screen.Offer{Setup: s, Side: h.side})
	case "nearby":
		ctx.NewActionWithValue(screen.ActionNearby, screen.Offer{Setup: s, Side: h.side})
	case "bylink":
		ctx.NewActionWithValue(ActionByLink, screen.Offer{Setup: s, Side: h.side})
	default:
		ctx.NewActionWithValue(ActionNewGame, s)
	}
}

// startBar holds the Start button under the form, or, when it was pressed
// while a game is in progress here, the question whether to end that game.
func (h *Home) startBar(start app.UI) app.UI {
	if h.replacing && !h.askedTop {
		return h.question()
	}
	return start
}

// onStart is both Start buttons' click handler: it reads which one from
// the button, so that it holds whatever go-app keeps.
func (h *Home) onStart(ctx app.Context, e app.Event) {
	if h.Resumable && h.local() {
		h.replacing, h.askedTop = true, ctx.JSSrc().Get("id").String() == "start-quick"
		return
	}
	h.begin(ctx)
}

// quickStart is a Start at the top of the form that says what it starts
// (the choices as they stand: the defaults, or the last game's settings
// in this mode), so that on a phone a game starts without scrolling past
// the form, a few tabs from the top; or the question in its place when it
// asked.
func (h *Home) quickStart(s session.Setup, err error) app.UI {
	if h.replacing && h.askedTop {
		return h.question()
	}
	if err != nil {
		return app.Div()
	}
	var who string
	switch h.mode {
	case "computer":
		who = lang.T("home.who.computer", "level", levelName(h.level))
		if !h.CanComputer {
			who = lang.T("home.who.hotseat")
		}
	case "online":
		who = lang.T("home.who.online")
	case "nearby":
		who = lang.T("home.who.nearby")
	case "bylink":
		who = lang.T("home.who.bylink")
	default:
		who = lang.T("home.who.hotseat")
	}
	return app.Div().Class("quick").Body(
		app.Button().ID("start-quick").Class("primary").
			Text(lang.T("home.quick", "game", screen.Describe(s.Spec), "clock", screen.ClockNote(s.Clock), "who", who)).
			OnClick(h.onStart),
		app.If(h.CanComputer, func() app.UI {
			return app.Button().ID("first-game").Class("first-game").
				Text(lang.T("home.first_game")).
				OnClick(h.onFirstGame)
		}),
	)
}

// onFirstGame starts a newcomer's way in (issue 48): GYRE on the small
// board against Easy, without the swap, the person moving first as
// Spoke: a game that needs no decision before the first stone. The fair
// start is one tap away, preselected in the form whenever the board
// has a measured K.
func (h *Home) onFirstGame(ctx app.Context, e app.Event) {
	h.kind, h.mode, h.size, h.k = game.GYRE, "computer", "5x10", 0
	h.level, h.first, h.firstSet, h.rule = level.Easy, true, true, ruleNoSwap
	h.clock, h.ownClock, h.long = "", false, false
	if h.Resumable {
		h.replacing, h.askedTop = true, true
		return
	}
	h.begin(ctx)
}

// question asks before a new game replaces the one in progress here.
func (h *Home) question() app.UI {
	return app.Div().ID("replace-question").Role("group").Aria("label", lang.T("home.replace.label")).Body(
		app.P().ID("replace-note").Text(lang.T("home.replace.note", "game", h.ResumeLabel)),
		app.Button().ID("start-replace").Text(lang.T("home.replace.yes")).
			OnClick(func(ctx app.Context, e app.Event) { h.begin(ctx) }),
		app.Button().ID("start-keep").Text(lang.T("home.replace.keep")).
			OnClick(func(ctx app.Context, e app.Event) { h.replacing = false }),
	)
}
