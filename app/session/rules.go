package session

import (
	"fmt"
	"strings"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Game names one of the two games.
type Game int8

// The games.
const (
	GYRE Game = iota
	Gyges
)

// String returns "GYRE" or "Gygès".
func (g Game) String() string {
	if g == Gyges {
		return "Gygès"
	}
	return "GYRE"
}

// Player is a seat at the table: One acts first (GYRE's player one,
// Gygès's South), Two second (GYRE's player two, who may swap; Gygès's
// North).
type Player int8

// The players; NoPlayer stands for nobody, e.g. the winner of a game in
// progress.
const (
	NoPlayer Player = iota
	One
	Two
)

// String returns "player 1", "player 2" or "nobody".
func (p Player) String() string {
	switch p {
	case One, Two:
		return fmt.Sprintf("player %d", p)
	}
	return "nobody"
}

// Other returns the opponent of p.
func (p Player) Other() Player {
	switch p {
	case One:
		return Two
	case Two:
		return One
	}
	return NoPlayer
}

// rules is what a session needs of a game's engine. Actions travel as
// notation, the same strings as in the record, so that the session, its
// saved form and a remote peer all speak the rulebook's language.
type rules interface {
	play(action string) error // checks and plays; an error changes nothing
	undo() (string, bool)     // takes back the last action
	turn() Player             // who acts next; NoPlayer once the game is won
	winner() Player           // who won by the rules, or NoPlayer
	actions() int             // actions so far, setups included
	record() string
	clone() rules
}

// recordGame tells the game of a record from its header line.
func recordGame(record string) (Game, error) {
	header, _, _ := strings.Cut(strings.TrimSpace(record), "\n")
	switch f := strings.Fields(header); {
	case len(f) > 0 && f[0] == "GYRE":
		return GYRE, nil
	case len(f) > 0 && f[0] == "GYGES":
		return Gyges, nil
	}
	return 0, fmt.Errorf("session: a record starts with GYRE or GYGES, not %q", header)
}

// parseRules replays a record of either game.
func parseRules(record string) (rules, error) {
	g, err := recordGame(record)
	if err != nil {
		return nil, err
	}
	if g == Gyges {
		gg, err := gyges.ParseRecord(record)
		if err != nil {
			return nil, err
		}
		return gygesRules{gg}, nil
	}
	gg, err := gyre.ParseRecord(record)
	if err != nil {
		return nil, err
	}
	return gyreRules{gg}, nil
}

// gyreRules adapts a GYRE game.
type gyreRules struct{ g *gyre.Game }

func (r gyreRules) play(action string) error {
	m, err := r.g.Geometry().ParseMove(action)
	if err != nil {
		return err
	}
	return r.g.Play(m)
}

func (r gyreRules) undo() (string, bool) {
	m, ok := r.g.Undo()
	if !ok {
		return "", false
	}
	return r.g.Geometry().MoveName(m), true
}

func (r gyreRules) turn() Player {
	if r.g.Over() {
		return NoPlayer
	}
	return Player(r.g.Turn())
}

func (r gyreRules) winner() Player {
	if !r.g.Over() {
		return NoPlayer
	}
	return Player(r.g.Controller(r.g.Winner()))
}

func (r gyreRules) actions() int   { return len(r.g.Record()) }
func (r gyreRules) record() string { return r.g.String() }
func (r gyreRules) clone() rules   { return gyreRules{r.g.Clone()} }

// gygesRules adapts a Gygès game: an action is a setup (six digits) while
// the home rows are being set up, and a move afterwards.
type gygesRules struct{ g *gyges.Game }

// sidePlayer maps Gygès's sides to players: South sets up and moves first.
func sidePlayer(sd gyges.Side) Player {
	if sd == gyges.North {
		return Two
	}
	return One
}

func (r gygesRules) play(action string) error {
	switch r.g.Phase() {
	case gyges.SouthSetup, gyges.NorthSetup:
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

func (r gygesRules) undo() (string, bool) {
	var last string
	if played := r.g.Played(); len(played) > 0 {
		last = played[len(played)-1].String()
	} else if layouts := r.g.Layouts(); len(layouts) > 0 {
		last = layouts[len(layouts)-1].String()
	}
	if r.g.Undo() != nil {
		return "", false
	}
	return last, true
}

func (r gygesRules) turn() Player {
	switch r.g.Phase() {
	case gyges.SouthSetup:
		return One
	case gyges.NorthSetup:
		return Two
	case gyges.Over:
		return NoPlayer
	}
	return sidePlayer(r.g.Position().Side())
}

func (r gygesRules) winner() Player {
	if sd, over := r.g.Winner(); over {
		return sidePlayer(sd)
	}
	return NoPlayer
}

func (r gygesRules) actions() int   { return len(r.g.Layouts()) + len(r.g.Played()) }
func (r gygesRules) record() string { return r.g.String() }
func (r gygesRules) clone() rules   { return gygesRules{r.g.Clone()} }
