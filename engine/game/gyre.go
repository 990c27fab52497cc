package game

import "gygy/engine/gyre"

// gyreRules is GYRE's part of a Game.
type gyreRules struct{ g *gyre.Game }

func (r gyreRules) kind() Kind { return GYRE }

func (r gyreRules) spec() Spec { return Spec{Kind: GYRE, Size: r.g.Size(), Gyre: r.g.Variant()} }

func (r gyreRules) parse(action string) (Action, error) {
	m, err := r.g.Geometry().ParseMove(action)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (r gyreRules) play(action string) error {
	m, err := r.g.Geometry().ParseMove(action)
	if err != nil {
		return err
	}
	return r.g.Play(m)
}

func (r gyreRules) undo() (string, error) {
	m, ok := r.g.Undo()
	if !ok {
		return "", ErrNoUndo
	}
	return r.g.Geometry().MoveName(m), nil
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

func (r gyreRules) actions() []string {
	geo := r.g.Geometry()
	rec := r.g.Record()
	out := make([]string, len(rec))
	for i, m := range rec {
		out[i] = geo.MoveName(m)
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
	return Last{Action: r.g.Geometry().MoveName(m), Typed: m, Seat: Seat(before.Turn())}
}

func (r gyreRules) record() string { return r.g.String() }
func (r gyreRules) inSetup() bool  { return false }
func (r gyreRules) clone() rules   { return gyreRules{r.g.Clone()} }

func (r gyreRules) legal(dst []string) []string {
	geo := r.g.Geometry()
	for _, m := range r.g.Moves(nil) {
		dst = append(dst, geo.MoveName(m))
	}
	return dst
}
