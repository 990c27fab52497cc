package ui

import (
	"context"
	"time"

	"gygy/engine/level"
)

// Thinker chooses the computer's next action in the game whose record it
// is given (either game: the header says which), at the given level,
// without holding up the page (the one in bot.go asks a Web Worker). It
// answers in notation, like the record, and gives up when ctx is done.
// The options are optional: callers that pass none get the level's own
// budget and no report of the start; only the first is read.
type Thinker func(ctx context.Context, record string, level level.Level, seed uint64, opts ...ThinkOptions) (string, error)

// ThinkOptions are the optional parts of a request to a Thinker.
type ThinkOptions struct {
	// Long asks Hard for its "think longer" budget (level.LongMoveTime);
	// it changes nothing at the other levels.
	Long bool
	// Started, if set, is called once when the computer begins to think,
	// with the most time it will take (its level's budget, or the longer
	// one): the page can fill a progress indicator over that time. The
	// answer may come sooner. It is called from a JavaScript callback and
	// must not block (dispatch to the UI goroutine).
	Started func(budget time.Duration)
}

// thinker plays the computer seats; nil hides the mode "against the
// computer" (bot.go sets it).
var thinker Thinker
