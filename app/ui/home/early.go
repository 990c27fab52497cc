package home

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"

	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/level"
)

// The choices made before the program ran. The page arrives pre-rendered
// and its script (cmd/gygy/start.js) answers the home screen's buttons
// until the program takes over: each choice pressed, in order, and
// whether Start was pressed, kept in sessionStorage under earlyKey. The
// home screen takes them over once it is drawn, so nothing chosen is lost,
// and a Start pressed early starts the game now.

// earlyKey is where the page's script keeps what was pressed.
const earlyKey = "gygy.early"

// early is what the page's script kept.
type early struct {
	Choices [][2]string `json:"choices"` // [group, value], as pressed
	Start   bool        `json:"start"`
}

// parseEarly reads what the page's script kept; anything malformed is
// nothing pressed.
func parseEarly(text string) early {
	var e early
	if text == "" || json.Unmarshal([]byte(text), &e) != nil {
		return early{}
	}
	return e
}

// OnMount takes over what was pressed before the program ran.
func (h *Home) OnMount(ctx app.Context) {
	if !app.IsClient {
		return
	}
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	// From now on the page's script records nothing: the form is the
	// program's, and what it pressed is read here once.
	app.Window().Set("gygyEarlyTaken", true)
	store := app.Window().Get("sessionStorage")
	if !store.Truthy() {
		return
	}
	item := store.Call("getItem", earlyKey)
	if !item.Truthy() {
		return
	}
	store.Call("removeItem", earlyKey)
	h.takeEarly(ctx, parseEarly(item.String()))
}

// takeEarly applies the choices in the order they were pressed, each as
// the form's state stands then (choose), then starts the game if Start
// was pressed (asking first, as Start does, when a game is in progress
// here).
func (h *Home) takeEarly(ctx app.Context, e early) {
	if len(e.Choices) == 0 && !e.Start {
		return
	}
	for _, c := range e.Choices {
		h.choose(c[0], c[1])
	}
	if e.Start {
		if h.Resumable && h.local() {
			h.replacing, h.askedTop = true, true
		} else {
			h.begin(ctx)
		}
	}
	ctx.Update()
}

// choose applies a choice by its group and value as the form's buttons
// do, without a drawing of the form: the groups the pre-rendered page
// shows (its script records no other).
func (h *Home) choose(group, value string) {
	switch group {
	case "game":
		if k, err := game.ParseKind(value); err == nil {
			h.kind = k
		}
	case "mode":
		switch value {
		case "hotseat", "computer", "online", "nearby", "bylink":
			if value != h.mode {
				h.mode, h.replacing = value, false
				h.recall(value, false)
			}
		}
	case "size":
		h.size, h.k = value, 0
	case "rule":
		switch value {
		case ruleFair, ruleSwap, ruleNoSwap:
			h.rule = value
		}
	case "side":
		h.setSide(value)
	case "level":
		if l, err := level.Parse(value); err == nil {
			h.level = l
		}
	case "clock":
		if value == "none" || value == "custom" {
			h.setClock(value)
		} else if c, err := clock.ParseControl(value); err == nil && c.On() {
			h.setClock(c.String())
		}
	}
}
