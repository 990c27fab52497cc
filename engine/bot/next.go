package bot

import (
	"context"
	"fmt"

	"gygy/engine/game"
	"gygy/engine/gyges"
)

// Config is what a bot needs besides the game: its level, its seed, its
// timing, and, for the laboratory only, its tuning.
type Config struct {
	Level  Level
	Seed   uint64
	Timing Timing
	// Tuning is zero except in the laboratory's measurements.
	Tuning Tuning
	// Yield, if not nil, is called between slices of the search, so that
	// a single-threaded host can answer input meanwhile.
	Yield func()
}

// Decision is a bot's next action, in the game's notation (a GYRE move or
// "swap", a Gygès setup such as "321123" or move such as "c1-d4:a3"), and
// how it was chosen.
type Decision struct {
	Action string
	Info
}

// Next returns the next action of the seat to act in g: the one way to
// ask a bot, for the page's worker, the bestmove command and the
// laboratory alike. g is not changed. A host that asks for every action
// of one game (the laboratory) keeps a Player instead, whose random
// source runs on from one action to the next.
func Next(ctx context.Context, g game.Game, c Config) (Decision, error) {
	return NewPlayer(c).Next(ctx, g)
}

// Player is a bot that plays every action of a game for one seat, of
// either game: it makes the game's bot on its first action and keeps it.
type Player struct {
	c     Config
	gyre  *GyreBot
	gyges *GygesBot
}

// NewPlayer returns a player with the configuration c.
func NewPlayer(c Config) *Player { return &Player{c: c} }

// Next chooses the next action in g (see the function Next).
func (p *Player) Next(ctx context.Context, g game.Game) (Decision, error) {
	if gg := game.AsGyges(g); gg != nil {
		b := p.gygesBot()
		if g.InSetup() {
			l, err := b.Setup(ctx, gg, p.c.Yield)
			if err != nil {
				return Decision{}, err
			}
			return Decision{Action: l.String(), Info: b.Info()}, nil
		}
		m, err := b.Think(ctx, gg, p.c.Yield)
		if err != nil {
			return Decision{}, err
		}
		return Decision{Action: m.String(), Info: b.Info()}, nil
	}
	gg := game.AsGyre(g)
	if gg == nil {
		return Decision{}, fmt.Errorf("bot: no bot plays %v", g.Kind())
	}
	b := p.gyreBot()
	m, err := b.Think(ctx, gg, p.c.Yield)
	if err != nil {
		return Decision{}, err
	}
	return Decision{Action: gg.Geometry().MoveName(m), Info: b.Info()}, nil
}

// NextGyges is Next for a bare Gygès position in play, which has no
// game record (bestmove takes one).
func (p *Player) NextGyges(ctx context.Context, pos gyges.Position) (Decision, error) {
	b := p.gygesBot()
	m, err := b.Move(ctx, pos, p.c.Yield)
	if err != nil {
		return Decision{}, err
	}
	return Decision{Action: m.String(), Info: b.Info()}, nil
}

// String names the player's bot, e.g. "gyre bot (hard)".
func (p *Player) String() string {
	switch {
	case p.gyre != nil:
		return p.gyre.String()
	case p.gyges != nil:
		return p.gyges.String()
	}
	return fmt.Sprintf("bot (%s)", p.c.Level)
}

func (p *Player) gyreBot() *GyreBot {
	if p.gyre == nil {
		p.gyre = NewGyre(p.c.Level, p.c.Seed)
		p.gyre.Timing, p.gyre.Tuning = p.c.Timing, p.c.Tuning
	}
	return p.gyre
}

func (p *Player) gygesBot() *GygesBot {
	if p.gyges == nil {
		p.gyges = NewGyges(p.c.Level, p.c.Seed)
		p.gyges.Timing, p.gyges.Nodes, p.gyges.Tune = p.c.Timing, p.c.Tuning.Work, p.c.Tuning.Search
	}
	return p.gyges
}
