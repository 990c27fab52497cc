package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/mygames"
	"gygy/app/online"
	"gygy/app/session"
	"gygy/app/ui/lobby"
	"gygy/app/ui/play"
)

// Services are what the browser program builds and hands to the app: the
// storage, the computer player and the two ways to reach another device.
// The shell passes each screen what it needs. A nil service turns its part
// of the app off (no computer player, no online play); the server's
// pre-rendering has none.
type Services struct {
	// Store keeps the game at this device and the online game for a
	// reload, and the screens' settings (the page's localStorage).
	Store session.Storage
	// Games is My games, the games played here, on Store; the game
	// screens keep every game drawn in it (play.Keeping).
	Games *mygames.Book
	// Think plays the computer seats (worker.Worker.Think); nil hides
	// "against the computer".
	Think session.Thinker
	// Judge judges a position for hints and the analysis of a game
	// (worker.Worker.Judge); nil offers neither.
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
