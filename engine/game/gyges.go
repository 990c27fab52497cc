package game

import (
	"fmt"

	"gygy/engine/gyges"
)

// gygesRules is Gygès's part of a Game.
type gygesRules struct{ g *gyges.Game }

func (r gygesRules) kind() Kind { return Gyges }

func (r gygesRules) spec() Spec { return Spec{Kind: Gyges, Gyges: r.g.Variant()} }

func (r gygesRules) inSetup() bool {
	ph := r.g.Phase()
	return ph == gyges.SouthSetup || ph == gyges.NorthSetup
}

func (r gygesRules) fresh() rules { return gygesRules{gyges.NewGame(r.g.Variant())} }

func (r gygesRules) parse(text string) (Action, error) {
	if r.inSetup() {
		l, err := gyges.ParseLayout(text)
		if err != nil {
			return nil, err
		}
		return l, nil
	}
	m, err := gyges.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (r gygesRules) name(a Action) string {
	switch a := a.(type) {
	case gyges.Layout:
		return a.String()
	case gyges.Move:
		return a.String()
	}
	return ""
}

// play takes a layout while the sides set up, a move after (Gygès rules,
// Setup).
func (r gygesRules) play(a Action) error {
	switch a := a.(type) {
	case gyges.Layout:
		if !r.inSetup() {
			return fmt.Errorf("%w: setup %s after both sides have set up", ErrWrongAction, a)
		}
		return r.g.Setup(a)
	case gyges.Move:
		if r.inSetup() {
			return fmt.Errorf("%w: move %s during %s", ErrWrongAction, a, r.g.Phase())
		}
		return r.g.Play(a)
	}
	return fmt.Errorf("%w: %T in Gygès, which takes a gyges.Layout or a gyges.Move", ErrWrongAction, a)
}

func (r gygesRules) undo() (Action, error) {
	var last Action
	if m, _, ok := r.g.LastMove(); ok {
		last = m
	} else if l := r.g.Layouts(); len(l) > 0 {
		last = l[len(l)-1]
	}
	if err := r.g.Undo(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoUndo, err)
	}
	return last, nil
}

// SeatOf maps Gygès's sides to seats: South sets up and moves first
// (Gygès rules, Setup), so South is seat one.
func SeatOf(sd gyges.Side) Seat {
	if sd == gyges.North {
		return Two
	}
	return One
}

// SideOf is the Gygès side of a seat: seat two is North, any other South.
func SideOf(s Seat) gyges.Side {
	if s == Two {
		return gyges.North
	}
	return gyges.South
}

func (r gygesRules) turn() Seat {
	switch r.g.Phase() {
	case gyges.SouthSetup:
		return One
	case gyges.NorthSetup:
		return Two
	case gyges.Over:
		return NoSeat
	}
	return SeatOf(r.g.Position().Side())
}

// won follows the rules (Gygès, Winning): a piece in the opponent's goal.
func (r gygesRules) won() Result {
	if sd, over := r.g.Winner(); over {
		return Result{Winner: SeatOf(sd), Method: Goal}
	}
	return Result{}
}

func (r gygesRules) size() int { return len(r.g.Layouts()) + len(r.g.Played()) }

func (r gygesRules) actions() []Action {
	layouts, moves := r.g.Layouts(), r.g.Played()
	out := make([]Action, 0, len(layouts)+len(moves))
	for _, l := range layouts {
		out = append(out, l)
	}
	for _, m := range moves {
		out = append(out, m)
	}
	return out
}

func (r gygesRules) last() Last {
	if m, before, ok := r.g.LastMove(); ok {
		l := Last{Action: m, Seat: SeatOf(before.Side())}
		if m != gyges.Pass {
			l.Path, _ = before.Path(m) // m was legal there
			l.Size = before.Piece(m.From)
		}
		return l
	}
	switch layouts := r.g.Layouts(); len(layouts) {
	case 0:
		return Last{}
	case 1:
		return Last{Action: layouts[0], Seat: One}
	default:
		return Last{Action: layouts[1], Seat: Two}
	}
}

func (r gygesRules) record() string { return r.g.String() }
func (r gygesRules) clone() rules   { return gygesRules{r.g.Clone()} }

func (r gygesRules) legal(dst []Action) []Action {
	if r.inSetup() {
		for _, l := range gyges.BeginnerLayouts() {
			dst = append(dst, l)
		}
		return dst
	}
	if r.g.Phase() == gyges.Over {
		return dst
	}
	for _, m := range r.g.Position().Moves(nil) {
		dst = append(dst, m)
	}
	return dst
}
