// Package ui holds the go-app components of the web app: the shell that
// switches between the home screen, the game and the rules, the two boards
// drawn as SVG, and the route table that both the WebAssembly program and
// the server register.
//
// The GYRE board knows no rules: it is given a position and the marks to
// show, and it emits the cell a player chose. The Gygès board asks the
// engine where a picked-up piece may end (and where a displaced piece may
// go) to mark those squares, and emits the setup or move a person made.
// Neither applies anything: the session (package session) checks and
// applies every action; the shell connects them and runs the computer
// player in a Web Worker.
package ui
