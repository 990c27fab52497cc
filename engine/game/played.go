package game

import "fmt"

// rules is one game's part of a Game: the engine's play, typed, and its
// notation.
type rules interface {
	kind() Kind
	spec() Spec
	fresh() rules          // the game before its first action
	play(a Action) error   // checks the action's type and legality
	undo() (Action, error) // ErrNoUndo at the start
	turn() Seat            // NoSeat once won by the rules
	won() Result           // the win by the rules, or Unfinished
	size() int             // the number of actions
	actions() []Action     // in the record's order
	record() string        // the record, in notation
	name(a Action) string  // "" for no action of this game
	parse(text string) (Action, error)
	inSetup() bool
	legal(dst []Action) []Action
	last() Last
	clone() rules
}

// played is a Game: the rules of one game, how it ended off the board,
// the key after every action and the positions At was asked for.
type played struct {
	rules rules
	ended Result   // a defeat off the board, or Unfinished
	keys  []uint64 // keys[i]: the key of the first i actions
	at    []rules  // at[i]: the rules after i actions, never changed; nil until At needs it
}

// newPlayed wraps r, keying the actions it already holds.
func newPlayed(r rules) *played {
	p := &played{rules: r}
	h := specKey(r.spec())
	p.keys = append(make([]uint64, 0, r.size()+1), h)
	for _, a := range r.actions() {
		h = nextKey(h, a)
		p.keys = append(p.keys, h)
	}
	return p
}

func (p *played) Kind() Kind                             { return p.rules.kind() }
func (p *played) Spec() Spec                             { return p.rules.spec() }
func (p *played) Len() int                               { return p.rules.size() }
func (p *played) Actions() []Action                      { return p.rules.actions() }
func (p *played) Record() string                         { return p.rules.record() }
func (p *played) Notation(a Action) string               { return p.rules.name(a) }
func (p *played) InSetup() bool                          { return p.rules.inSetup() && !p.ended.Over() }
func (p *played) Last() Last                             { return p.rules.last() }
func (p *played) Winner() Seat                           { return p.Result().Winner }
func (p *played) ReadAction(text string) (Action, error) { return p.rules.parse(text) }

func (p *played) Clone() Game {
	return &played{
		rules: p.rules.clone(),
		ended: p.ended,
		keys:  append([]uint64(nil), p.keys...),
		at:    append([]rules(nil), p.at...),
	}
}

func (p *played) Result() Result {
	if p.ended.Over() {
		return p.ended
	}
	return p.rules.won()
}

func (p *played) Turn() Seat {
	if p.ended.Over() {
		return NoSeat
	}
	return p.rules.turn()
}

// overErr is the error for an action or an undo after result r.
func overErr(r Result) error {
	return fmt.Errorf("%w: %s won by %s", ErrOver, r.Winner, r.Method)
}

func (p *played) Play(a Action) error {
	if r := p.Result(); r.Over() {
		return overErr(r)
	}
	if err := p.rules.play(a); err != nil {
		return err
	}
	p.keys = append(p.keys, nextKey(p.keys[len(p.keys)-1], a))
	return nil
}

func (p *played) Undo() (Action, error) {
	if p.ended.Over() {
		return nil, overErr(p.ended)
	}
	a, err := p.rules.undo()
	if err != nil {
		return nil, err
	}
	n := p.rules.size()
	p.keys = p.keys[:n+1]
	if len(p.at) > n+1 {
		clear(p.at[n+1:])
		p.at = p.at[:n+1]
	}
	return a, nil
}

func (p *played) Legal(dst []Action) []Action {
	if p.ended.Over() {
		return dst
	}
	return p.rules.legal(dst)
}

func (p *played) Key() uint64 {
	h := p.keys[len(p.keys)-1]
	if p.ended.Over() {
		h = mix(h ^ mix(endTag|uint64(p.ended.Method)<<8|uint64(p.ended.Winner)))
	}
	return h
}

func (p *played) At(ply int) (Game, error) {
	n := p.rules.size()
	if ply < 0 || ply > n {
		return nil, fmt.Errorf("game: no position after %d actions in a game of %d", ply, n)
	}
	keys := append([]uint64(nil), p.keys[:ply+1]...)
	if ply == n {
		return &played{rules: p.rules.clone(), keys: keys}, nil
	}
	return &played{rules: p.rulesAt(ply).clone(), keys: keys}, nil
}

// rulesAt returns the rules after ply actions (ply < Len), replaying from
// the nearest position kept before it and keeping every one it passes.
func (p *played) rulesAt(ply int) rules {
	if len(p.at) <= ply {
		p.at = append(p.at, make([]rules, ply+1-len(p.at))...)
	}
	from := ply
	for from > 0 && p.at[from] == nil {
		from--
	}
	if p.at[from] == nil {
		p.at[0] = p.rules.fresh()
	}
	actions := p.rules.actions()
	cur := p.at[from]
	for i := from; i < ply; i++ {
		next := cur.clone()
		if err := next.play(actions[i]); err != nil {
			panic(fmt.Sprintf("game: replaying action %d of its own record: %v", i+1, err))
		}
		p.at[i+1] = next
		cur = next
	}
	return cur
}

func (p *played) Resign(s Seat) error { return p.Concede(s, Resignation) }

func (p *played) Concede(loser Seat, how Method) error {
	if loser != One && loser != Two {
		return fmt.Errorf("game: %s cannot lose the game", loser)
	}
	if !how.OffBoard() || how == Aborted {
		return fmt.Errorf("game: a game is not lost by %s off the board", how)
	}
	if r := p.Result(); r.Over() {
		return overErr(r)
	}
	p.ended = Result{Winner: loser.Other(), Method: how}
	return nil
}

func (p *played) Abort() error {
	if r := p.Result(); r.Over() {
		return overErr(r)
	}
	if n := p.Len(); n >= AbortableUntil {
		return fmt.Errorf("game: abort: both sides have acted (%d actions); resign instead", n)
	}
	p.ended = Result{Method: Aborted}
	return nil
}

func (p *played) End(r Result) error {
	if r.Method == Aborted {
		return p.Abort()
	}
	return p.Concede(r.Loser(), r.Method)
}
