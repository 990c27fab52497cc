package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/engine/gyges"
)

// ActionGyges is the action a GygesBoard emits when a person completes a
// setup or a move; its value is the action in notation ("321123",
// "c1-d4:a3"), which the session checks with the engine.
const ActionGyges = "gyges-action"

// The drawing's units: a square is 100 wide; the goals lie beyond the home
// rows, and in a setup the reserve tray lies below the board.
const (
	sq        = 100.0
	goalGap   = 12.0
	goalDepth = 64.0
	trayTop   = 6*sq + goalGap + goalDepth + 24
	dragMin   = 14.0 // how far a press must travel to count as a drag
)

// GygesBoard draws a Gygès position as SVG and lets a person set up their
// home row and move by dragging (mouse, pen or finger) or by tapping twice.
// It asks the engine where the chosen piece may end and marks those
// squares; what it emits is only an intent: the session checks it.
type GygesBoard struct {
	app.Compo

	Pos     gyges.Position // the position; during a setup, the rows set so far
	Setting bool           // a home row is being set up
	Side    gyges.Side     // the side to act: setting up or moving
	Live    bool           // a person at this device may act now
	Flip    bool           // North sits at the bottom of the screen
	Over    bool

	Last     gyges.Move // the last move, drawn and (when Anim is set) animated
	LastPath gyges.Path
	LastSize int    // the size of the piece that made it
	Anim     string // names the last move's animation; "" for none

	sel       gyges.Square // the piece picked up, or NoSquare
	drag      bool         // the pointer that picked it is still down
	moved     bool         // and has travelled: a drag, not a tap
	wasSel    bool         // the piece was already picked when pressed
	startX    float64
	startY    float64
	replaceTo gyges.Square // a replace waiting for its drop square, or NoSquare

	draftKey  string  // the setup the draft belongs to
	draft     [6]int8 // the home row being set up, by column; 0 empty
	reserve   int     // the size picked from the tray, 0 for none
	dragSlot  int     // a home-row column dragged in a setup, -1 for none
	reasonMsg string  // why the last drop was refused, shown under the board
	cursor    int     // one more than the square keyboard play is on; 0 for none

	// What the engine said of the position last asked about: a drawing
	// asks for the movable pieces and the picked piece's targets square
	// by square, and each answer is a search.
	memoPos     gyges.Position
	memoOK      bool
	memoMovable gyges.SquareSet
	memoFrom    gyges.Square
	memoTargets gyges.Targets
}

// OnInit starts with nothing picked up.
func (b *GygesBoard) OnInit() {
	b.sel, b.replaceTo, b.dragSlot = gyges.NoSquare, gyges.NoSquare, -1
}

// movable is Pos.Movable, asked of the engine once per position.
func (b *GygesBoard) movable() gyges.SquareSet {
	b.remember()
	return b.memoMovable
}

// targets is Pos.Targets(from), asked once per position and piece.
func (b *GygesBoard) targets(from gyges.Square) gyges.Targets {
	b.remember()
	if from != b.memoFrom {
		b.memoFrom, b.memoTargets = from, b.Pos.Targets(from)
	}
	return b.memoTargets
}

// remember forgets the engine's answers when the position changed.
func (b *GygesBoard) remember() {
	if b.memoOK && b.memoPos == b.Pos {
		return
	}
	b.memoPos, b.memoOK = b.Pos, true
	b.memoMovable = b.Pos.Movable()
	b.memoFrom, b.memoTargets = gyges.NoSquare, gyges.Targets{}
}

// OnUpdate drops a half-made move when the position changed under it (the
// other player moved, an undo).
func (b *GygesBoard) OnUpdate(ctx app.Context) {
	b.sel, b.replaceTo, b.drag, b.reasonMsg = gyges.NoSquare, gyges.NoSquare, false, ""
}

// point is a point in the drawing's units.
type point struct{ x, y float64 }

// at returns the centre of square s on the screen.
func (b *GygesBoard) at(s gyges.Square) point {
	col, row := s.Col(), s.Row()
	if b.Flip {
		return point{(5-float64(col))*sq + sq/2, float64(row)*sq + sq/2}
	}
	return point{float64(col)*sq + sq/2, (5-float64(row))*sq + sq/2}
}

// goalY returns the top of the goal of side sd on the screen: North's goal
// is beyond row 6, South's beyond row 1.
func (b *GygesBoard) goalY(sd gyges.Side) float64 {
	top := (sd == gyges.North) != b.Flip
	if top {
		return -goalGap - goalDepth
	}
	return 6*sq + goalGap
}

