// Package game puts either game behind one small interface, [Game], that
// takes typed actions ([Action]: a gyre.Move, a gyges.Layout or a
// gyges.Move) and keeps its positions ([Game.At]) and a key of its
// history ([Game.Key]). Notation ([Game.Record], [Game.Notation],
// [Game.ReadAction], [PlayText]) is for the edges. The game owns its
// outcome ([Result]); [Spec] names a game before its first action. Like
// every engine package it has no I/O.
package game

import (
	"errors"
	"fmt"
	"strings"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Seat is a place at the table: One acts first (GYRE's player one, Gygès's
// South), Two second (GYRE's player two, who may swap; Gygès's North).
type Seat int8

// The seats; NoSeat stands for nobody, e.g. the winner of a game under way.
const (
	NoSeat Seat = iota
	One
	Two
)

// Other returns the opponent's seat.
func (s Seat) Other() Seat {
	switch s {
	case One:
		return Two
	case Two:
		return One
	}
	return NoSeat
}

// String returns "player 1", "player 2" or "nobody".
func (s Seat) String() string {
	switch s {
	case One, Two:
		return fmt.Sprintf("player %d", s)
	}
	return "nobody"
}

// Game is one game of either kind, taking typed actions (Action). It owns
// how the game ended: by the rules (Result's Method Bridge, Loop or Goal)
// or off the board (resignation, time, abandonment); nobody else keeps a
// copy. Its notation (Record, Notation, ReadAction) is for the edges.
type Game interface {
	// Kind is GYRE or Gyges.
	Kind() Kind
	// Spec is the game's kind, size and variant.
	Spec() Spec
	// Play checks an action and plays it; on error nothing changes. An
	// action of the other game or of the other phase (a move while Gygès
	// sets up) is refused with an error wrapping ErrWrongAction. After
	// the end, by the rules or off the board, every action is refused
	// with an error wrapping ErrOver.
	Play(a Action) error
	// Undo takes back the last action and returns it. A game ended off the
	// board cannot be undone (ErrOver).
	Undo() (Action, error)
	// Resign ends the game with seat s giving up.
	Resign(s Seat) error
	// Concede ends the game off the board: loser is defeated by how, one
	// of Resignation, Timeout or Abandonment.
	Concede(loser Seat, how Method) error
	// Abort calls the game off before both sides have acted
	// (AbortableUntil); nobody wins.
	Abort() error
	// End ends the game off the board as r says (a defeat or an abort),
	// as Concede and Abort do: for a result that came from elsewhere, a
	// saved game or the other side of an online game.
	End(r Result) error
	// Result is who won and how, or Unfinished.
	Result() Result
	// Turn is the seat that acts next, NoSeat once the game is over.
	Turn() Seat
	// Winner is the seat that won, on the board or off it, or NoSeat.
	Winner() Seat
	// Len is the number of actions so far, setups and the swap included.
	Len() int
	// Actions lists the actions so far, in the record's order.
	Actions() []Action
	// At is a copy of the game as it stood after its first ply actions
	// (0 to Len), on the board: how it ended off the board is not part
	// of it. The game keeps the positions it was asked for.
	At(ply int) (Game, error)
	// Key identifies the game's history: its spec, every action and how
	// it ended off the board. Two games with the same history have the
	// same key; it is kept per action, not rebuilt.
	Key() uint64
	// InSetup reports whether the next action is a Gygès setup.
	InSetup() bool
	// Legal appends the legal actions now; for a setup, the ready
	// layouts only (there are 90 legal ones).
	Legal(dst []Action) []Action
	// Last is the last action and, for a Gygès move, its witness path.
	Last() Last
	// Clone returns an independent copy.
	Clone() Game

	// Record is the game record in the engine's notation: the spec's
	// header line, then the actions. How a game ended off the board is not
	// part of it (Result says).
	Record() string
	// Notation writes a as this game writes it in its record; "" for a
	// value that is no action of this game.
	Notation(a Action) string
	// ReadAction reads the notation of the action the game would take
	// next: a setup layout while Gygès sets up, else a move. It checks
	// the notation only, not that the action is legal.
	ReadAction(text string) (Action, error)
}

// Action is one action of either game, typed as the game's own package
// defines it: a gyre.Move (a stone, or gyre.Swap) in GYRE; a gyges.Layout
// (a setup) or a gyges.Move (gyges.Pass included) in Gygès. Its notation
// belongs to the edges: the wire, storage, the worker's messages, records,
// links and the command line (Game.Notation, Game.ReadAction, PlayText).
type Action any

// Last is the last action of a game.
type Last struct {
	Action Action // nil before the first action
	Seat   Seat   // who took it
	// Gygès moves only: the route the piece took (the engine's witness
	// path) and the number of rings of the piece that moved.
	Path gyges.Path
	Size int
}

// IsReplace reports whether a is a Gygès move that replaces the piece it
// takes (it has its own sound).
func IsReplace(a Action) bool {
	m, ok := a.(gyges.Move)
	return ok && m.IsReplace()
}

// PlayText reads an action in g's notation and plays it: for the edges
// (a record's token, the wire, the command line) and tests. A game that
// is over refuses it with ErrOver whatever the text.
func PlayText(g Game, text string) error {
	if r := g.Result(); r.Over() {
		return overErr(r)
	}
	a, err := g.ReadAction(text)
	if err != nil {
		return err
	}
	return g.Play(a)
}

// Notations lists g's actions in its notation, as in its record: for the
// edges that store or send them one by one.
func Notations(g Game) []string {
	actions := g.Actions()
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = g.Notation(a)
	}
	return out
}

// ErrWrongAction reports an action of the other game, or of the other
// phase of Gygès (a move during the setup, a layout after it).
var ErrWrongAction = errors.New("game: not an action this game can take now")

// ErrNoUndo reports an undo at the start of a game.
var ErrNoUndo = errors.New("game: nothing to undo")

// ErrOver reports an action in a game that has ended.
var ErrOver = errors.New("game: the game is over")

// Parse replays a record of either game, which its header names, checking
// every action.
func Parse(record string) (Game, error) {
	header, _, _ := strings.Cut(strings.TrimSpace(record), "\n")
	switch f := strings.Fields(header); {
	case len(f) > 0 && f[0] == "GYRE":
		g, err := gyre.ParseRecord(record)
		if err != nil {
			return nil, err
		}
		return FromGyre(g), nil
	case len(f) > 0 && f[0] == "GYGES":
		g, err := gyges.ParseRecord(record)
		if err != nil {
			return nil, err
		}
		return FromGyges(g), nil
	}
	return nil, fmt.Errorf("game: a record starts with GYRE or GYGES, not %.40q", header)
}

// FromGyre wraps a GYRE game; the Game then owns it.
func FromGyre(g *gyre.Game) Game { return newPlayed(gyreRules{g}) }

// FromGyges wraps a Gygès game; the Game then owns it.
func FromGyges(g *gyges.Game) Game { return newPlayed(gygesRules{g}) }

// AsGyre returns a copy of the GYRE game inside g, or nil for Gygès.
func AsGyre(g Game) *gyre.Game {
	if p, ok := g.(*played); ok {
		if r, ok := p.rules.(gyreRules); ok {
			return r.g.Clone()
		}
	}
	return nil
}

// AsGyges returns a copy of the Gygès game inside g, or nil for GYRE.
func AsGyges(g Game) *gyges.Game {
	if p, ok := g.(*played); ok {
		if r, ok := p.rules.(gygesRules); ok {
			return r.g.Clone()
		}
	}
	return nil
}
