package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/engine/gyges"
)

// goal draws the goal beyond side sd's home row, lit when the picked piece
// may enter it. It is named by the side that enters it, the opponent: the
// goal by North's row is the one South plays for.
func (b *GygesBoard) goal(sd gyges.Side) app.UI {
	class := []string{"goal", strings.ToLower(sd.String())}
	o := b.offer()
	if sd != b.Side && o.of(b.in.picked()).Goal {
		class = append(class, "target")
	}
	y := b.geo().goalY(sd)
	return SVG("g").ID("goal-"+strings.ToLower(sd.String())).Class(class...).Body(
		SVG("rect").Attr("x", "4").Attr("y", f3(y)).Attr("width", f3(6*sq-8)).Attr("height", f3(goalDepth)).Attr("rx", "26"),
		SVG("text").Class("goal-label").Attr("x", f3(3*sq)).Attr("y", f3(y+goalDepth/2)).
			Text(goalText(sd.Opponent())),
	)
}

// squareMark is what a square offers the picked piece.
type squareMark int8

const (
	markNone    squareMark = iota
	markTarget             // it may end here
	markStay               // it may end where it stands
	markReplace            // it may end here and replace the piece
	markDrop               // the piece it replaces may go here
)

// squareLook is what one square shows. Its classes (for the stylesheet
// and the tests) and its label (for a screen reader) are both read from
// it, so that they cannot disagree.
type squareLook struct {
	dark, active, last, setupRow bool
	mark                         squareMark
}

func (l squareLook) classes() []string {
	class := []string{"sq"}
	if l.dark {
		class = append(class, "dark")
	}
	if l.active {
		class = append(class, "active")
	}
	if l.last {
		class = append(class, "last")
	}
	switch l.mark {
	case markDrop:
		class = append(class, "drop")
	case markTarget:
		class = append(class, "target")
	case markReplace:
		class = append(class, "replace")
	case markStay:
		class = append(class, "target", "home")
	}
	if l.setupRow {
		class = append(class, "setup-row")
	}
	return class
}

// label says what square s holds (a piece of the given size, 0 for
// none) and offers.
func (l squareLook) label(s gyges.Square, size int) string {
	label := s.String() + ", " + lang.T("board.sq.empty")
	if size > 0 {
		label = s.String() + ", " + lang.N("board.piece", size)
	}
	if l.active {
		label += ", " + lang.T("board.sq.active")
	}
	switch l.mark {
	case markTarget, markStay:
		label += ", " + lang.T("board.sq.target")
	case markReplace:
		label += ", " + lang.T("board.sq.replace")
	case markDrop:
		label += ", " + lang.T("board.sq.drop")
	}
	return label
}

// look works out what square s shows: the destinations come from the
// props, what is picked from the input.
func (b *GygesBoard) look(s gyges.Square, o gygesOffer, picked gyges.Square) squareLook {
	l := squareLook{
		dark:     (s.Col()+s.Row())%2 == 1,
		active:   !b.Setting && !b.Over && s.Row() == b.Dests.Row,
		last:     b.Last.From == s || (b.Last.To == s && !b.Last.IsGoal()),
		setupRow: b.Setting && b.Live && s.Row() == o.home(),
	}
	pd := o.of(picked)
	switch {
	case b.in.replaceTo != gyges.NoSquare:
		if pd.Drops.Has(s) {
			l.mark = markDrop
		}
	case pd.Empty.Has(s) && s != picked:
		l.mark = markTarget
	case pd.Replace.Has(s):
		l.mark = markReplace
	case pd.Empty.Has(s):
		l.mark = markStay
	}
	return l
}