// goalAt returns where a piece that entered the goal from square from is
// drawn: in the goal, level with its column.
func (b *GygesBoard) goalAt(from gyges.Square, mover gyges.Side) point {
	x := b.at(from).x
	return point{x, b.goalY(mover.Opponent()) + goalDepth/2}
}

// hit is what lies under a point: a square, the goal of a side, a slot of
// the reserve tray, or nothing.
type hit struct {
	square gyges.Square
	goal   bool
	side   gyges.Side // whose goal
	tray   int        // 1 + the tray slot, or 0
}

func (b *GygesBoard) hitAt(p point) hit {
	h := hit{square: gyges.NoSquare}
	if p.x < 0 || p.x >= 6*sq {
		return h
	}
	col := int(p.x / sq)
	switch {
	case p.y >= 0 && p.y < 6*sq:
		row := 5 - int(p.y/sq)
		if b.Flip {
			col, row = 5-col, int(p.y/sq)
		}
		h.square = gyges.SquareAt(col, row)
	case p.y < 0 && p.y >= -goalGap-goalDepth-20:
		h.goal, h.side = true, gyges.North
		if b.Flip {
			h.side = gyges.South
		}
	case p.y >= 6*sq && p.y < 6*sq+goalGap+goalDepth+20:
		h.goal, h.side = true, gyges.South
		if b.Flip {
			h.side = gyges.North
		}
	case b.Setting && p.y >= trayTop && p.y < trayTop+sq:
		h.tray = col + 1
	}
	return h
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

// Render draws the board, and under it what the current step needs: the
// setup tools, the replace choice, a refusal.
func (b *GygesBoard) Render() app.UI {
	if b.Setting {
		b.syncDraft()
	}
	top := -goalGap - goalDepth - 8
	bottom := 6*sq + goalGap + goalDepth + 8
	if b.Setting {
		bottom = trayTop + sq + 8
	}
	class := "gyges-board"
	if b.Live {
		class += " live"
	}
	if b.Flip {
		class += " flipped"
	}
	board := svg("svg").
		ID("gyges-svg").
		Class(class, "to-"+strings.ToLower(b.Side.String())).
		Attr("viewBox", fmt.Sprintf("-8 %s %s %s", f3(top), f3(6*sq+16), f3(bottom-top))).
		Attr("role", "group").
		Aria("label", b.label()).
		On("pointerdown", b.onDown).
		On("pointermove", b.onMove).
		On("pointerup", b.onUp).
		On("pointercancel", func(ctx app.Context, e app.Event) { b.cancelDrag() }).
		Body(
			b.goal(gyges.North),
			b.goal(gyges.South),
			b.squares(),
			b.trail(),
			b.pieces(),
			b.bounces(),
			b.tray(),
			b.ghost(),
		)
	return app.Div().Class("gyges-wrap").Body(
		app.If(b.Anim != "", func() app.UI { return app.Elem("style").Text(b.keyframes()) }),
		board,
		b.below(),
	)
}

// label describes the board for assistive technology.
func (b *GygesBoard) label() string {
	view := "South at the bottom"
	if b.Flip {
		view = "North at the bottom"
	}
	return "Gygès board, " + view
}

// goal draws the goal of side sd, lit when the picked piece may enter it.
func (b *GygesBoard) goal(sd gyges.Side) app.UI {
	class := []string{"goal", strings.ToLower(sd.String())}
	if b.sel != gyges.NoSquare && sd != b.Side && b.targets(b.sel).Goal {
		class = append(class, "target")
	}
	y := b.goalY(sd)
	return svg("g").ID("goal-"+strings.ToLower(sd.String())).Class(class...).Body(
		svg("rect").Attr("x", "4").Attr("y", f3(y)).Attr("width", f3(6*sq-8)).Attr("height", f3(goalDepth)).Attr("rx", "26"),
		svg("text").Class("goal-label").Attr("x", f3(3*sq)).Attr("y", f3(y+goalDepth/2)).
			Text(sd.String()+"’s goal"),
	)
}

// squares draws the 36 squares with their marks: the active row, the
// squares the picked piece may end on (and replace), the drops of a
// replace, and the coordinates along two edges.
func (b *GygesBoard) squares() app.UI {
	var targets gyges.Targets
	var drops gyges.SquareSet
	if b.sel != gyges.NoSquare {
		targets = b.targets(b.sel)
		if b.replaceTo != gyges.NoSquare {
			drops = b.Pos.Drops(b.sel, b.replaceTo)
		}
	}
	active := -1
	if !b.Setting && !b.Over {
		if r, ok := b.Pos.ActiveRow(); ok {
			active = r
		}
	}
	out := make([]app.UI, 0, gyges.NumSquares)
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		p := b.at(s)
		class := []string{"sq"}
		if (s.Col()+s.Row())%2 == 1 {
			class = append(class, "dark")
		}
		if s.Row() == active {
			class = append(class, "active")
		}
		if b.Last.From == s || (b.Last.To == s && !b.Last.IsGoal()) {
			class = append(class, "last")
		}
		var marks []app.UI
		switch {
		case b.replaceTo != gyges.NoSquare:
			if drops.Has(s) {
				class = append(class, "drop")
				marks = append(marks, svg("rect").Class("drop-mark").
					Attr("x", f3(p.x-16)).Attr("y", f3(p.y-16)).Attr("width", "32").Attr("height", "32").
					Attr("transform", fmt.Sprintf("rotate(45 %s %s)", f3(p.x), f3(p.y))))
			}
		case targets.Empty.Has(s) && s != b.sel:
			class = append(class, "target")
			marks = append(marks, svg("circle").Class("target-mark").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "15"))
		case targets.Replace.Has(s):
			class = append(class, "replace")
			marks = append(marks, svg("circle").Class("replace-mark").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "47"))
		case targets.Empty.Has(s):
			class = append(class, "target", "home")
		}
		if b.Setting && s.Row() == b.homeRow() && b.Live {
			class = append(class, "setup-row")
		}
		body := []app.UI{svg("rect").Class("sq-bg").
			Attr("x", f3(p.x-sq/2)).Attr("y", f3(p.y-sq/2)).Attr("width", f3(sq)).Attr("height", f3(sq))}
		body = append(body, marks...)
		if b.coordCol(s) {
			body = append(body, svg("text").Class("coord").Attr("x", f3(p.x+sq/2-6)).Attr("y", f3(p.y+sq/2-7)).
				Attr("text-anchor", "end").Text(string(rune('a'+s.Col()))))
		}
		if b.coordRow(s) {
			body = append(body, svg("text").Class("coord").Attr("x", f3(p.x-sq/2+6)).Attr("y", f3(p.y-sq/2+20)).
				Text(strconv.Itoa(s.Row()+1)))
		}
		sqr := s
		tab := -1
		if sqr == b.focusSquare() {
			tab = 0
		}
		out = append(out, svg("g").ID("sq-"+s.String()).Class(class...).
			Attr("role", "button").TabIndex(tab).Aria("label", b.squareLabel(s, class)).
			OnKeyDown(func(ctx app.Context, e app.Event) { b.key(ctx, sqr, e.Get("key").String()) }).
			On("focus", func(ctx app.Context, e app.Event) {
				b.cursor = int(sqr) + 1
				ctx.PreventUpdate()
			}).
			Body(body...))
	}
	return svg("g").Class("squares").Body(out...)
}

