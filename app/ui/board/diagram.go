package board

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/engine/gyges"
)

// A Gygès diagram in the rulebook is a fenced block marked "gyges" whose
// lines say what to draw, so that the engine, not a hand, decides what a
// diagram shows:
//
//	position 321123/....../....../....../....../321123 S
//	targets c2                      where the piece on c2 may end
//	replace c1 d4                   where d4's piece may go if c1's replaces it
//	path a1-a2-b2*-b3*-b4-c4-c5     a route, bounces marked with *
//	caption A few words under it.
type diagram struct {
	pos     gyges.Position
	from    gyges.Square // the piece whose targets or replace are shown
	to      gyges.Square // the replaced piece, for a replace
	path    gyges.Path
	caption string
}

// parseDiagram reads a diagram's lines; errors name the line.
func parseDiagram(spec string) (diagram, error) {
	d := diagram{from: gyges.NoSquare, to: gyges.NoSquare}
	seenPos := false
	for i, line := range strings.Split(spec, "\n") {
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		rest = strings.TrimSpace(rest)
		var err error
		switch word {
		case "":
		case "position":
			d.pos, err = gyges.ParsePosition(rest)
			seenPos = true
		case "targets":
			d.from, err = gyges.ParseSquare(rest)
		case "replace":
			f := strings.Fields(rest)
			if len(f) != 2 {
				err = fmt.Errorf("want two squares, got %q", rest)
				break
			}
			if d.from, err = gyges.ParseSquare(f[0]); err == nil {
				d.to, err = gyges.ParseSquare(f[1])
			}
		case "path":
			d.path, err = parsePath(rest)
		case "caption":
			d.caption = rest
		default:
			err = fmt.Errorf("unknown word %q", word)
		}
		if err != nil {
			return d, fmt.Errorf("diagram, line %d: %w", i+1, err)
		}
	}
	if !seenPos {
		return d, fmt.Errorf("diagram: no position")
	}
	return d, nil
}

// parsePath reads "a1-a2-b2*-c2", with "G" for the goal.
func parsePath(s string) (gyges.Path, error) {
	var p gyges.Path
	for _, tok := range strings.Split(s, "-") {
		st := gyges.Step{Bounce: strings.HasSuffix(tok, "*")}
		tok = strings.TrimSuffix(tok, "*")
		if tok == "G" {
			st.Square = gyges.Goal
		} else {
			sq, err := gyges.ParseSquare(tok)
			if err != nil {
				return nil, err
			}
			st.Square = sq
		}
		p = append(p, st)
	}
	if len(p) < 2 {
		return nil, fmt.Errorf("path %q: want at least two squares", s)
	}
	return p, nil
}

// move is the move a diagram's path makes: from its first square to its
// last.
func (d diagram) move() gyges.Move {
	from, to := d.path[0].Square, d.path[len(d.path)-1].Square
	if to == gyges.Goal {
		return gyges.GoalMove(from)
	}
	return gyges.PlainMove(from, to)
}

// GygesDiagram draws a diagram with the pieces of the game board, or says
// what is wrong with it.
func GygesDiagram(spec string) app.UI {
	d, err := parseDiagram(spec)
	if err != nil {
		return app.P().Class("error").Text(err.Error())
	}
	b := &GygesBoard{Pos: d.pos, Dests: d.pos.Dests(), Side: d.pos.Side(), Last: gyges.Pass, LastPath: d.path,
		in: newGygesInput(), static: true}
	if len(d.path) < 2 {
		// Mark the piece's targets, or a replace's drops; a route is
		// drawn with the piece at its start instead.
		b.in.sel, b.in.replaceTo = d.from, d.to
	}
	label := lang.T("board.diagram.gyges")
	if d.caption != "" {
		label = lang.T("board.diagram.gyges_caption", "caption", d.caption)
	}
	return app.Figure().Class("diagram").Body(
		SVG("svg").Class("gyges-board", "to-"+strings.ToLower(d.pos.Side().String())).
			Attr("viewBox", b.geo().viewBox()).
			Attr("role", "img").Aria("label", label).
			Body(b.goal(gyges.North), b.goal(gyges.South), b.squares(), b.trail(), b.pieces(), b.bounces()),
		app.If(d.caption != "", func() app.UI { return app.FigCaption().Text(d.caption) }),
	)
}
