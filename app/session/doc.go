// Package session is the game controller that the user interface drives.
//
// A [Session] holds one game, of GYRE or of Gygès, with its seats (a
// person at this device or the computer) and the actions that can be
// redone, and saves itself to a [Storage] after every change. Actions
// travel typed (game.Action); the game (package engine/game) checks every
// one and owns how the game ended. Notation is read and written only
// where the session meets storage and the [Thinker].
//
// A [Table] is one game on the screen, whichever way it is played: the
// [Local] table puts a Session at this device, asking a [Thinker] for the
// computer's moves; packages bylink and online have tables of their own.
// The interface draws a table's [View], hands it the person's intents, and
// asks a table for its optional abilities ([Redoer], [Rematcher], …) by a
// type assertion. It knows nothing about the browser.
package session
