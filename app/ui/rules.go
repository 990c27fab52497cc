package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/rulebook"
)

// Rules shows the GYRE rulebook (package rulebook, the same text as in the
// repository) and how to play it in the app. It is part of the app, so it
// is there offline like everything else.
type Rules struct {
	app.Compo
}

// gyreRules is the parsed rulebook, parsed once.
var gyreRules = rulebook.Parse(rulebook.Gyre)

// Render draws the rules.
func (r *Rules) Render() app.UI {
	body := make([]app.UI, 0, len(gyreRules)+4)
	for _, b := range gyreRules {
		if ui := renderBlock(b); ui != nil {
			body = append(body, ui)
		}
	}
	p := func(text string) app.UI { return app.P().Text(text) }
	body = append(body,
		app.H2().Text("Playing in the app"),
		p("Spoke's stones are blue and marked with a bar pointing across the ring; Gyre's are orange and marked with a ring, so the two sides differ by shape as well as by colour. The rims that Spoke joins are drawn in blue."),
		p("Click or tap an empty cell to place a stone. With a keyboard, Tab reaches the board, the arrow keys move around it (left and right go round the ring, up goes outwards, down inwards) and Enter or Space places a stone."),
		app.P().Body(app.A().ID("rules-back").Href("./").Text("Back to the game menu")),
	)
	return app.Main().Class("rules").Body(body...)
}

// renderBlock draws one block of the rulebook; a placeholder the rulebook
// has not filled in yet is left out.
func renderBlock(b rulebook.Block) app.UI {
	switch b.Kind {
	case rulebook.Heading:
		if b.Level == 1 {
			return app.H1().Body(spans(b.Text)...)
		}
		return app.H2().Body(spans(b.Text)...)
	case rulebook.List:
		items := make([]app.UI, len(b.Items))
		for i, it := range b.Items {
			items[i] = app.Li().Body(spans(it)...)
		}
		return app.Ul().Body(items...)
	case rulebook.Code:
		return app.Pre().Text(b.Code)
	}
	if len(b.Text) == 1 && strings.HasPrefix(b.Text[0].Text, "{{") {
		return nil
	}
	return app.P().Body(spans(b.Text)...)
}

func spans(ss []rulebook.Span) []app.UI {
	out := make([]app.UI, len(ss))
	for i, s := range ss {
		switch s.Style {
		case rulebook.Strong:
			out[i] = app.Strong().Text(s.Text)
		case rulebook.Em:
			out[i] = app.Em().Text(s.Text)
		case rulebook.Mono:
			out[i] = app.Code().Text(s.Text)
		default:
			out[i] = app.Text(s.Text)
		}
	}
	return out
}
