// Package board draws the two games' boards as SVG ([Board] for GYRE,
// [GygesBoard]) and turns a person's clicks, taps, drags and keys into
// actions. Like chessground, a board knows no rules: it is given the
// engine's position and what the engine allows now, marks it, and emits
// one action, typed and in notation ([Played]), through [ActionPlay]; an
// action the props do not allow still goes out, so that the person reads
// the engine's reason.
//
// The component turns browser events into board terms through the
// board's geometry, and draws; a pure input type (gyreInput, gygesInput)
// holds what is picked up, dragged or half set up and alone decides what
// a press, a drag, a release or a key means, returning at most one action,
// so its table tests run natively. The rulebook's diagrams ([GyreDiagram],
// [GygesDiagram]) are the same boards, drawn static.
package board