// coordCol and coordRow say where the coordinates are written: along the
// bottom row and the left column as the viewer sees them.
func (b *GygesBoard) coordCol(s gyges.Square) bool {
	if b.Flip {
		return s.Row() == 5
	}
	return s.Row() == 0
}

func (b *GygesBoard) coordRow(s gyges.Square) bool {
	if b.Flip {
		return s.Col() == 5
	}
	return s.Col() == 0
}

// homeRow is the row of the side setting up.
func (b *GygesBoard) homeRow() int {
	if b.Side == gyges.North {
		return 5
	}
	return 0
}

// pieces draws every piece in one slot per square, so that a move changes
// only the slots it touches and an animation starts only where a piece
// arrives. The piece of a winning move is drawn in the goal.
func (b *GygesBoard) pieces() app.UI {
	slots := make([]app.UI, 0, gyges.NumSquares+1)
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		size := b.sizeAt(s)
		slot := svg("g").ID("piece-slot-" + s.String())
		if size == 0 {
			slots = append(slots, slot)
			continue
		}
		class := []string{"slot"}
		if b.Anim != "" && s == b.Last.To {
			class = append(class, "anim-move")
		}
		if b.Anim != "" && s == b.Last.Drop {
			class = append(class, "anim-drop")
		}
		p := b.at(s)
		switch {
		case b.replaceTo != gyges.NoSquare && s == b.sel:
			// The mover has left for the square it replaces.
			slots = append(slots, slot)
			continue
		case b.replaceTo != gyges.NoSquare && s == b.replaceTo:
			// The mover stands on the landing square; the displaced piece
			// hovers over its corner until its drop square is chosen.
			held := point{p.x + 26, p.y - 26}
			slots = append(slots, slot.Class(class...).Body(
				piece(b.Pos.Piece(b.sel), p, "piece-"+s.String(), "piece", "lifted-in"),
				svg("g").Class("held").Body(piece(size, held, "piece-held", "piece", "displaced")),
			))
			continue
		}
		lifted := s == b.sel || (b.Setting && b.dragSlot >= 0 && s == gyges.SquareAt(b.dragSlot, b.homeRow()) && b.drag)
		slots = append(slots, slot.Class(class...).Body(piece(size, p, "piece-"+s.String(), b.pieceClass(s, lifted)...)))
	}
	if b.Last.IsGoal() && b.Over && len(b.LastPath) >= 2 {
		mover := b.Side
		p := b.goalAt(b.LastPath[len(b.LastPath)-2].Square, mover)
		class := []string{"slot"}
		if b.Anim != "" {
			class = append(class, "anim-move")
		}
		slots = append(slots, svg("g").ID("piece-slot-goal").Class(class...).
			Body(piece(b.LastSize, p, "piece-goal", "piece", "winner")))
	}
	return svg("g").Class("pieces").Body(slots...)
}

