// Package learn holds the screens where a person learns and practises:
// the lessons of both games (package app/learn judges them) and the
// puzzles (package app/puzzles), whose sets the page fetches only when the
// puzzle screen opens. Both draw the game boards of package board and
// keep their progress on the device (lessons done, the puzzle reached and
// the streak) through the app's storage.
package learn
