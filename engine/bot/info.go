package bot

import (
	"fmt"

	"gygy/engine/search"
)

// Info describes a bot's last decision.
type Info struct {
	// Iterations counts the work done: playouts for GYRE, search nodes
	// (or layouts judged, or moves looked at) for Gygès.
	Iterations int
	// Value is the estimated chance for the side to move before the
	// action. For ReasonOpening it is Spoke's chance after the opening
	// the bot builds (Gyre to move), and for ReasonSwap Spoke's (1 when
	// the bot swaps by what it knows of the board, see knowsToSwap). For
	// Gygès it is the search score scaled to a chance.
	Value float64
	// Reason says how the action was chosen.
	Reason Reason
	// Depth is the depth a Gygès alpha-beta search completed, else 0.
	Depth int
}

// Reason says how a bot chose its action. Studies compare it, and hosts
// print it.
type Reason int8

// The reasons. ReasonNone is a bot's before its first decision.
const (
	ReasonNone           Reason = iota
	ReasonSearch                // the search's best move
	ReasonWin                   // a move that wins at once
	ReasonBlock                 // a move that fills the opponent's winning cell
	ReasonDoubleThreat          // GYRE: a stone that makes two winning cells
	ReasonOpening               // GYRE: a stone of the opening, whose value the bot judged
	ReasonSwap                  // GYRE: the swap, taken
	ReasonLookAhead             // Gygès Easy: a move judged one move ahead
	ReasonBeginnerLayout        // Gygès Easy: a beginner layout, at random
	ReasonJudgedLayouts         // Gygès: the best of the layouts judged
)

var reasonNames = [...]string{
	ReasonNone:           "none",
	ReasonSearch:         "search",
	ReasonWin:            "win",
	ReasonBlock:          "block",
	ReasonDoubleThreat:   "double threat",
	ReasonOpening:        "opening",
	ReasonSwap:           "swap",
	ReasonLookAhead:      "one-move look-ahead",
	ReasonBeginnerLayout: "beginner layout",
	ReasonJudgedLayouts:  "judged layouts",
}

// String names the reason in words, e.g. "double threat".
func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", r)
}

// Tuning holds what only the laboratory (cmd/gygy-lab) sets, to measure
// the bots: a fixed amount of work instead of the level's budget, so that
// a busy machine does not change the games, and the GYRE bot's knowledge
// turned on or off by side. The zero Tuning is the bots as they play.
type Tuning struct {
	// Work, when positive, replaces the level's work budget a move:
	// playouts for GYRE, search nodes for Gygès.
	Work int
	// Plain turns off the GYRE bot's knowledge beyond its first form
	// (the tree's proofs and the root's must-play, gyre_knowledge.go).
	Plain bool
	// Knowledge, if not nil, replaces the knowledge the GYRE bot uses for
	// each side (defaultKnowledge).
	Knowledge *[2]Knowledge
	// RAVE, when positive, replaces the GYRE tree's RAVE parameter
	// (search.MCTSConfig.RAVE), and PriorDepth, when positive, the depth
	// to which new moves get priors.
	RAVE       float64
	PriorDepth int
	// Exploration and ExpandAfter, when positive, replace the GYRE tree's
	// (search.MCTSConfig).
	Exploration float64
	ExpandAfter int
	// MaxNodes, when positive, replaces the cap on the GYRE tree's size
	// (search.MCTSConfig.MaxNodes).
	MaxNodes int
	// Priors, if not nil, replaces the weights of the priors' terms by
	// side (0 Spoke, 1 Gyre).
	Priors *[2]PriorTerms
	// Search, if not nil, changes the Gygès search's configuration before
	// each move (GygesBot.Tune).
	Search func(*search.ABConfig)
}
