package p2p

import (
	"crypto/sha256"
	"encoding/hex"
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

// String returns "one", "two" or "nobody".
func (s Seat) String() string {
	switch s {
	case One:
		return "one"
	case Two:
		return "two"
	}
	return "nobody"
}

// Game names for Hello.Game.
const (
	GameGYRE  = "gyre"
	GameGyges = "gyges"
)

// Rules is what a match needs of a game's engine. Actions (moves, the
// swap, setups) travel as the engine's notation, the same tokens as in its
// record. There is one implementation per game, wrapping gyre.Game and
// gyges.Game.
type Rules interface {
	// Play checks an action and plays it; on error nothing changes.
	Play(action string) error
	// Undo takes back the last action.
	Undo() error
	// Turn is the seat that acts next, NoSeat once the game is won.
	Turn() Seat
	// Winner is the seat that won by the rules, or NoSeat.
	Winner() Seat
	// Record is the game record in the engine's notation.
	Record() string
	// Kind is the frame type that carries action now: move, swap or setup.
	Kind(action string) string
	// Legal appends the legal actions now (for a setup, a few of the
	// legal layouts).
	Legal(dst []string) []string
}

// NewRules starts the game a hello describes.
func NewRules(h Hello) (Rules, error) {
	switch h.Game {
	case GameGYRE:
		size, err := gyre.ParseSize(h.Size)
		if err != nil {
			return nil, fmt.Errorf("%w: hello: %v", ErrProtocol, err)
		}
		var v gyre.Variant
		switch h.Variant {
		case "":
		case "noswap":
			v = gyre.NoSwap
		default:
			return nil, fmt.Errorf("%w: hello: unknown GYRE variant %.20q", ErrProtocol, h.Variant)
		}
		g, err := gyre.NewGame(size, v)
		if err != nil {
			return nil, fmt.Errorf("%w: hello: %v", ErrProtocol, err)
		}
		return &gyreRules{g}, nil
	case GameGyges:
		if h.Size != "" {
			return nil, fmt.Errorf("%w: hello: Gygès has one size, got %.20q", ErrProtocol, h.Size)
		}
		v, err := gyges.ParseVariant(h.Variant)
		if err != nil {
			return nil, fmt.Errorf("%w: hello: %v", ErrProtocol, err)
		}
		return &gygesRules{gyges.NewGame(v)}, nil
	}
	return nil, fmt.Errorf("%w: hello: unknown game %.20q", ErrProtocol, h.Game)
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

type gyreRules struct{ g *gyre.Game }

func (r *gyreRules) Play(action string) error {
	m, err := r.g.Geometry().ParseMove(action)
	if err != nil {
		return err
	}
	return r.g.Play(m)
}

func (r *gyreRules) Undo() error {
	if _, ok := r.g.Undo(); !ok {
		return fmt.Errorf("%w: nothing to undo", ErrRejected)
	}
	return nil
}

func (r *gyreRules) Turn() Seat {
	switch r.g.Turn() {
	case gyre.One:
		return One
	case gyre.Two:
		return Two
	}
	return NoSeat
}

func (r *gyreRules) Winner() Seat {
	w := r.g.Winner()
	if w == gyre.Empty {
		return NoSeat
	}
	if r.g.Controller(w) == gyre.One {
		return One
	}
	return Two
}

func (r *gyreRules) Record() string { return r.g.String() }

func (r *gyreRules) Kind(action string) string {
	if action == "swap" {
		return TypeSwap
	}
	return TypeMove
}

func (r *gyreRules) Legal(dst []string) []string {
	geo := r.g.Geometry()
	for _, m := range r.g.Moves(nil) {
		dst = append(dst, geo.MoveName(m))
	}
	return dst
}

type gygesRules struct{ g *gyges.Game }

func (r *gygesRules) setup() bool {
	ph := r.g.Phase()
	return ph == gyges.SouthSetup || ph == gyges.NorthSetup
}

func (r *gygesRules) Play(action string) error {
	if r.setup() {
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

func (r *gygesRules) Undo() error { return r.g.Undo() }

func (r *gygesRules) Turn() Seat {
	switch r.g.Phase() {
	case gyges.SouthSetup:
		return One
	case gyges.NorthSetup:
		return Two
	case gyges.Playing:
		if r.g.Position().Side() == gyges.South {
			return One
		}
		return Two
	}
	return NoSeat
}

func (r *gygesRules) Winner() Seat {
	sd, ok := r.g.Winner()
	switch {
	case !ok:
		return NoSeat
	case sd == gyges.South:
		return One
	}
	return Two
}

func (r *gygesRules) Record() string { return r.g.String() }

func (r *gygesRules) Kind(string) string {
	if r.setup() {
		return TypeSetup
	}
	return TypeMove
}

func (r *gygesRules) Legal(dst []string) []string {
	if r.setup() {
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