// squares draws the 36 squares with their marks: the active row, the
// squares the picked piece may end on (and replace), the drops of a
// replace, and the coordinates along two edges.
func (b *GygesBoard) squares() app.UI {
	o, geo := b.offer(), b.geo()
	picked := b.in.picked()
	focus := b.in.focusSquare(o)
	out := make([]app.UI, 0, gyges.NumSquares+1)
	var coords []app.UI
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		p := geo.at(s)
		l := b.look(s, o, picked)
		body := []app.UI{SVG("rect").Class("sq-bg").
			Attr("x", f3(p.x-sq/2)).Attr("y", f3(p.y-sq/2)).Attr("width", f3(sq)).Attr("height", f3(sq))}
		switch l.mark {
		case markDrop:
			body = append(body, SVG("rect").Class("drop-mark").
				Attr("x", f3(p.x-16)).Attr("y", f3(p.y-16)).Attr("width", "32").Attr("height", "32").
				Attr("transform", fmt.Sprintf("rotate(45 %s %s)", f3(p.x), f3(p.y))))
		case markTarget:
			body = append(body, SVG("circle").Class("target-mark").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "15"))
		case markReplace:
			body = append(body, SVG("circle").Class("replace-mark").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "47"))
		}
		if geo.coordCol(s) {
			coords = append(coords, SVG("text").Class("coord").Attr("x", f3(p.x+sq/2-6)).Attr("y", f3(p.y+sq/2-7)).
				Attr("text-anchor", "end").Text(string(rune('a'+s.Col()))))
		}
		if geo.coordRow(s) {
			coords = append(coords, SVG("text").Class("coord").Attr("x", f3(p.x-sq/2+6)).Attr("y", f3(p.y-sq/2+20)).
				Text(strconv.Itoa(s.Row()+1)))
		}
		g := SVG("g").ID("sq-" + s.String()).Class(l.classes()...)
		if b.static {
			out = append(out, g.Body(body...))
			continue
		}
		sqr := s
		tab := -1
		if s == focus {
			tab = 0
		}
		// The square is the handlers' scope (see app/ui's doc).
		scope := app.EventScope(sqr.String())
		out = append(out, g.Attr("role", "button").TabIndex(tab).Aria("label", l.label(s, b.sizeAt(s))).
			OnKeyDown(func(ctx app.Context, e app.Event) { b.onKey(ctx, sqr, e.Get("key").String()) }, scope).
			On("focus", func(ctx app.Context, e app.Event) {
				b.in.cursor = int(sqr) + 1
				ctx.PreventUpdate()
			}, scope).
			Body(body...))
	}
	// The coordinates are drawn apart from the squares, hidden from screen
	// readers: each square's name already says them.
	out = append(out, SVG("g").Class("coords").Aria("hidden", true).Body(coords...))
	return SVG("g").Class("squares").Body(out...)
}

// pieces draws every piece in one slot per square, so that a move changes
// only the slots it touches and an animation starts only where a piece
// arrives. The piece of a winning move is drawn in the goal.
func (b *GygesBoard) pieces() app.UI {
	o, geo := b.offer(), b.geo()
	picked := b.in.picked()
	replaceTo := b.in.replaceTo
	slots := make([]app.UI, 0, gyges.NumSquares+1)
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		size := b.sizeAt(s)
		slot := SVG("g").ID("piece-slot-" + s.String())
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
		p := geo.at(s)
		switch {
		case replaceTo != gyges.NoSquare && s == picked:
			// The mover has left for the square it replaces.
			slots = append(slots, slot)
			continue
		case replaceTo != gyges.NoSquare && s == replaceTo:
			// The mover stands on the landing square; the displaced piece
			// hovers over its corner until its drop square is chosen.
			held := point{p.x + 26, p.y - 26}
			slots = append(slots, slot.Class(class...).Body(
				piece(b.Pos.Piece(picked), p, "piece-"+s.String(), "piece", "lifted-in"),
				SVG("g").Class("held").Body(piece(size, held, "piece-held", "piece", "displaced")),
			))
			continue
		}
		lifted := s == picked || (b.Setting && b.in.down && b.in.slot >= 0 && s == gyges.SquareAt(b.in.slot, o.home()))
		slots = append(slots, slot.Class(class...).Body(piece(size, p, "piece-"+s.String(), b.pieceClass(s, o, lifted)...)))
	}
	if b.Last.IsGoal() && b.Over && len(b.LastPath) >= 2 {
		p := geo.goalAt(b.LastPath[len(b.LastPath)-2].Square, b.Side)
		class := []string{"slot"}
		if b.Anim != "" {
			class = append(class, "anim-move")
		}
		slots = append(slots, SVG("g").ID("piece-slot-goal").Class(class...).
			Body(piece(b.LastSize, p, "piece-goal", "piece", "winner")))
	}
	return SVG("g").Class("pieces").Body(slots...)
}

func (b *GygesBoard) pieceClass(s gyges.Square, o gygesOffer, lifted bool) []string {
	class := []string{"piece"}
	if lifted {
		class = append(class, "lifted")
	}
	if b.Live && !b.Setting && b.in.replaceTo == gyges.NoSquare && o.movable(s) {
		class = append(class, "movable")
	}
	if s == b.in.replaceTo {
		class = append(class, "displaced")
	}
	return class
}