func (b *GygesBoard) pieceClass(s gyges.Square, lifted bool) []string {
	class := []string{"piece"}
	if lifted {
		class = append(class, "lifted")
	}
	if b.Live && !b.Setting && b.replaceTo == gyges.NoSquare && b.movable().Has(s) {
		class = append(class, "movable")
	}
	if s == b.replaceTo {
		class = append(class, "displaced")
	}
	return class
}

// sizeAt is the size of the piece drawn on s: the position's, or in a
// setup the draft's on the home row being set up.
func (b *GygesBoard) sizeAt(s gyges.Square) int {
	if b.Setting && b.Live && s.Row() == b.homeRow() {
		return int(b.draft[s.Col()])
	}
	return b.Pos.Piece(s)
}

// piece draws a piece of the given size centred on p: a disc with one, two
// or three rings, its shade darker with its size, so that sizes are told
// apart at a glance even where the rings are small.
func piece(size int, p point, id string, class ...string) app.UI {
	body := []app.UI{
		svg("circle").Class("shadow").Attr("cx", f3(p.x+3)).Attr("cy", f3(p.y+4)).Attr("r", "40"),
		svg("circle").Class("body").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "40"),
	}
	for i := range size {
		body = append(body, svg("circle").Class("ring").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).
			Attr("r", f3(33-10*float64(i))))
	}
	return svg("g").ID(id).Class(append(class, "size-"+strconv.Itoa(size))...).
		Attr("data-size", size).
		Aria("label", fmt.Sprintf("%d-ring piece", size)).
		Body(body...)
}

// trail draws the route of the last move: a line through its squares,
// with a dot where it bounced.
func (b *GygesBoard) trail() app.UI {
	if len(b.LastPath) < 2 || b.Setting {
		return svg("g").Class("trail-none")
	}
	pts := b.pathPoints()
	var sb strings.Builder
	for _, p := range pts {
		fmt.Fprintf(&sb, "%s,%s ", f3(p.x), f3(p.y))
	}
	return svg("g").ID("trail").Class("trail").Attr("data-path", b.LastPath.String()).Body(
		svg("polyline").Class("trail-line").Attr("points", sb.String()))
}

// bounces marks, above the pieces, the pieces the last move bounced off.
func (b *GygesBoard) bounces() app.UI {
	if len(b.LastPath) < 2 || b.Setting {
		return svg("g").Class("bounces-none")
	}
	pts := b.pathPoints()
	var body []app.UI
	for i, st := range b.LastPath {
		if st.Bounce {
			body = append(body, svg("circle").Class("bounce-dot").Attr("cx", f3(pts[i].x)).Attr("cy", f3(pts[i].y)).Attr("r", "10"))
		}
	}
	return svg("g").Class("bounces").Body(body...)
}

