package ui

import (
	"context"

	"gygy/engine/level"
)

// Thinker chooses the computer's next action in the game whose record it
// is given (either game: the header says which), at the given level,
// without holding up the page (the one in bot.go asks a Web Worker). It
// answers in notation, like the record, and gives up when ctx is done.
type Thinker func(ctx context.Context, record string, level level.Level, seed uint64) (string, error)

// thinker plays the computer seats; nil hides the mode "against the
// computer" (bot.go sets it).
var thinker Thinker