// sizeAt is the size of the piece drawn on s: the position's, or in a
// setup the draft's on the home row being set up.
func (b *GygesBoard) sizeAt(s gyges.Square) int {
	if b.Setting && b.Live && s.Row() == b.Side.HomeRow() {
		return int(b.in.draft[s.Col()])
	}
	return b.Pos.Piece(s)
}

// piece draws a piece of the given size centred on p: a disc with one, two
// or three rings, its shade darker with its size, so that sizes are told
// apart at a glance even where the rings are small.
func piece(size int, p point, id string, class ...string) app.UI {
	body := []app.UI{
		SVG("circle").Class("shadow").Attr("cx", f3(p.x+3)).Attr("cy", f3(p.y+4)).Attr("r", "40"),
		SVG("circle").Class("body").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).Attr("r", "40"),
	}
	for i := range size {
		body = append(body, SVG("circle").Class("ring").Attr("cx", f3(p.x)).Attr("cy", f3(p.y)).
			Attr("r", f3(33-10*float64(i))))
	}
	return SVG("g").ID(id).Class(append(class, "size-"+strconv.Itoa(size))...).
		Attr("data-size", size).
		Attr("role", "img").Aria("label", lang.N("board.piece", size)).
		Body(body...)
}

// trail draws the route of the last move: a line through its squares.
func (b *GygesBoard) trail() app.UI {
	if len(b.LastPath) < 2 || b.Setting {
		return SVG("g").Class("trail-none")
	}
	return SVG("g").ID("trail").Class("trail").Attr("data-path", b.LastPath.String()).Body(
		SVG("polyline").Class("trail-line").Attr("points", polyline(b.pathPoints())))
}

// bounces marks, above the pieces, the pieces the last move bounced off.
func (b *GygesBoard) bounces() app.UI {
	if len(b.LastPath) < 2 || b.Setting {
		return SVG("g").Class("bounces-none")
	}
	pts := b.pathPoints()
	var body []app.UI
	for i, st := range b.LastPath {
		if st.Bounce {
			body = append(body, SVG("circle").Class("bounce-dot").Attr("cx", f3(pts[i].x)).Attr("cy", f3(pts[i].y)).Attr("r", "10"))
		}
	}
	return SVG("g").Class("bounces").Body(body...)
}

// pathPoints places the last path on the screen; the goal, if entered, is
// drawn level with the square it was entered from.
func (b *GygesBoard) pathPoints() []point {
	return pathPoints(b.geo(), b.LastPath, b.Side)
}

// polyline is the points attribute of an SVG polyline through pts.
func polyline(pts []point) string {
	var sb strings.Builder
	for _, p := range pts {
		fmt.Fprintf(&sb, "%s,%s ", f3(p.x), f3(p.y))
	}
	return sb.String()
}

func pathPoints(geo gygesGeometry, path gyges.Path, mover gyges.Side) []point {
	pts := make([]point, len(path))
	for i, st := range path {
		if st.Square == gyges.Goal && i > 0 {
			pts[i] = geo.goalAt(path[i-1].Square, mover)
			continue
		}
		pts[i] = geo.at(st.Square)
	}
	return pts
}

// ghost is the piece that follows the pointer while it drags.
func (b *GygesBoard) ghost() app.UI {
	size := 0
	var p point
	geo := b.geo()
	switch {
	case !b.in.down:
	case !b.Setting && b.in.grab != gyges.NoSquare:
		size, p = b.Pos.Piece(b.in.grab), geo.at(b.in.grab)
	case b.Setting && b.in.slot >= 0:
		size, p = int(b.in.draft[b.in.slot]), geo.at(gyges.SquareAt(b.in.slot, b.Side.HomeRow()))
	case b.Setting && b.in.reserve > 0:
		size, p = b.in.reserve, b.in.start
	}
	if size == 0 {
		return SVG("g").ID("gyges-ghost-none")
	}
	return SVG("g").ID("gyges-ghost").Class("ghost").Attr("data-x", f3(p.x)).Attr("data-y", f3(p.y)).
		Body(piece(size, p, "ghost-piece", "piece", "dragging"))
}

// goalText is the words in the goal that sd enters to win.
func goalText(sd gyges.Side) string {
	if sd == gyges.North {
		return lang.T("board.goal.north")
	}
	return lang.T("board.goal.south")
}
