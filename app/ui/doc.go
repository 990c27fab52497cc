// Package ui holds the go-app components of the web app: the shell that
// switches between the home screen, the game and the rules, the GYRE board
// drawn as SVG, and the route table that both the WebAssembly program and
// the server register.
//
// The board knows no rules: it is given a position, the cells that may be
// played and the marks to show, and it emits the cell a player chose. The
// session (package session) checks and applies moves; the shell connects
// the two and runs the computer player in the background.
package ui
