// Package game puts either game behind one small interface whose actions
// are written in the game's own notation, the same tokens as in its
// record: a GYRE move or "swap"; a Gygès setup such as "321123" or a move
// such as "c1-d4:a3". The session that the app drives and the online
// match that checks a peer's actions both use it, so there is one place
// where actions meet the engines. Like every engine package it has no I/O.
package game

import (
	"errors"
	"fmt"
	"strings"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// The games' names, as in an online game's hello.
const (
	GYRE  = "gyre"
	Gyges = "gyges"
)

// ErrNoUndo reports an undo at the start of a game.
var ErrNoUndo = errors.New("game: nothing to undo")

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

// Game is one game of either kind, taking actions in notation.
type Game interface {
	// Name is GYRE or Gyges.
	Name() string
	// Play checks an action and plays it; on error nothing changes.
	Play(action string) error
	// Undo takes back the last action and returns it.
	Undo() (string, error)
	// Turn is the seat that acts next, NoSeat once the game is won.
	Turn() Seat
	// Winner is the seat that won by the rules, or NoSeat.
	Winner() Seat
	// Len is the number of actions so far, setups and the swap included.
	Len() int
	// Record is the game record in the engine's notation.
	Record() string
	// InSetup reports whether the next action is a Gygès setup.
	InSetup() bool
	// Legal appends the legal actions now; for a setup, the ready
	// layouts only (there are 90 legal ones).
	Legal(dst []string) []string
	// Clone returns an independent copy.
	Clone() Game
}

// New starts a game by its name, board size (GYRE only, e.g. "7x14") and
// variant ("" or "noswap" for GYRE; "standard", "" or "nodisplace" for
// Gygès).
func New(name, size, variant string) (Game, error) {
	switch name {
	case GYRE:
		s, err := gyre.ParseSize(size)
		if err != nil {
			return nil, err
		}
		var v gyre.Variant
		switch variant {
		case "":
		case gyre.NoSwap.String():
			v = gyre.NoSwap
		default:
			return nil, fmt.Errorf("game: unknown GYRE variant %.20q", variant)
		}
		g, err := gyre.NewGame(s, v)
		if err != nil {
			return nil, err
		}
		return FromGyre(g), nil
	case Gyges:
		if size != "" {
			return nil, fmt.Errorf("game: Gygès has one size, not %.20q", size)
		}
		v, err := gyges.ParseVariant(variant)
		if err != nil {
			return nil, err
		}
		return FromGyges(gyges.NewGame(v)), nil
	}
	return nil, fmt.Errorf("game: unknown game %.20q", name)
}

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
func FromGyre(g *gyre.Game) Game { return gyreGame{g} }

// FromGyges wraps a Gygès game; the Game then owns it.
func FromGyges(g *gyges.Game) Game { return gygesGame{g} }

// AsGyre returns a copy of the GYRE game inside g, or nil for Gygès.
func AsGyre(g Game) *gyre.Game {
	if gg, ok := g.(gyreGame); ok {
		return gg.g.Clone()
	}
	return nil
}

// AsGyges returns a copy of the Gygès game inside g, or nil for GYRE.
func AsGyges(g Game) *gyges.Game {
	if gg, ok := g.(gygesGame); ok {
		return gg.g.Clone()
	}
	return nil
}

type gyreGame struct{ g *gyre.Game }

func (r gyreGame) Name() string { return GYRE }

func (r gyreGame) Play(action string) error {
	m, err := r.g.Geometry().ParseMove(action)
	if err != nil {
		return err
	}
	return r.g.Play(m)
}

func (r gyreGame) Undo() (string, error) {
	m, ok := r.g.Undo()
	if !ok {
		return "", ErrNoUndo
	}
	return r.g.Geometry().MoveName(m), nil
}

func (r gyreGame) Turn() Seat {
	if r.g.Over() {
		return NoSeat
	}
	return Seat(r.g.Turn())
}

func (r gyreGame) Winner() Seat {
	if !r.g.Over() {
		return NoSeat
	}
	return Seat(r.g.Controller(r.g.Winner()))
}

func (r gyreGame) Len() int       { return len(r.g.Record()) }
func (r gyreGame) Record() string { return r.g.String() }
func (r gyreGame) InSetup() bool  { return false }
func (r gyreGame) Clone() Game    { return gyreGame{r.g.Clone()} }

func (r gyreGame) Legal(dst []string) []string {
	geo := r.g.Geometry()
	for _, m := range r.g.Moves(nil) {
		dst = append(dst, geo.MoveName(m))
	}
	return dst
}

type gygesGame struct{ g *gyges.Game }

func (r gygesGame) Name() string { return Gyges }

func (r gygesGame) InSetup() bool {
	ph := r.g.Phase()
	return ph == gyges.SouthSetup || ph == gyges.NorthSetup
}

func (r gygesGame) Play(action string) error {
	if r.InSetup() {
		l, err := gyges.ParseLayout(action)
		if err != nil {
			return err
		}
		return r.g.Setup(l)
	}
	m, err := gyges.ParseMove(action)
	if err != nil {
		return err
	}
	return r.g.Play(m)
}

func (r gygesGame) Undo() (string, error) {
	var last string
	if played := r.g.Played(); len(played) > 0 {
		last = played[len(played)-1].String()
	} else if layouts := r.g.Layouts(); len(layouts) > 0 {
		last = layouts[len(layouts)-1].String()
	}
	if err := r.g.Undo(); err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoUndo, err)
	}
	return last, nil
}

// seatOf maps Gygès's sides to seats: South sets up and moves first.
func seatOf(sd gyges.Side) Seat {
	if sd == gyges.North {
		return Two
	}
	return One
}

func (r gygesGame) Turn() Seat {
	switch r.g.Phase() {
	case gyges.SouthSetup:
		return One
	case gyges.NorthSetup:
		return Two
	case gyges.Over:
		return NoSeat
	}
	return seatOf(r.g.Position().Side())
}

func (r gygesGame) Winner() Seat {
	if sd, over := r.g.Winner(); over {
		return seatOf(sd)
	}
	return NoSeat
}

func (r gygesGame) Len() int       { return len(r.g.Layouts()) + len(r.g.Played()) }
func (r gygesGame) Record() string { return r.g.String() }
func (r gygesGame) Clone() Game    { return gygesGame{r.g.Clone()} }

func (r gygesGame) Legal(dst []string) []string {
	if r.InSetup() {
		for _, l := range gyges.BeginnerLayouts() {
			dst = append(dst, l.String())
		}
		return dst
	}
	if r.g.Phase() == gyges.Over {
		return dst
	}
	for _, m := range r.g.Position().Moves(nil) {
		dst = append(dst, m.String())
	}
	return dst
}
