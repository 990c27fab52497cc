package learn

import (
	"errors"
	"fmt"
	"strings"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// ErrUnknown reports a lesson id that no lesson has.
var ErrUnknown = errors.New("learn: no such lesson")

// Games a lesson belongs to.
const (
	GameGyre  = "gyre"
	GameGyges = "gyges"
)

// Verdict is what a lesson makes of an attempt.
type Verdict int8

// The verdicts.
const (
	// Again: the action was legal but not the task; start over.
	Again Verdict = iota
	// More: on the way; the task needs more actions.
	More
	// Done: the task is done.
	Done
)

// String names a verdict.
func (v Verdict) String() string {
	return [...]string{"again", "more", "done"}[v]
}

// TextsDir is where the lessons' words are served, relative to the app's
// base address: a file a language (package texts), fetched by the lessons
// screen, kept by the service worker.
const TextsDir = "web/lessons/"

// TextsPath is where the lessons' words in a language are served: "en"
// gives "web/lessons/en.json".
func TextsPath(lang string) string { return TextsDir + lang + ".json" }

// Key is the key of a lesson's word in the texts files: Key("gyre-stone",
// "title") is "lessons.gyre_stone.title". The words are "title", "text"
// (the idea, a few sentences), "task" (what to do, one line), "success"
// (said when the task is done) and, for a lesson that can be missed,
// "wrong" (said when a legal action misses the task).
func Key(id, word string) string {
	return "lessons." + strings.ReplaceAll(id, "-", "_") + "." + word
}

// Lesson is one lesson: a position and a task; its words are in the
// texts files (package texts), by Key.
type Lesson struct {
	ID   string // unique among both games' lessons, as kept in progress
	Game string // GameGyre or GameGyges
	// Position is where the lesson starts: for GYRE a record ("GYRE 5x10 c5") or a
	// position (no swap, the side to move from the stones); for Gygès a
	// position ("....../... S").
	Position string
	// check judges the position after a legal action.
	check func(before, after Board, action string) Verdict
}

// Board is a lesson's position: a GYRE game or a Gygès position.
type Board struct {
	Gyre  *gyre.Game     // GYRE lessons
	Gyges gyges.Position // Gygès lessons
}

// Start returns the lesson's starting position.
func (l Lesson) Start() (Board, error) {
	if l.Game == GameGyges {
		p, err := gyges.ParsePosition(l.Position)
		return Board{Gyges: p}, err
	}
	var g *gyre.Game
	var err error
	if strings.HasPrefix(l.Position, "GYRE") {
		g, err = gyre.ParseRecord(l.Position)
	} else {
		g, err = gyre.GameFromPosition(l.Position, gyre.NoSwap)
	}
	return Board{Gyre: g}, err
}

// Play plays a (a gyre.Move or a gyges.Move) on b through the engine and
// judges it. An action the rules refuse returns the engine's error and b
// unchanged; a legal one returns the new position and the verdict.
func (l Lesson) Play(b Board, a game.Action) (Board, Verdict, error) {
	before := b
	var name string // the lessons' checks read like the rulebook: in notation
	if l.Game == GameGyges {
		m, ok := a.(gyges.Move)
		if !ok {
			return b, Again, fmt.Errorf("%w: lesson %s takes a Gygès move, not %T", game.ErrWrongAction, l.ID, a)
		}
		p := b.Gyges
		if err := p.Play(m); err != nil {
			return b, Again, err
		}
		b.Gyges, name = p, m.String()
	} else {
		if b.Gyre == nil {
			return b, Again, fmt.Errorf("learn: lesson %s has no board", l.ID)
		}
		m, ok := a.(gyre.Move)
		if !ok {
			return b, Again, fmt.Errorf("%w: lesson %s takes a GYRE move, not %T", game.ErrWrongAction, l.ID, a)
		}
		g := b.Gyre.Clone()
		if err := g.Play(m); err != nil {
			return b, Again, err
		}
		b.Gyre, name = g, g.Geometry().MoveName(m)
	}
	return b, l.check(before, b, name), nil
}

// All returns both games' lessons, GYRE's first.
func All() []Lesson { return append(Gyre(), Gyges()...) }

// ByID returns the lesson with this id.
func ByID(id string) (Lesson, error) {
	for _, l := range All() {
		if l.ID == id {
			return l, nil
		}
	}
	return Lesson{}, fmt.Errorf("%w: %.30q", ErrUnknown, id)
}

// Of returns a game's lessons in order.
func Of(game string) []Lesson {
	if game == GameGyges {
		return Gyges()
	}
	return Gyre()
}

// Next returns the lesson after l in its game, and false after the last.
func Next(l Lesson) (Lesson, bool) {
	ls := Of(l.Game)
	for i := range ls {
		if ls[i].ID == l.ID && i+1 < len(ls) {
			return ls[i+1], true
		}
	}
	return Lesson{}, false
}

// verdict is Done when ok, else Again.
func verdict(ok bool) Verdict {
	if ok {
		return Done
	}
	return Again
}