// pathPoints places the last path on the screen; the goal, if entered, is
// drawn level with the square it was entered from.
func (b *GygesBoard) pathPoints() []point {
	pts := make([]point, len(b.LastPath))
	for i, st := range b.LastPath {
		if st.Square == gyges.Goal {
			mover := b.Side
			pts[i] = b.goalAt(b.LastPath[i-1].Square, mover)
			continue
		}
		pts[i] = b.at(st.Square)
	}
	return pts
}

// stepTime is how long the animation spends on one step of a path.
const stepTime = 170

// keyframes writes the animation of the last move: the piece travels its
// path step by step from its start to where it now stands, swelling a
// little where it bounces; a displaced piece then slides to its drop.
func (b *GygesBoard) keyframes() string {
	if len(b.LastPath) < 2 {
		return ""
	}
	pts := b.pathPoints()
	end := pts[len(pts)-1]
	n := len(pts) - 1
	var sb strings.Builder
	name := "gy-" + b.Anim
	fmt.Fprintf(&sb, "@keyframes %s {", name)
	for i, p := range pts {
		scale := 1.12
		if b.LastPath[i].Bounce {
			scale = 1.28
		}
		if i == n {
			scale = 1
		}
		fmt.Fprintf(&sb, " %.1f%% { transform: translate(%spx, %spx) scale(%.2f); }", 100*float64(i)/float64(n), f3(p.x-end.x), f3(p.y-end.y), scale)
	}
	sb.WriteString(" }\n")
	moveMS := stepTime * n
	fmt.Fprintf(&sb, ".gyges-board .anim-move { animation: %s %dms ease-in-out; transform-box: fill-box; transform-origin: center; }\n", name, moveMS)
	if b.Last.IsReplace() {
		from, to := b.at(b.Last.To), b.at(b.Last.Drop)
		fmt.Fprintf(&sb, "@keyframes %s-d { 0%% { transform: translate(%spx, %spx) scale(1.15); } 100%% { transform: none; } }\n",
			name, f3(from.x-to.x), f3(from.y-to.y))
		fmt.Fprintf(&sb, ".gyges-board .anim-drop { animation: %s-d 380ms ease-out %dms backwards; transform-box: fill-box; transform-origin: center; }\n", name, moveMS)
	}
	return sb.String()
}

// tray draws the reserve during a setup: the pieces not yet on the home
// row, to drag or tap onto it.
func (b *GygesBoard) tray() app.UI {
	if !b.Setting || !b.Live {
		return svg("g").Class("tray-none")
	}
	left := b.reserveSizes()
	body := []app.UI{svg("rect").Class("tray-bg").Attr("x", "0").Attr("y", f3(trayTop)).
		Attr("width", f3(6*sq)).Attr("height", f3(sq)).Attr("rx", "18")}
	for i, size := range left {
		p := point{float64(i)*sq + sq/2, trayTop + sq/2}
		class := []string{"piece", "reserve"}
		if b.reserve == size && (i == 0 || left[i-1] != size) {
			class = append(class, "lifted")
		}
		body = append(body, piece(size, p, "tray-"+strconv.Itoa(i), class...))
	}
	return svg("g").ID("tray").Class("tray").Body(body...)
}

// reserveSizes lists the sizes not yet placed in the draft, smallest first.
func (b *GygesBoard) reserveSizes() []int {
	count := [4]int{0, 2, 2, 2}
	for _, size := range b.draft {
		if size > 0 {
			count[size]--
		}
	}
	var left []int
	for size := 1; size <= 3; size++ {
		for range count[size] {
			left = append(left, size)
		}
	}
	return left
}

// ghost is the piece that follows the pointer while it drags.
func (b *GygesBoard) ghost() app.UI {
	size := 0
	var p point
	switch {
	case b.drag && !b.Setting && b.sel != gyges.NoSquare:
		size, p = b.Pos.Piece(b.sel), b.at(b.sel)
	case b.drag && b.Setting && b.dragSlot >= 0:
		s := gyges.SquareAt(b.dragSlot, b.homeRow())
		size, p = int(b.draft[b.dragSlot]), b.at(s)
	case b.drag && b.Setting && b.reserve > 0:
		size, p = b.reserve, point{b.startX, b.startY}
	}
	if size == 0 {
		return svg("g").ID("gyges-ghost-none")
	}
	return svg("g").ID("gyges-ghost").Class("ghost").Attr("data-x", f3(p.x)).Attr("data-y", f3(p.y)).
		Body(piece(size, p, "ghost-piece", "piece", "dragging"))
}

