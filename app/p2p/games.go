package p2p

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"gygy/engine/game"
)

// Seat is a place at the table: One acts first (GYRE's player one, Gygès's
// South), Two second (GYRE's player two, who may swap; Gygès's North).
type Seat = game.Seat

// The seats; NoSeat stands for nobody, e.g. the winner of a game under way.
const (
	NoSeat = game.NoSeat
	One    = game.One
	Two    = game.Two
)

// Game names for Hello.Game.
const (
	GameGYRE  = game.GYRE
	GameGyges = game.Gyges
)

// Rules is what a match needs of a game's engine: either game behind one
// interface whose actions (moves, the swap, setups) are the engine's
// notation, the same tokens as in its record.
type Rules = game.Game

// kindOf is the frame type that carries an action now: setup, swap or move.
func kindOf(r Rules, action string) string {
	switch {
	case r.InSetup():
		return TypeSetup
	case r.Name() == GameGYRE && action == "swap":
		return TypeSwap
	}
	return TypeMove
}

// NewRules starts the game a hello describes.
func NewRules(h Hello) (Rules, error) {
	r, err := game.New(h.Game, h.Size, h.Variant)
	if err != nil {
		return nil, fmt.Errorf("%w: hello: %v", ErrProtocol, err)
	}
	return r, nil
}

// RulesFromRecord replays a record of the game a hello describes,
// checking every action.
func RulesFromRecord(h Hello, record string) (Rules, error) {
	r, err := NewRules(h)
	if err != nil {
		return nil, err
	}
	header, want := recordHeader(record), recordHeader(r.Record())
	if header != want {
		return nil, fmt.Errorf("%w: record header %.40q, want %q", ErrRejected, header, want)
	}
	for i, a := range recordActions(record) {
		if err := r.Play(a); err != nil {
			return nil, fmt.Errorf("%w: record action %d (%s): %v", ErrRejected, i+1, a, err)
		}
	}
	return r, nil
}

// recordHeader returns a record's first line, fields normalised.
func recordHeader(record string) string {
	header, _, _ := strings.Cut(record, "\n")
	return strings.Join(strings.Fields(header), " ")
}

// recordActions returns the actions of a record, in order.
func recordActions(record string) []string {
	_, body, _ := strings.Cut(record, "\n")
	return strings.Fields(body)
}

// Hash is the state hash both peers compare after every action: SHA-256
// of the canonical record, in hex, shortened to 128 bits.
func Hash(record string) string {
	sum := sha256.Sum256([]byte(record))
	return hex.EncodeToString(sum[:16])
}
