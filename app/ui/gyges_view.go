package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/gyges"
)

// sideOf returns the Gygès side of a player: player one is South.
func sideOf(p session.Player) gyges.Side {
	if p == session.Two {
		return gyges.North
	}
	return gyges.South
}

// gygesName names the player of a side for the people at the device:
// "South" and "North" at one device, "You" or "The computer" against it.
func gygesName(setup session.Setup, sd gyges.Side) string {
	p := session.One
	if sd == gyges.North {
		p = session.Two
	}
	if !setup.HasComputer() && !setup.Online() {
		return sd.String()
	}
	return playerName(setup, p)
}

// gygesView is what the Gygès view draws, worked out once per render.
type gygesView struct {
	g       *gyges.Game
	setup   session.Setup
	pos     gyges.Position
	setting bool
	side    gyges.Side // the side to act, or the winner
	last    gyges.Move
	path    gyges.Path
	size    int // of the piece that made the last move
}

func (s *Shell) gygesView() gygesView {
	g := s.cur().Gyges()
	v := gygesView{g: g, setup: s.cur().Setup(), pos: g.Position(), last: gyges.Pass}
	switch g.Phase() {
	case gyges.SouthSetup:
		v.setting, v.side = true, gyges.South
	case gyges.NorthSetup:
		v.setting, v.side = true, gyges.North
	default:
		v.side = v.pos.Side()
	}
	if played := g.Played(); len(played) > 0 {
		v.last = played[len(played)-1]
		before := g.Clone()
		if before.Undo() == nil {
			v.path, _ = before.Position().Path(v.last)
			v.size = before.Position().Piece(v.last.From)
		}
	}
	return v
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

// flip says whether North sits at the bottom: against the computer when
// the person plays North; at one device when North is to act, unless the
// players keep the board fixed.
func (s *Shell) flip(v gygesView) bool {
	if v.setup.HasComputer() || v.setup.Online() {
		return v.setup.Seats[1].Kind == session.Human
	}
	return !s.fixed && v.side == gyges.North && !s.cur().Over()
}

// renderGyges draws the Gygès game: players and status, the board, and the
// controls with the move list.
func (s *Shell) renderGyges() app.UI {
	v := s.gygesView()
	human := s.personToAct()
	anim := ""
	if s.animate && len(v.path) > 1 {
		anim = strconv.Itoa(len(v.g.Played()))
	}
	names := make([]string, 0, s.cur().Moves())
	for _, l := range v.g.Layouts() {
		names = append(names, l.String())
	}
	for _, m := range v.g.Played() {
		names = append(names, m.String())
	}
	return app.Main().Class("game", "gyges").Body(
		app.Div().Class("status-area").Body(
			s.renderSides(v),
			app.P().ID("status").Class("status").Aria("live", "polite").Body(s.gygesStatus(v)...),
			app.If(s.notice != "", func() app.UI {
				return app.P().ID("notice").Class("error").Role("alert").Text(s.notice)
			}),
			app.If(human && !v.setting && v.pos.Legal(gyges.Pass) == nil, func() app.UI {
				return app.Button().ID("pass").Class("primary").Text("No piece can move: pass").
					OnClick(func(ctx app.Context, e app.Event) { s.play(ctx, gyges.Pass.String()) })
			}),
		),
		app.Div().Class("board-area").Body(&GygesBoard{
			Pos:      v.pos,
			Dests:    gygesDests(v.pos, v.setting),
			Setting:  v.setting,
			Side:     v.side,
			Live:     human,
			Flip:     s.flip(v),
			Over:     s.cur().Over(),
			Last:     v.last,
			LastPath: v.path,
			LastSize: v.size,
			Anim:     anim,
		}),
		app.Aside().Class("side").Body(
			s.renderControls(),
			app.If(!v.setup.HasComputer() && !v.setup.Online(), func() app.UI {
				return app.Label().Class("check").Body(
					app.Input().Type("checkbox").ID("fixed").Checked(s.fixed).
						OnChange(func(ctx app.Context, e app.Event) { s.fixed = ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" Keep the board fixed (South at the bottom)"),
				)
			}),
			s.renderMoves(names),
		),
	)
}

// renderSides shows South and North, the one to act highlighted.
func (s *Shell) renderSides(v gygesView) app.UI {
	side := func(sd gyges.Side) app.UI {
		class := "seat " + strings.ToLower(sd.String())
		if !s.cur().Over() && v.side == sd {
			class += " to-move"
		}
		label := sd.String()
		if name := gygesName(v.setup, sd); name != label {
			label = name + " · " + label
		}
		return app.Div().ID("seat-"+strings.ToLower(sd.String())).Class(class).Body(
			app.Span().Class("chip", strings.ToLower(sd.String())).Aria("hidden", true),
			app.Span().Text(label),
		)
	}
	return app.Div().Class("seats").Body(side(gyges.South), side(gyges.North))
}

// gygesStatus says what happens now.
func (s *Shell) gygesStatus(v gygesView) []app.UI {
	if s.cur().Over() {
		w := sideOf(s.cur().Winner())
		name := gygesName(v.setup, w)
		verb := "wins"
		if name == "You" {
			verb = "win"
		}
		how := ""
		switch {
		case s.cur().Resigned() != session.NoPlayer:
			how = gygesName(v.setup, sideOf(s.cur().Resigned())) + " resigned."
		case v.last.IsGoal():
			how = fmt.Sprintf("A piece entered %s’s goal from %s.", w.Opponent(), v.last.From)
		}
		return []app.UI{app.Strong().ID("result").Text(fmt.Sprintf("%s %s! ", name, verb)), app.Text(how)}
	}
	if s.thinking {
		what := "thinking"
		if v.setting {
			what = "setting up"
		}
		return []app.UI{app.Span().Class("spinner").Aria("hidden", true), app.Text(" The computer is " + what + "…")}
	}
	var out []app.UI
	if s.lastTheirs != "" {
		out = append(out, app.Text(fmt.Sprintf("%s played %s. ", s.lastBy(), s.lastTheirs)))
	}
	who := gygesName(v.setup, v.side)
	if v.setting {
		row := 1
		if v.side == gyges.North {
			row = 6
		}
		if who == "You" {
			return append(out, app.Text(fmt.Sprintf("Your setup: arrange your home row (row %d).", row)))
		}
		return append(out, app.Text(fmt.Sprintf("%s: arrange your home row (row %d).", who, row)))
	}
	row, _ := v.pos.ActiveRow()
	if who == "You" {
		return append(out, app.Text(fmt.Sprintf("Your move: a piece from row %d.", row+1)))
	}
	return append(out, app.Text(fmt.Sprintf("%s to move: a piece from row %d.", who, row+1)))
}

// refusalText turns an engine's or a session's error into a sentence for
// the player: without the package's name, starting with a capital.
func refusalText(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"gyges: ", "gyre: ", "session: "} {
		msg = strings.ReplaceAll(msg, prefix, "")
	}
	if errors.Is(err, session.ErrOver) {
		msg = "The game is over."
	}
	if msg == "" {
		return "That is not allowed."
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}

// resumeLabel describes the saved game for the home screen.
func resumeLabel(sess *session.Session) string {
	plural := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	setup := sess.Setup()
	if setup.Game == session.Gyges {
		g := sess.Gyges()
		if g.Phase() == gyges.SouthSetup || g.Phase() == gyges.NorthSetup {
			return "Gygès, setting up"
		}
		return "Gygès, " + plural(len(g.Played()), "move")
	}
	return fmt.Sprintf("GYRE %d×%d, %s", setup.Size.Rings, setup.Size.Cols, plural(sess.Moves(), "move"))
}