// syncDraft starts an empty draft for a new setup.
func (b *GygesBoard) syncDraft() {
	key := b.Side.String() + b.Pos.String()
	if key != b.draftKey {
		b.draftKey, b.draft, b.reserve, b.dragSlot = key, [6]int8{}, 0, -1
	}
}

// below draws what goes under the board: in a setup the ready layouts and
// the confirm button; in a replace the question where the piece goes;
// after a refused drop the reason.
func (b *GygesBoard) below() app.UI {
	var body []app.UI
	switch {
	case b.Setting && b.Live:
		full := len(b.reserveSizes()) == 0
		buttons := []app.UI{app.Span().Class("legend").Text("Ready:")}
		for _, l := range gyges.BeginnerLayouts() {
			l := l
			buttons = append(buttons, app.Button().ID("layout-"+l.String()).Class("layout").Text(l.String()).
				Aria("label", "Use the layout "+l.String()).
				OnClick(func(ctx app.Context, e app.Event) {
					b.draft, b.reserve = l, 0
				}))
		}
		body = append(body,
			app.P().ID("setup-help").Class("help").Text(fmt.Sprintf(
				"Drag the pieces from the tray to row %d, or tap a piece and then a square; tap a placed piece to take it back.",
				b.homeRow()+1)),
			app.Div().Class("layouts").Body(buttons...),
			app.Div().Class("setup-actions").Body(
				app.Button().ID("setup-clear").Text("Clear").Disabled(b.draft == [6]int8{}).
					OnClick(func(ctx app.Context, e app.Event) { b.draft, b.reserve = [6]int8{}, 0 }),
				app.Button().ID("setup-confirm").Class("primary").Text("Confirm setup").Disabled(!full).
					OnClick(func(ctx app.Context, e app.Event) {
						if len(b.reserveSizes()) == 0 {
							ctx.NewActionWithValue(ActionGyges, gyges.Layout(b.draft).String())
						}
					}),
			),
		)
	case b.replaceTo != gyges.NoSquare:
		body = append(body, app.Div().ID("replace-choice").Class("offer").Body(
			app.P().Text(fmt.Sprintf("The %d-ring piece from %s replaces the %d-ring piece on %s: choose a marked square to put it on.",
				b.Pos.Piece(b.sel), b.sel, b.Pos.Piece(b.replaceTo), b.replaceTo)),
			app.Button().ID("replace-cancel").Text("Cancel").
				OnClick(func(ctx app.Context, e app.Event) { b.sel, b.replaceTo = gyges.NoSquare, gyges.NoSquare }),
		))
	case b.Live && b.sel != gyges.NoSquare && !b.drag && b.targets(b.sel).Empty.Has(b.sel):
		// Offered once the piece is put down, not while it is dragged:
		// the board must not change size under a moving hand.
		from := b.sel
		body = append(body, app.Button().ID("stay").Text(fmt.Sprintf("End on %s again", from)).
			OnClick(func(ctx app.Context, e app.Event) {
				b.emit(ctx, gyges.PlainMove(from, from).String())
			}))
	}
	if b.reasonMsg != "" {
		body = append(body, app.P().ID("refused").Class("error").Role("alert").Text(b.reasonMsg))
	}
	return app.Div().Class("under-board").Body(body...)
}

// emit sends an action to the shell and puts down whatever was picked.
func (b *GygesBoard) emit(ctx app.Context, action string) {
	b.sel, b.replaceTo, b.drag, b.reasonMsg = gyges.NoSquare, gyges.NoSquare, false, ""
	ctx.NewActionWithValue(ActionGyges, action)
}

func (b *GygesBoard) cancelDrag() {
	b.drag, b.moved, b.dragSlot = false, false, -1
}

