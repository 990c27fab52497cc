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

func (r gygesRules) parse(action string) (Action, error) {
	var a Action
	var err error
	if r.inSetup() {
		a, err = gyges.ParseLayout(action)
	} else {
		a, err = gyges.ParseMove(action)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

func (r gygesRules) play(action string) error {
	if r.inSetup() {
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

func (r gygesRules) undo() (string, error) {
	actions := r.actions()
	if err := r.g.Undo(); err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoUndo, err)
	}
	return actions[len(actions)-1], nil
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

func (r gygesRules) actions() []string {
	layouts, moves := r.g.Layouts(), r.g.Played()
	out := make([]string, 0, len(layouts)+len(moves))
	for _, l := range layouts {
		out = append(out, l.String())
	}
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

func (r gygesRules) last() Last {
	if m, before, ok := r.g.LastMove(); ok {
		l := Last{Action: m.String(), Typed: m, Seat: SeatOf(before.Side())}
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
		return Last{Action: layouts[0].String(), Typed: layouts[0], Seat: One}
	default:
		return Last{Action: layouts[1].String(), Typed: layouts[1], Seat: Two}
	}
}

func (r gygesRules) record() string { return r.g.String() }
func (r gygesRules) clone() rules   { return gygesRules{r.g.Clone()} }

func (r gygesRules) legal(dst []string) []string {
	if r.inSetup() {
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
