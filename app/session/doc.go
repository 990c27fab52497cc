// Package session is the game controller that the user interface drives.
//
// A [Session] holds one game, of GYRE or of Gygès, with its seats (who
// plays for seat one and seat two: a person at this device or the
// computer), the actions that can be redone after an undo, and it saves
// itself to a [Storage] after every change so that a reload or a closed
// tab resumes the game. Actions travel in each game's notation (a GYRE
// move or "swap"; a Gygès setup such as "321123" or a move such as
// "c1-d4:a3"), the same words as in the record; the game itself
// (package engine/game) checks every one and owns how the game ended.
//
// A [Table] is one game on the screen, whichever way it is played: the
// [Local] table puts a Session at this device (hot seat, or against the
// computer, whose moves it asks of a [Thinker] while the table is open),
// and package online puts a p2p match behind the same interface. The user
// interface draws a table's [View] and hands the person's intents to it;
// the view says what is allowed (undo or a request to undo, redo, a
// rematch, a question to answer, the connection), so the interface never
// asks which kind of table it holds. Changes a table makes by itself
// reach its subscribers on the owner's goroutine.
//
// It knows nothing about the browser: the web app passes a storage backed
// by localStorage and a Thinker that asks the Web Worker, the tests a
// [MemoryStorage] and a thinker of their own.
package session
