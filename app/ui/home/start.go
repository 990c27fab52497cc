package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
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
	default:
		ctx.NewActionWithValue(ActionNewGame, s)
	}
}

// startBar holds the Start button, or, when it was pressed while a game is
// in progress here, the question whether to end that game. It stays in
// sight at the bottom of the screen while the form scrolls (a phone shows
// the first choices only), so the game can start from any of them.
func (h *Home) startBar(start app.UI) app.UI {
	bar := app.Div().ID("start-bar").
		Style("position", "sticky").Style("bottom", "0").
		Style("padding", "0.5rem 0").Style("background", "var(--panel)")
	if !h.replacing {
		return bar.Body(start)
	}
	return bar.Role("group").Aria("label", "Replace the game in progress").Body(
		app.P().ID("replace-note").Text("A game is in progress here ("+h.ResumeLabel+"). Starting a new one ends it."),
		app.Button().ID("start-replace").Class("danger").Text("End it and start the new game").
			OnClick(func(ctx app.Context, e app.Event) { h.begin(ctx) }),
		app.Button().ID("start-keep").Text("Keep it").
			OnClick(func(ctx app.Context, e app.Event) { h.replacing = false }),
	)
}