// onDown picks up a piece (or a tray piece in a setup) under the pointer.
func (b *GygesBoard) onDown(ctx app.Context, e app.Event) {
	if !b.Live || e.Get("button").Int() > 0 {
		return
	}
	svgEl := e.Get("currentTarget")
	p := svgPoint(svgEl, e)
	h := b.hitAt(p)
	b.startX, b.startY, b.moved, b.reasonMsg = p.x, p.y, false, ""
	capture := func() {
		b.drag = true
		svgEl.Call("setPointerCapture", e.Get("pointerId"))
	}
	if b.Setting {
		switch {
		case h.tray > 0:
			left := b.reserveSizes()
			if h.tray <= len(left) {
				b.reserve = left[h.tray-1]
				b.dragSlot = -1
				capture()
			}
		case h.square != gyges.NoSquare && h.square.Row() == b.homeRow() && b.draft[h.square.Col()] > 0 && b.reserve == 0:
			b.dragSlot = h.square.Col()
			capture()
		}
		return
	}
	if b.replaceTo != gyges.NoSquare {
		return // the choice of a drop square is a tap, handled on release
	}
	if h.square != gyges.NoSquare && b.movable().Has(h.square) {
		b.wasSel = b.sel == h.square
		b.sel = h.square
		capture()
	}
}

// onMove drags the ghost along without redrawing the board.
func (b *GygesBoard) onMove(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if !b.drag {
		return
	}
	p := svgPoint(e.Get("currentTarget"), e)
	dx, dy := p.x-b.startX, p.y-b.startY
	if !b.moved && math.Hypot(dx, dy) < dragMin {
		return
	}
	if !b.moved {
		b.moved = true
		ctx.Update() // draw the ghost and the lifted piece once
	}
	if g := app.Window().GetElementByID("gyges-ghost"); g.Truthy() {
		g.Call("setAttribute", "transform", fmt.Sprintf("translate(%s %s)", f3(dx), f3(dy)))
	}
}

// onUp ends a press: a drag drops where the pointer is; a tap picks,
// unpicks or chooses a target.
func (b *GygesBoard) onUp(ctx app.Context, e app.Event) {
	if !b.Live {
		return
	}
	p := svgPoint(e.Get("currentTarget"), e)
	h := b.hitAt(p)
	dragged, moved := b.drag, b.moved
	b.drag, b.moved = false, false
	if b.Setting {
		b.setupUp(h, dragged, moved)
		return
	}
	if b.replaceTo != gyges.NoSquare {
		if h.square != gyges.NoSquare && b.Pos.Drops(b.sel, b.replaceTo).Has(h.square) {
			b.emit(ctx, gyges.ReplaceMove(b.sel, b.replaceTo, h.square).String())
			return
		}
		if h.square != gyges.NoSquare {
			b.reasonMsg = fmt.Sprintf("The displaced piece cannot go on %s: choose a marked square, or Cancel.", h.square)
		}
		return
	}
	if b.sel == gyges.NoSquare {
		return
	}
	switch {
	case dragged && !moved:
		// A tap on a piece: pick it, or put it down if it was picked.
		if b.wasSel {
			b.sel = gyges.NoSquare
		}
		return
	case dragged && h.square == b.sel:
		return // dragged back home: nothing happens, it stays picked
	case !dragged && h.square != gyges.NoSquare && b.movable().Has(h.square) && !b.targets(b.sel).Replace.Has(h.square):
		return // onDown picked another piece
	}
	b.drop(ctx, h)
}

// drop completes a move of the picked piece onto what lies under the
// pointer. A replace first asks for the drop square; anything else goes to
// the session, which refuses an illegal move with the engine's reason
// (landing on a piece it may not replace included).
func (b *GygesBoard) drop(ctx app.Context, h hit) {
	from := b.sel
	switch {
	case h.goal:
		if h.side == b.Side {
			b.reasonMsg = "A piece can never enter its own side’s goal."
			b.sel = gyges.NoSquare
			return
		}
		b.emit(ctx, gyges.GoalMove(from).String())
	case h.square == gyges.NoSquare:
		b.sel = gyges.NoSquare // dropped off the board: put back
	case b.targets(from).Replace.Has(h.square):
		b.replaceTo = h.square
	default:
		b.emit(ctx, gyges.PlainMove(from, h.square).String())
	}
}

// setupUp ends a press in a setup: a tray piece goes onto the home-row
// square under the pointer (the piece there goes back to the tray); a
// placed piece moves to another home-row square (swapping) or back to the
// tray.
func (b *GygesBoard) setupUp(h hit, dragged, moved bool) {
	home := b.homeRow()
	onHome := h.square != gyges.NoSquare && h.square.Row() == home
	switch {
	case b.dragSlot >= 0:
		from := b.dragSlot
		b.dragSlot = -1
		switch {
		case !moved:
			b.draft[from] = 0 // a tap on a placed piece takes it back
		case onHome:
			to := h.square.Col()
			b.draft[from], b.draft[to] = b.draft[to], b.draft[from]
		case h.tray > 0 || h.square == gyges.NoSquare:
			b.draft[from] = 0
		}
	case b.reserve > 0 && onHome:
		// A tray piece dropped or a tray piece picked and a square tapped.
		b.draft[h.square.Col()] = int8(b.reserve)
		b.reserve = 0
	case b.reserve > 0 && dragged && moved:
		b.reserve = 0 // dropped elsewhere: back to the tray
	}
}

