package play

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/board"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
	"gygy/engine/gyges"
)

// gygesView is what the Gygès view draws, worked out once per render.
type gygesView struct {
	v       session.View
	g       *gyges.Game
	setup   session.Setup
	pos     gyges.Position
	setting bool
	side    gyges.Side // the side to act, or the winner
	last    gyges.Move
	path    gyges.Path
	size    int // of the piece that made the last move
}

func newGygesView(v session.View) gygesView {
	g := game.AsGyges(v.Game)
	gv := gygesView{v: v, g: g, setup: v.Setup(), pos: g.Position(), last: gyges.Pass}
	switch g.Phase() {
	case gyges.SouthSetup:
		gv.setting, gv.side = true, gyges.South
	case gyges.NorthSetup:
		gv.setting, gv.side = true, gyges.North
	default:
		gv.side = gv.pos.Side()
	}
	if l := v.Game.Last(); l.Path != nil {
		gv.last, _ = l.Action.(gyges.Move)
		gv.path, gv.size = l.Path, l.Size
	}
	return gv
}

// gygesDests returns what the side to move may do in pos, for the board:
// nothing during a setup. It costs one search per movable piece (see
// gyges.BenchmarkDests), little enough to ask on every render.
func gygesDests(pos gyges.Position, setting bool) gyges.Dests {
	if setting {
		return gyges.Dests{Row: -1}
	}
	return pos.Dests()
}

// flip says whether North sits at the bottom: when the person here plays
// North (against the computer, online); at one device when North is to
// act, unless the players keep the board fixed.
func (s *Game) flip(v gygesView) bool {
	if here := v.setup.Here(); here != game.NoSeat {
		return here == game.Two
	}
	return !s.fixed && v.side == gyges.North && !v.v.Game.Result().Over()
}

// renderGyges draws the Gygès game: players and status, the board, and the
// controls with the move list; an online game's news (onlineNews, or nil)
// heads the side.
func (s *Game) renderGyges(tv, shown session.View, live bool, online app.UI) app.UI {
	v := newGygesView(shown)
	human := tv.CanAct() && live
	status := s.gygesStatus(v)
	if s.pick != "" && human && !v.setting {
		status = []app.UI{app.Text(s.pick)}
	}
	if !live {
		status = s.withNote(s.review.status(tv))
	}
	// A review keeps the board the way the live game faces it, not turned
	// to the side to move at each step.
	facing := v
	if !live {
		facing = newGygesView(tv)
	}
	hint, hintPath := s.gygesHint(v.pos, live)
	anim := ""
	if s.animate && len(v.path) > 1 {
		anim = strconv.Itoa(len(v.g.Played()))
	}
	return app.Main().Class("game", "gyges").Body(
		app.Div().Class("status-area").Body(
			gameHeading(tv),
			s.renderSides(v, tv),
			app.P().ID("status").Class("status").Aria("live", "polite").Body(status...),
			s.renderNotice(),
		),
		app.Div().Class("board-area").Body(&board.GygesBoard{
			Pos:      v.pos,
			Dests:    gygesDests(v.pos, v.setting),
			Setting:  v.setting,
			Side:     v.side,
			Live:     human,
			Flip:     s.flip(facing),
			Over:     shown.Game.Result().Over(),
			Last:     v.last,
			LastPath: v.path,
			LastSize: v.size,
			Anim:     anim,
			Hint:     hint,
			HintPath: hintPath,
		}),
		app.Aside().Class("side").Body(
			// The pass comes and goes: at the head of the side, beside
			// the board or under it, never above it.
			app.If(human && !v.setting && v.pos.Legal(gyges.Pass) == nil, func() app.UI {
				return app.Button().ID("pass").Class("primary").Text(lang.T("play.pass")).
					OnClick(func(ctx app.Context, e app.Event) {
						s.play(board.Played{Action: gyges.Pass})
					})
			}),
			online,
			s.renderControls(tv),
			app.If(v.setup.Here() == game.NoSeat, func() app.UI {
				return app.Label().Class("check").Body(
					app.Input().Type("checkbox").ID("fixed").Checked(s.fixed).
						OnChange(func(ctx app.Context, e app.Event) { s.fixed = ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" "+lang.T("play.fixed")),
				)
			}),
			s.renderHint(tv, live),
			s.reviewBar(tv),
			s.renderAnalysis(),
			s.renderMoves(tv.Game),
		),
	)
}

// renderSides shows South and North, the one to act highlighted.
func (s *Game) renderSides(v gygesView, live session.View) app.UI {
	side := func(sd gyges.Side) app.UI {
		class := "seat " + strings.ToLower(sd.String())
		if !v.v.Game.Result().Over() && v.side == sd {
			class += " to-move"
		}
		label := sideName(sd)
		if v.setup.Here() != game.NoSeat { // a person here and an opponent: named, with the side
			label = screen.GygesName(v.setup, sd) + " · " + label
		}
		return app.Div().ID("seat-"+strings.ToLower(sd.String())).Class(class).Body(
			app.Span().Class("chip", strings.ToLower(sd.String())).Aria("hidden", true),
			app.Span().Text(label),
			clockOf(live, game.SeatOf(sd)),
		)
	}
	return app.Div().Class("seats").Body(side(gyges.South), side(gyges.North))
}

// gygesStatus says what happens now.
func (s *Game) gygesStatus(v gygesView) []app.UI {
	if r := v.v.Game.Result(); r.Over() {
		how := ""
		if r.Method == game.Goal {
			how = lang.T("play.gyges.goal", "side", sideName(game.SideOf(r.Winner).Opponent()), "cell", v.last.From.String())
		}
		return screen.Result(v.setup, r, func(p game.Seat) string { return gygesName(v.setup, game.SideOf(p)) }, how)
	}
	if v.v.Thinking {
		what := lang.T("play.thinking")
		if v.setting {
			what = lang.T("play.setting_up")
		}
		return screen.Thinking(v.v, what)
	}
	var out []app.UI
	if s.lastTheirs != nil {
		out = append(out, app.Text(lang.T("play.played", "who", screen.LastBy(v.setup), "move", v.v.Game.Notation(s.lastTheirs))+" "))
	}
	who := gygesName(v.setup, v.side)
	you := v.setup.Here() != game.NoSeat && game.SeatOf(v.side) == v.setup.Here() // who is "You"
	if v.setting {
		row := 1
		if v.side == gyges.North {
			row = 6
		}
		if you {
			return append(out, app.Text(lang.T("play.gyges.your_setup", "row", row)))
		}
		return append(out, app.Text(lang.T("play.gyges.setup", "who", who, "row", row)))
	}
	row, _ := v.pos.ActiveRow()
	if you {
		return append(out, app.Text(lang.T("play.gyges.your_move", "row", row+1)))
	}
	return append(out, app.Text(lang.T("play.gyges.to_move", "who", who, "row", row+1)))
}

// gygesName names the person playing side sd (screen.GygesName), or the
// side itself when two people play here.
func gygesName(setup session.Setup, sd gyges.Side) string {
	if setup.Here() == game.NoSeat {
		return sideName(sd)
	}
	return screen.GygesName(setup, sd)
}

// sideName names a Gygès side as the board does: South, North.
func sideName(sd gyges.Side) string {
	if sd == gyges.North {
		return lang.T("play.side.north")
	}
	return lang.T("play.side.south")
}
