package match

import (
	"fmt"

	"gygy/engine/game"
)

// kindOf is the frame type that carries an action, written as on the
// wire, now: setup, swap or move.
func kindOf(r game.Game, text string) string {
	switch {
	case r.InSetup():
		return TypeSetup
	case r.Kind() == game.GYRE && text == "swap":
		return TypeSwap
	}
	return TypeMove
}

// NewRules starts the game a hello describes.
func NewRules(h Hello) (game.Game, error) {
	r, err := h.Spec.New()
	if err != nil {
		return nil, fmt.Errorf("%w: hello: %v", ErrProtocol, err)
	}
	return r, nil
}

// RulesFromRecord replays a record of the game a hello describes,
// checking every action.
func RulesFromRecord(h Hello, record string) (game.Game, error) {
	r, err := game.Parse(record)
	if err != nil {
		return nil, fmt.Errorf("%w: record: %v", ErrRejected, err)
	}
	if r.Spec() != h.Spec {
		return nil, fmt.Errorf("%w: a record of %v, want %v", ErrRejected, r.Spec(), h.Spec)
	}
	return r, nil
}
