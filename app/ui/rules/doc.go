// Package rules is the rules screen: the rulebooks (package rulebook, the
// same text as in the repository, fetched in the screen's language when
// the rules open) with their diagrams, how to play in the app, and the
// print-and-play sheets.
package rules
