package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/gyre"
)

// The GYRE part of the home screen: the board sizes, what the measurements
// say about each, and the opening rule (a fair start, the plain swap, or
// none).

// The opening rules a GYRE game can be started with.
const (
	ruleFair   = "fair"   // `opening K` with the K measured for the board
	ruleSwap   = "swap"   // the plain swap rule (opening 0)
	ruleNoSwap = "noswap" // no swap
)

// namedBoard is a board the chooser offers by name.
type namedBoard struct {
	size gyre.Size
}

// label is the board's button; intro begins the note under the buttons
// when it is chosen.
func (b namedBoard) label() string {
	if b.size == (gyre.Size{Rings: 5, Cols: 10}) {
		return lang.T("home.board.small")
	}
	return lang.T("home.board.standard")
}

func (b namedBoard) intro() string {
	if b.size == (gyre.Size{Rings: 5, Cols: 10}) {
		return lang.T("home.board.small_intro")
	}
	return lang.T("home.board.standard_intro")
}

// namedBoards are the boards offered by name, the standard one first.
// What the note says of their fair start is read from gyre.FairStart, the
// laboratory's measurement; the figures are in the rules. The balance map
// names no board as balanced, so none is offered as one.
var namedBoards = []namedBoard{
	{gyre.Size{Rings: 7, Cols: 14}},
	{gyre.Size{Rings: 5, Cols: 10}},
}

// boardNote says what is known about the balance of a board size. The
// measurements say something of some boards the chooser does not name
// (the deep board 14 × 7).
func boardNote(s gyre.Size) string {
	for _, b := range namedBoards {
		if b.size == s {
			return b.intro() + " " + fairNote(s)
		}
	}
	args := []any{"rings", s.Rings, "cols", s.Cols, "cells", s.Cells()}
	switch {
	case s == gyre.Size{Rings: 14, Cols: 7}:
		return lang.T("home.board.deep", args...)
	case s.Rings < s.Cols:
		return lang.T("home.board.fewer_rings", args...)
	}
	return lang.T("home.board.more_rings", args...)
}

// fairNote says what the measured fair start of a board does for its
// balance, from gyre.FairStart.
func fairNote(s gyre.Size) string {
	f, ok := gyre.FairStart(s)
	switch {
	case !ok:
		return lang.T("home.fair.unknown")
	case f.Even:
		return lang.T("home.fair.even")
	case f.Ahead() != gyre.NoPlayer:
		return lang.T("home.fair.ahead", "player", int(f.Ahead()))
	}
	return lang.T("home.fair.one_ahead")
}

// evensGame reports whether the measured opening of board s evens the
// game, so that the chooser may call it a fair start.
func evensGame(s gyre.Size) bool {
	f, ok := gyre.FairStart(s)
	return ok && f.Even
}

// gyreVariant is the variant of the opening rule chosen for board s: a
// fair start takes the K the person typed, else the K measured for the
// board, else 1.
func (h *Home) gyreVariant(s gyre.Size) gyre.Variant {
	switch h.ruleOn(s) {
	case ruleNoSwap:
		return gyre.NoSwap
	case ruleFair:
		return gyre.Opening(h.openingK(s))
	}
	return gyre.Classic
}

// ruleOn is the opening rule for board s: the one the person chose, or
// else the recommended one, a fair start on a board that has a measured
// K (the named boards; a newcomer who changes nothing plays the fair
// game), the plain swap rule on any other.
func (h *Home) ruleOn(s gyre.Size) string {
	if h.rule != "" {
		return h.rule
	}
	if _, ok := gyre.FairOpening(s); ok && h.size != "custom" {
		return ruleFair
	}
	return ruleSwap
}

// openingK is the K of a fair start on board s (see gyreVariant).
func (h *Home) openingK(s gyre.Size) int {
	if h.k > 0 {
		return h.k
	}
	if k, ok := gyre.FairOpening(s); ok {
		return k
	}
	return 1
}

// gyreSize is the board the form describes: a named board or the custom
// one.
func (h *Home) gyreSize() gyre.Size {
	if h.size == "custom" {
		return gyre.Size{Rings: h.rings, Cols: h.cols}
	}
	s, err := gyre.ParseSize(h.size)
	if err != nil {
		return namedBoards[0].size
	}
	return s
}

// gyreChoices draws the board sizes, the custom size's fields and the
// opening rule; gyreNotes, further down the form, what is known about
// the chosen board and the rule.
func (h *Home) gyreChoices(size gyre.Size) app.UI {
	sizes := make([]choice, 0, len(namedBoards)+1)
	for _, b := range namedBoards {
		sizes = append(sizes, choice{b.size.String(), b.label(), true})
	}
	sizes = append(sizes, choice{"custom", lang.T("home.custom"), true})
	fairK, measured := gyre.FairOpening(size)
	fairLabel := lang.T("home.rule.opening_k")
	switch {
	case measured && evensGame(size):
		fairLabel = lang.T("home.rule.fair_start", "k", fairK)
	case measured:
		fairLabel = lang.T("home.rule.nearest", "k", fairK)
	}
	return app.Div().Body(
		choices(lang.T("home.board"), "size", h.size, sizes, func(v string) { h.size, h.k = v, 0 }),
		// Choosing Custom is followed by typing the size: its fields come
		// where the eye is.
		app.If(h.size == "custom", func() app.UI {
			return app.Div().Class("custom").Body(
				numberField("rings", lang.T("home.board.rings"), h.rings, gyre.MinRings, gyre.MaxRings, func(v int) { h.rings, h.k = v, 0 }),
				numberField("cols", lang.T("home.board.cols"), h.cols, gyre.MinCols, gyre.MaxCols, func(v int) { h.cols, h.k = v, 0 }),
			)
		}),
		choices(lang.T("home.rule"), "rule", h.ruleOn(size), []choice{
			{ruleFair, fairLabel, true},
			{ruleSwap, lang.T("home.rule.swap"), true},
			{ruleNoSwap, lang.T("home.rule.noswap"), true},
		}, func(v string) { h.rule = v }),
	)
}

// gyreNotes says what is known about the chosen board (or what is wrong
// with a custom size), and what a fair start does, with its K.
func (h *Home) gyreNotes(size gyre.Size, sizeErr error) app.UI {
	var note app.UI
	if sizeErr != nil {
		note = app.P().Class("error").Text(screen.RefusalText(sizeErr))
	} else {
		note = app.P().ID("board-note").Class("note").Text(boardNote(size))
	}
	fairK, measured := gyre.FairOpening(size)
	k := h.openingK(size)
	return app.Div().Body(
		note,
		app.If(sizeErr == nil && h.ruleOn(size) == ruleFair, func() app.UI {
			note := lang.N("home.rule.fair_note", k)
			if !measured {
				note += " " + lang.T("home.rule.unmeasured")
			} else if k != fairK {
				note += " " + lang.T("home.rule.measured", "k", fairK)
			}
			return app.Div().Class("custom").Body(
				app.P().ID("rule-note").Class("note").Text(note),
				numberField("opening-k", lang.T("home.rule.k"), k, 1, max(1, gyre.MaxOpeningOn(size)), func(v int) { h.k = v }),
			)
		}),
	)
}
