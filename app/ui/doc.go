// Package ui holds the go-app components of the web app: the shell that
// switches between the home screen, the game and the rules, the two boards
// drawn as SVG, and the route table that both the WebAssembly program and
// the server register.
//
// The boards only draw and report. Each is given, as props, the position
// and what the engine allows now: the GYRE board the legal cells (Legal),
// the Gygès board every destination of every movable piece and the drops
// of a replace (Dests, from gyges.Position.Dests). It marks what it was
// given and emits one intent through one action: the cell a player chose
// (ActionCell), or a Gygès setup or move in notation (ActionGyges). An
// intent the props do not allow still goes to the session, which refuses
// it with the engine's reason. Neither board applies anything: the session
// (package session) checks and applies every action; the shell connects
// them and runs the computer player in a Web Worker.
//
// A board is split in two. The component turns browser events into board
// terms (a point becomes a square, a goal or a tray slot through the
// board's geometry) and draws; a pure input type (gygesInput, gyreInput)
// holds what is picked up, dragged or half set up, and alone decides what
// a press, a drag, a release or a key means, returning at most one intent.
// The input uses neither go-app nor the browser, so its table tests run
// natively. The Gygès board's files: gyges_board.go (the component and
// its events), gyges_geometry.go, gyges_input.go, gyges_setup.go,
// gyges_draw.go and gyges_anim.go; the GYRE board's: board.go,
// gyre_board_input.go and gyre_board_layout.go.
package ui
