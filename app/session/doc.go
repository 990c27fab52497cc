// Package session is the game controller that the user interface drives.
//
// A [Session] holds one game of GYRE with its seats (who plays for player
// one and player two: a person at this device or the computer), the moves
// that can be redone after an undo, a resignation, and it saves itself to a
// [Storage] after every change so that a reload or a closed tab resumes the
// game. It knows nothing about the browser: the web app passes a storage
// backed by localStorage, the tests a [MemoryStorage].
//
// The session does not run the computer player. It says when a computer
// seat is to act ([Session.ComputerToMove]); the caller thinks and hands the
// move back through [Session.Play] like any other move, which validates it
// with the engine.
package session
