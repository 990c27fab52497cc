package board

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyges"
)

// GygesBoard draws a Gygès position as SVG and lets a person set up their
// home row and move by dragging (mouse, pen or finger), by tapping twice
// or by keyboard. Like chessground's movable.dests, it is given where
// every movable piece may end (Dests, from the engine) and marks those
// squares; it knows no rules and applies nothing: it reports one intent,
// a setup or a move (a Played), through ActionPlay, and the session
// checks it. A drag dropped on a square the piece may not end on still
// goes to the session, so that the player reads the engine's reason; a
// tap or Enter there keeps the piece held and says why under the board.
//
// The component only turns browser events into hits (gyges_geometry.go)
// and hands them to its input (gyges_input.go, gyges_setup.go), which
// decides; the drawing (gyges_draw.go, gyges_anim.go) reads the props and
// the input's state.
type GygesBoard struct {
	app.Compo

	Pos     gyges.Position // the position; during a setup, the rows set so far
	Dests   gyges.Dests    // what the side to move may do: Pos.Dests(), or nothing in a setup
	Setting bool           // a home row is being set up
	Side    gyges.Side     // the side to act: setting up or moving; the winner when Over
	Live    bool           // a person at this device may act now
	Flip    bool           // North sits at the bottom of the screen
	Over    bool

	Last     gyges.Move // the last move, drawn and (when Anim is set) animated
	LastPath gyges.Path // its witness path, from the engine
	LastSize int        // the size of the piece that made it
	Anim     string     // names the last move's animation; "" for none

	// Hint is a move shown, not played (the computer's hint, or in review
	// its better move): its piece, its path (HintPath, from the engine)
	// and its drop square are marked. A zero HintPath shows none.
	Hint     gyges.Move
	HintPath gyges.Path

	in   gygesInput
	told string // the pick last told to the game screen (ActionPicked)
	// static draws a picture that takes no input (a rulebook diagram):
	// the squares are not buttons.
	static bool
}

// OnInit starts with nothing picked up.
func (b *GygesBoard) OnInit() { b.in = newGygesInput() }

// OnMount redraws the board's names and words in the new language when
// it changes.
func (b *GygesBoard) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

// OnUpdate drops a half-made move when the props changed under it (the
// other player moved, an undo).
func (b *GygesBoard) OnUpdate(ctx app.Context) {
	b.in.reset()
	b.tell(ctx)
}

// ActionPicked is what the Gygès board emits when what a person holds
// changes: its value is a sentence for the status line ("You picked up
// …"), or "" once nothing is held.
const ActionPicked = "board-picked"

// tell sends the game screen the pick, when it changed.
func (b *GygesBoard) tell(ctx app.Context) {
	if now := b.in.pickText(b.Pos, b.offer()); now != b.told {
		b.told = now
		ctx.NewActionWithValue(ActionPicked, now)
	}
}

// offer is what the props let a person do, for the input.
func (b *GygesBoard) offer() gygesOffer {
	return gygesOffer{live: b.Live, setting: b.Setting, side: b.Side, dests: b.Dests, pos: b.Pos}
}

// geo is the board's geometry on the screen.
func (b *GygesBoard) geo() gygesGeometry { return gygesGeometry{flip: b.Flip, setting: b.Setting} }

// Render draws the board, and under it what the current step needs: the
// setup tools, the replace choice, a refusal.
func (b *GygesBoard) Render() app.UI {
	if b.Setting {
		b.in.syncDraft(b.Side.String() + b.Pos.String())
	}
	class := "gyges-board"
	if b.Live {
		class += " live"
	}
	if b.Flip {
		class += " flipped"
	}
	board := SVG("svg").
		ID("gyges-svg").
		Class(class, "to-"+strings.ToLower(b.Side.String())).
		Attr("viewBox", b.geo().viewBox()).
		Attr("role", "group").
		Aria("label", b.label()).
		On("pointerdown", b.onDown).
		On("pointermove", b.onMove).
		On("pointerup", b.onUp).
		On("pointercancel", func(ctx app.Context, e app.Event) { b.in.cancel(b.offer()); b.tell(ctx) }).
		Body(
			b.goal(gyges.North),
			b.goal(gyges.South),
			b.squares(),
			b.trail(),
			b.hintPath(),
			b.pieces(),
			b.hintMarks(),
			b.bounces(),
			b.tray(),
			b.ghost(),
		)
	return app.Div().Class("gyges-wrap").Body(
		app.If(b.Anim != "", func() app.UI {
			return app.Elem("style").Text(keyframes(b.geo(), b.Anim, b.Last, b.LastPath, b.Side))
		}),
		board,
		b.below(),
	)
}

