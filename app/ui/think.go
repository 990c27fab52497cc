package ui

import (
	"context"

	"gygy/engine/gyre"
	"gygy/engine/level"
)

// Thinker chooses the computer's move in g at the given level, without
// holding up the page (the one in bot.go asks a Web Worker), and gives up
// when ctx is done.
type Thinker func(ctx context.Context, g *gyre.Game, level level.Level, seed uint64) (gyre.Move, error)

// thinker plays the computer seats; nil hides the mode "against the
// computer" (bot.go sets it).
var thinker Thinker
