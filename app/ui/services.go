package ui

import (
	"context"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/online"
	"gygy/app/session"
	"gygy/app/ui/lobby"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
	"gygy/engine/level"
)

// Services are what the browser program builds and hands to the app: the
// storage, the computer player and the two ways to reach another device.
// The shell passes each screen what it needs. A nil service turns its part
// of the app off (no computer player, no online play); the server's
// pre-rendering has none.
type Services struct {
	// Store keeps the game at this device and the online game for a
	// reload (the page's localStorage, BrowserStorage).
	Store session.Storage
	// Think plays the computer seats; nil hides "against the computer".
	Think Thinker
	// Judge judges a position for hints and the analysis of a game
	// (Worker.Judge); nil offers neither.
	Judge play.Judge
	// Warm starts the computer player ahead of its first move; may be nil.
	Warm func()
	// ReadQR finds the QR code in a camera picture (an ImageData) off the
	// page; nil where only the browser's own detector reads codes.
	ReadQR func(picture app.Value) (string, error)
	// LinkPeer reaches the other player through the signalling hub, in a
	// room (new when room is ""), with this page's seat token.
	LinkPeer func(room, token string) online.Link
	// CodePeer reaches a device nearby by pairing codes; room names a
	// saved game to resume, "" for a new one.
	CodePeer func(room string) CodePeer
}

// CodePeer is a link made by exchanging codes (lobby.CodePeer).
type CodePeer = lobby.CodePeer

// Thinker chooses the computer's next action in the game whose record it
// is given (either game: the header says which), at the given level,
// without holding up the page (Worker.Think asks a Web Worker). It
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

// BrowserStorage is the browser program's storage: the page's
// localStorage.
func BrowserStorage() session.Storage { return screen.BrowserStorage() }