// focusSquare is the one square in the tab order: the keyboard cursor,
// else the picked piece, else the first movable piece or home square.
func (b *GygesBoard) focusSquare() gyges.Square {
	switch {
	case b.cursor > 0:
		return gyges.Square(b.cursor - 1)
	case b.sel != gyges.NoSquare:
		return b.sel
	case b.Setting:
		return gyges.SquareAt(0, b.homeRow())
	}
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if b.movable().Has(s) {
			return s
		}
	}
	return 0
}

// squareLabel says what a square holds and offers, for a screen reader.
func (b *GygesBoard) squareLabel(s gyges.Square, class []string) string {
	label := s.String()
	if size := b.sizeAt(s); size > 0 {
		label += fmt.Sprintf(", %d-ring piece", size)
	} else {
		label += ", empty"
	}
	for _, c := range class {
		switch c {
		case "target":
			label += ", can end here"
		case "replace":
			label += ", can replace this piece"
		case "drop":
			label += ", the displaced piece can go here"
		case "active":
			label += ", active row"
		}
	}
	return label
}

// key plays by keyboard. The arrows move the cursor as the board is seen;
// Enter or Space picks up the piece under it, or puts the picked piece
// down there (as a drop would); G enters the goal; Escape puts it back.
// In a setup, 1, 2 and 3 place a piece of that size on the home square
// under the cursor, and 0 or Delete takes it back.
func (b *GygesBoard) key(ctx app.Context, s gyges.Square, key string) {
	if !b.Live {
		ctx.PreventUpdate()
		return
	}
	if b.cursor > 0 {
		// Keys typed quickly can reach the square the cursor just left,
		// before the focus follows it: the cursor decides.
		s = gyges.Square(b.cursor - 1)
	}
	col, row := s.Col(), s.Row()
	up, right := 1, 1
	if b.Flip {
		up, right = -1, -1
	}
	switch key {
	case "ArrowUp":
		row += up
	case "ArrowDown":
		row -= up
	case "ArrowRight":
		col += right
	case "ArrowLeft":
		col -= right
	case "Escape":
		b.sel, b.replaceTo, b.reasonMsg = gyges.NoSquare, gyges.NoSquare, ""
		return
	case "g", "G":
		if b.sel != gyges.NoSquare && !b.Setting {
			b.drop(ctx, hit{square: gyges.NoSquare, goal: true, side: b.Side.Opponent()})
		}
		return
	case "Enter", " ":
		b.press(ctx, s)
		return
	case "1", "2", "3", "0", "Delete", "Backspace":
		if b.Setting && row == b.homeRow() {
			size := int8(0)
			if key >= "1" && key <= "3" {
				size = int8(key[0] - '0')
			}
			b.draft[col] = 0
			if size > 0 && slices.Contains(b.reserveSizes(), int(size)) {
				b.draft[col] = size
			}
			return
		}
		ctx.PreventUpdate()
		return
	default:
		ctx.PreventUpdate()
		return
	}
	next := gyges.SquareAt(col, row)
	if next == gyges.NoSquare {
		ctx.PreventUpdate()
		return
	}
	b.cursor = int(next) + 1
	id := "sq-" + next.String()
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}

// press is Enter on a square: pick up, put down, or choose a drop.
func (b *GygesBoard) press(ctx app.Context, s gyges.Square) {
	switch {
	case b.Setting:
	case b.replaceTo != gyges.NoSquare:
		if b.Pos.Drops(b.sel, b.replaceTo).Has(s) {
			b.emit(ctx, gyges.ReplaceMove(b.sel, b.replaceTo, s).String())
		}
	case s == b.sel:
		b.sel = gyges.NoSquare
	case b.sel == gyges.NoSquare || (b.movable().Has(s) && !b.targets(b.sel).Replace.Has(s)):
		if b.movable().Has(s) {
			b.sel = s
		}
	default:
		b.drop(ctx, hit{square: s})
	}
}
