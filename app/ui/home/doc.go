// Package home is the home screen: the game, the mode, the board and the
// opening rule, the clock; resuming the saved game or loading a record.
// It emits the game chosen as an action for the shell.
package home
