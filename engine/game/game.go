// Package game puts either game behind one small interface whose actions
// are written in the game's own notation, the same tokens as in its
// record: a GYRE move or "swap"; a Gygès setup such as "321123" or a move
// such as "c1-d4:a3"; an Action is the same action typed, for the
// screens (Last.Typed; ParseAction at the edges). The session that the
// app drives and the online match that checks a peer's actions both use
// it, so there is one place where actions meet the engines. The game owns its outcome (Result):
// who won and how, on the board or off it. Spec names a game before its
// first action, in the words of the record's header. Like every engine
// package it has no I/O.
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

// Game is one game of either kind, taking actions in notation. It owns how
// the game ended: by the rules (Result's Method Bridge, Loop or Goal) or
// off the board (resignation, time, abandonment); nobody else keeps a copy.
type Game interface {
	// Kind is GYRE or Gyges.
	Kind() Kind
	// Spec is the game's kind, size and variant.
	Spec() Spec
	// Play checks an action and plays it; on error nothing changes. After
	// the end, by the rules or off the board, every action is refused
	// with an error wrapping ErrOver.
	Play(action string) error
	// Undo takes back the last action and returns it. A game ended off the
	// board cannot be undone (ErrOver).
	Undo() (string, error)
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
	// Actions lists the actions so far, in notation, as in the record.
	Actions() []string
	// Record is the game record in the engine's notation: the spec's
	// header line, then the actions. How a game ended off the board is not
	// part of it (Result says).
	Record() string
	// InSetup reports whether the next action is a Gygès setup.
	InSetup() bool
	// Legal appends the legal actions now; for a setup, the ready
	// layouts only (there are 90 legal ones).
	Legal(dst []string) []string
	// Last is the last action and, for a Gygès move, its witness path.
	Last() Last
	// Clone returns an independent copy.
	Clone() Game
}

// Action is one action of either game, typed as the game's own package
// defines it: a gyre.Move (a stone, or gyre.Swap) in GYRE; a gyges.Layout
// (a setup) or a gyges.Move in Gygès. Its notation belongs to the edges:
// the wire, storage, the worker's messages, records, links and the
// command line (ParseAction, Name).
type Action any

// Last is the last action of a game.
type Last struct {
	Action string // in notation; "" before the first action
	Typed  Action // the same action typed; nil before the first action
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

// ParseAction reads an action of game g, in notation, as the action g
// would take next: a setup layout while g is in its setup, else a move.
// It is for the edges (a worker's answer, a file), and checks the
// notation only, not that the action is legal.
func ParseAction(g Game, text string) (Action, error) {
	p, ok := g.(*played)
	if !ok {
		return nil, fmt.Errorf("game: no notation for %T", g)
	}
	return p.rules.parse(text)
}

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
func FromGyre(g *gyre.Game) Game { return &played{rules: gyreRules{g}} }

// FromGyges wraps a Gygès game; the Game then owns it.
func FromGyges(g *gyges.Game) Game { return &played{rules: gygesRules{g}} }

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

// rules is one game's part of a Game: the engine's play, in notation.
type rules interface {
	kind() Kind
	spec() Spec
	play(action string) error
	parse(action string) (Action, error)
	undo() (string, error)
	turn() Seat  // NoSeat once won by the rules
	won() Result // the win by the rules, or Unfinished
	actions() []string
	record() string
	inSetup() bool
	legal(dst []string) []string
	last() Last
	clone() rules
}

// played is a Game: the rules of one game and, when it ended off the
// board, how.
type played struct {
	rules rules
	ended Result // a defeat off the board, or Unfinished
}

func (p *played) Kind() Kind        { return p.rules.kind() }
func (p *played) Spec() Spec        { return p.rules.spec() }
func (p *played) Len() int          { return len(p.rules.actions()) }
func (p *played) Actions() []string { return p.rules.actions() }
func (p *played) Record() string    { return p.rules.record() }
func (p *played) InSetup() bool     { return p.rules.inSetup() && !p.ended.Over() }
func (p *played) Last() Last        { return p.rules.last() }
func (p *played) Clone() Game       { return &played{rules: p.rules.clone(), ended: p.ended} }
func (p *played) Winner() Seat      { return p.Result().Winner }

func (p *played) Result() Result {
	if p.ended.Over() {
		return p.ended
	}
	return p.rules.won()
}

func (p *played) Turn() Seat {
	if p.ended.Over() {
		return NoSeat
	}
	return p.rules.turn()
}

func (p *played) Play(action string) error {
	if r := p.Result(); r.Over() {
		return fmt.Errorf("%w: %s won by %s", ErrOver, r.Winner, r.Method)
	}
	return p.rules.play(action)
}

func (p *played) Undo() (string, error) {
	if p.ended.Over() {
		return "", fmt.Errorf("%w: %s won by %s", ErrOver, p.ended.Winner, p.ended.Method)
	}
	return p.rules.undo()
}

func (p *played) Legal(dst []string) []string {
	if p.ended.Over() {
		return dst
	}
	return p.rules.legal(dst)
}

func (p *played) Resign(s Seat) error { return p.Concede(s, Resignation) }

func (p *played) Concede(loser Seat, how Method) error {
	if loser != One && loser != Two {
		return fmt.Errorf("game: %s cannot lose the game", loser)
	}
	if !how.OffBoard() || how == Aborted {
		return fmt.Errorf("game: a game is not lost by %s off the board", how)
	}
	if r := p.Result(); r.Over() {
		return fmt.Errorf("%w: %s won by %s", ErrOver, r.Winner, r.Method)
	}
	p.ended = Result{Winner: loser.Other(), Method: how}
	return nil
}

func (p *played) Abort() error {
	if r := p.Result(); r.Over() {
		return fmt.Errorf("%w: %s won by %s", ErrOver, r.Winner, r.Method)
	}
	if n := p.Len(); n >= AbortableUntil {
		return fmt.Errorf("game: abort: both sides have acted (%d actions); resign instead", n)
	}
	p.ended = Result{Method: Aborted}
	return nil
}

func (p *played) End(r Result) error {
	if r.Method == Aborted {
		return p.Abort()
	}
	return p.Concede(r.Loser(), r.Method)
}
