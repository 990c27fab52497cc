// Package session is the game controller that the user interface drives.
//
// A [Session] holds one game, of GYRE or of Gygès, with its seats (who
// plays for player one and player two: a person at this device or the
// computer), the actions that can be redone after an undo, a resignation,
// and it saves itself to a [Storage] after every change so that a reload
// or a closed tab resumes the game. Actions travel in each game's notation
// (a GYRE move or "swap"; a Gygès setup such as "321123" or a move such as
// "c1-d4:a3"), the same words as in the record; a small adapter per game
// hands them to that game's engine, which checks every one. It knows nothing about the browser: the web app passes a storage
// backed by localStorage, the tests a [MemoryStorage].
//
// The session does not run the computer player. It says when a computer
// seat is to act ([Session.ComputerToMove]); the caller thinks and hands the
// move back through [Session.Play] like any other move, which validates it
// with the engine.
package session