// label describes the board for assistive technology.
func (b *GygesBoard) label() string {
	if b.Flip {
		return lang.T("board.gyges.name_north")
	}
	return lang.T("board.gyges.name_south")
}

// below draws what goes under the board: in a setup the ready layouts and
// the confirm button; in a replace the question where the piece goes;
// once a piece is put down, the move that ends where it stands; after a
// refused tap the reason.
func (b *GygesBoard) below() app.UI {
	var body []app.UI
	o := b.offer()
	switch {
	case b.Setting && b.Live:
		body = b.setupTools()
	case b.in.replaceTo != gyges.NoSquare:
		from, to := b.in.sel, b.in.replaceTo
		body = append(body, app.Div().ID("replace-choice").Class("offer", "replace-choice").Body(
			app.P().Text(lang.T("board.replace.choice", "size", b.Pos.Piece(from), "from", from.String(),
				"to", to.String(), "taken", b.Pos.Piece(to))),
			app.Button().ID("replace-cancel").Text(lang.T("board.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { b.in.putDown(); b.tell(ctx) }),
		))
	case b.in.canStay(o):
		body = append(body, app.Button().ID("stay").Text(lang.T("board.stay", "square", b.in.sel.String())).
			OnClick(func(ctx app.Context, e app.Event) { b.emit(ctx, b.in.stay(b.offer())) }))
	}
	if reason := b.in.refusal(); reason != "" {
		body = append(body, app.P().ID("refused").Class("error").Role("alert").Text(reason))
	}
	return app.Div().Class("under-board").Body(body...)
}

// emit sends the input's intent, if any, to the game screen, and what is
// held now.
func (b *GygesBoard) emit(ctx app.Context, action game.Action) {
	b.tell(ctx)
	if action != nil {
		ctx.NewActionWithValue(ActionPlay, Played{Action: action})
	}
}

// svgPoint converts an event's client coordinates into the drawing's units.
func svgPoint(svgEl app.Value, e app.Event) point {
	m := svgEl.Call("getScreenCTM")
	if !m.Truthy() {
		return point{-1, -1}
	}
	pt := svgEl.Call("createSVGPoint")
	pt.Set("x", e.Get("clientX").Float())
	pt.Set("y", e.Get("clientY").Float())
	p := pt.Call("matrixTransform", m.Call("inverse"))
	return point{p.Get("x").Float(), p.Get("y").Float()}
}

// onDown starts a press; the pointer is captured when it holds a piece.
func (b *GygesBoard) onDown(ctx app.Context, e app.Event) {
	if e.Get("button").Int() > 0 {
		return
	}
	svgEl := e.Get("currentTarget")
	p := svgPoint(svgEl, e)
	if b.in.press(b.offer(), b.geo().hitAt(p), p) {
		svgEl.Call("setPointerCapture", e.Get("pointerId"))
	}
}

// onMove drags the ghost along without redrawing the board: the board is
// drawn once, when the press becomes a drag.
func (b *GygesBoard) onMove(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if !b.in.down {
		return
	}
	dx, dy, dragging, started := b.in.travel(svgPoint(e.Get("currentTarget"), e))
	if !dragging {
		return
	}
	if started {
		b.tell(ctx)
		ctx.Update()
	}
	if g := app.Window().GetElementByID("gyges-ghost"); g.Truthy() {
		g.Call("setAttribute", "transform", fmt.Sprintf("translate(%s %s)", f3(dx), f3(dy)))
	}
}

// onUp ends a press where the pointer is.
func (b *GygesBoard) onUp(ctx app.Context, e app.Event) {
	p := svgPoint(e.Get("currentTarget"), e)
	b.emit(ctx, b.in.release(b.offer(), b.geo().hitAt(p)))
}

// onKey plays a key pressed on square s, and moves the focus where the
// input says.
func (b *GygesBoard) onKey(ctx app.Context, s gyges.Square, key string) {
	r := b.in.key(b.offer(), b.geo(), s, key)
	if !r.changed {
		ctx.PreventUpdate()
		return
	}
	b.emit(ctx, r.action)
	if r.focus == gyges.NoSquare {
		return
	}
	id := "sq-" + r.focus.String()
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}
