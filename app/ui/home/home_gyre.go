package home

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

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
	size  gyre.Size
	label string // the button
	intro string // the note under the buttons when chosen begins with it
}

// namedBoards are the boards offered by name, the standard one first.
// What the note says of their fair start is read from gyre.FairStart, the
// laboratory's measurement; the figures are in the rules. The balance map
// names no board as balanced, so none is offered as one.
var namedBoards = []namedBoard{
	{gyre.Size{Rings: 7, Cols: 14}, "7 × 14 (standard)", "7 × 14, the standard board."},
	{gyre.Size{Rings: 5, Cols: 10}, "5 × 10 (small)", "5 × 10, the small board: shorter games."},
}

// deepNotes are what the measurements say about some boards the chooser
// does not name.
var deepNotes = map[gyre.Size]string{
	{Rings: 14, Cols: 7}: "The deep board nearest to even that we found: worth trying, not proved balanced (the rules tell what we measured).",
}

// boardNote says what is known about the balance of a board size.
func boardNote(s gyre.Size) string {
	for _, b := range namedBoards {
		if b.size == s {
			return b.intro + " " + fairNote(s)
		}
	}
	cells := fmt.Sprintf("%d rings, %d cells around: %d cells. ", s.Rings, s.Cols, s.Cells())
	if note, ok := deepNotes[s]; ok {
		return cells + note
	}
	if s.Rings < s.Cols {
		return cells + "With fewer rings than columns, Spoke wins with perfect play (the rules tell why), and the plain swap rule only tells the second player to take Spoke."
	}
	return cells + "With as many rings as columns or more, Gyre's loop is the shorter way round, yet our bots' Spoke still won nearly every game on such boards (the rules' balance map)."
}

// fairNote says what the measured fair start of a board does for its
// balance, from gyre.FairStart.
func fairNote(s gyre.Size) string {
	const spoke = "Spoke is the stronger side between strong players"
	f, ok := gyre.FairStart(s)
	switch {
	case !ok:
		return spoke + " (the rules tell more)."
	case f.Even:
		return spoke + "; the rules tell by how much, and how the fair start evens it."
	case f.Ahead() != gyre.NoPlayer:
		return fmt.Sprintf("%s, and even the fair start leaves %s ahead (the rules tell more).", spoke, f.Ahead())
	}
	return spoke + ", and even the fair start leaves one colour ahead (the rules tell more)."
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
		sizes = append(sizes, choice{b.size.String(), b.label, true})
	}
	sizes = append(sizes, choice{"custom", "Custom", true})
	fairK, measured := gyre.FairOpening(size)
	fairLabel := "Opening K: a generalised swap"
	switch {
	case measured && evensGame(size):
		fairLabel = fmt.Sprintf("Fair start: opening %d (recommended)", fairK)
	case measured:
		fairLabel = fmt.Sprintf("Opening %d, the nearest to fair (recommended)", fairK)
	}
	return app.Div().Body(
		choices("Board", "size", h.size, sizes, func(v string) { h.size, h.k = v, 0 }),
		// Choosing Custom is followed by typing the size: its fields come
		// where the eye is.
		app.If(h.size == "custom", func() app.UI {
			return app.Div().Class("custom").Body(
				numberField("rings", "Rings", h.rings, gyre.MinRings, gyre.MaxRings, func(v int) { h.rings, h.k = v, 0 }),
				numberField("cols", "Columns", h.cols, gyre.MinCols, gyre.MaxCols, func(v int) { h.cols, h.k = v, 0 }),
			)
		}),
		choices("Opening rule", "rule", h.ruleOn(size), []choice{
			{ruleFair, fairLabel, true},
			{ruleSwap, "Swap rule: player 2 may take over the first stone", true},
			{ruleNoSwap, "No swap", true},
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
			measuredNote := " No K has been measured for this board yet: choose one."
			if measured && k != fairK {
				measuredNote = fmt.Sprintf(" On this board K = %d came nearest to even.", fairK)
			} else if measured {
				measuredNote = ""
			}
			return app.Div().Class("custom").Body(
				app.P().ID("rule-note").Class("note").Text(fmt.Sprintf(
					"A fair start: player 1 places %s and one Spoke stone, then player 2 chooses a side, so that neither begins ahead.%s", gyreStones(k), measuredNote)),
				numberField("opening-k", "Gyre stones in the opening, K", k, 1, max(1, gyre.MaxOpeningOn(size)), func(v int) { h.k = v }),
			)
		}),
	)
}

// gyreStones says "1 Gyre stone" or "3 Gyre stones".
func gyreStones(k int) string {
	if k == 1 {
		return "1 Gyre stone"
	}
	return fmt.Sprintf("%d Gyre stones", k)
}
