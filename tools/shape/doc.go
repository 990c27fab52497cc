// Package shape checks the house's shape (issue 49, "The shape to
// reach") in its tests, which make test runs: no non-test file over 400
// lines, no package doc over 15, nothing in app/ui that parses or looks
// into an action's notation, and game.Game's notation (Record, Notation,
// ReadAction; PlayText, Parse…) used only at the edges, checked by type
// (notation_test.go). It has no code of its own.
package shape
