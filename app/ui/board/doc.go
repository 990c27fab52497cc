// Package board draws the two games' boards as SVG and turns a person's
// clicks, taps, drags and keys into actions. Like chessground, a board
// knows no rules: it is given the engine's position and what the engine
// allows now (the GYRE board's Legal cells, the Gygès board's Dests from
// gyges.Position.Dests), marks them, and emits one action in notation
// through ActionPlay; an action the props do not allow still goes out, so
// that the person reads the engine's reason.
//
// A board is split in two. The component turns browser events into board
// terms (a point becomes a square, a goal or a tray slot through the
// board's geometry) and draws; a pure input type (gygesInput, gyreInput)
// holds what is picked up, dragged or half set up, and alone decides what
// a press, a drag, a release or a key means, returning at most one
// action. The input uses neither go-app nor the browser, so its table
// tests run natively. The rulebook's diagrams (GyreDiagram, GygesDiagram)
// are the same boards, drawn static from a few lines the engine checks.
package board
