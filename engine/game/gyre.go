package game

import (
	"fmt"

	"gygy/engine/gyre"
)

// gyreRules is GYRE's part of a Game.
type gyreRules struct{ g *gyre.Game }

func (r gyreRules) kind() Kind { return GYRE }

func (r gyreRules) spec() Spec { return Spec{Kind: GYRE, Size: r.g.Size(), Gyre: r.g.Variant()} }

func (r gyreRules) fresh() rules {
	g, err := gyre.NewGame(r.g.Size(), r.g.Variant())
	if err != nil {
		panic("game: a GYRE game's own size and variant: " + err.Error())
	}
	return gyreRules{g}
}

func (r gyreRules) parse(text string) (Action, error) {
	m, err := r.g.Geometry().ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (r gyreRules) name(a Action) string {
	if m, ok := a.(gyre.Move); ok && (m == gyre.Swap || m >= 0 && int(m) < r.g.Geometry().Cells()) {
		return r.g.Geometry().MoveName(m)
	}
	return ""
}

func (r gyreRules) play(a Action) error {
	m, ok := a.(gyre.Move)
	if !ok {
		return fmt.Errorf("%w: %T in GYRE, which takes a gyre.Move", ErrWrongAction, a)
	}
	return r.g.Play(m)
}

func (r gyreRules) undo() (Action, error) {
	m, ok := r.g.Undo()
	if !ok {
		return nil, ErrNoUndo
	}
	return m, nil
}

func (r gyreRules) turn() Seat {
	if r.g.Over() {
		return NoSeat
	}
	return Seat(r.g.Turn())
}

// won follows the rules (GYRE, Winning): Spoke wins by a bridge, Gyre by
// a loop, and the seat is whoever controls that colour after a swap.
func (r gyreRules) won() Result {
	if !r.g.Over() {
		return Result{}
	}
	how := Loop
	if r.g.Winner() == gyre.Spoke {
		how = Bridge
	}
	return Result{Winner: Seat(r.g.Controller(r.g.Winner())), Method: how}
}

func (r gyreRules) size() int { return len(r.g.Record()) }

func (r gyreRules) actions() []Action {
	rec := r.g.Record()
	out := make([]Action, len(rec))
	for i, m := range rec {
		out[i] = m
	}
	return out
}

func (r gyreRules) last() Last {
	rec := r.g.Record()
	if len(rec) == 0 {
		return Last{}
	}
	before := r.g.Clone()
	before.Undo()
	m := rec[len(rec)-1]
	return Last{Action: m, Seat: Seat(before.Turn())}
}

func (r gyreRules) record() string { return r.g.String() }
func (r gyreRules) inSetup() bool  { return false }
func (r gyreRules) clone() rules   { return gyreRules{r.g.Clone()} }

func (r gyreRules) legal(dst []Action) []Action {
	for _, m := range r.g.Moves(nil) {
		dst = append(dst, m)
	}
	return dst
}
