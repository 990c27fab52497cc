package session

import (
	"context"
	"errors"
	"testing"

	"gygy/engine/game"
)

// owner is the goroutine that owns a Local table in a test: the
// computer's answers wait in run until the test takes them.
type owner struct{ run chan func() }

func newOwner() *owner { return &owner{run: make(chan func(), 4)} }

func (o *owner) post(f func()) { o.run <- f }

// step runs the next change the table handed over.
func (o *owner) step() { (<-o.run)() }

// thinker answers with the first legal action, or blocks until cancelled
// when hold is set, counting the calls.
type thinker struct {
	calls int
	hold  bool
}

func (th *thinker) think(ctx context.Context, record string, st Seat) (string, error) {
	th.calls++
	if th.hold {
		<-ctx.Done()
		return "", ctx.Err()
	}
	g, err := game.Parse(record)
	if err != nil {
		return "", err
	}
	return g.Legal(nil)[0], nil
}

func TestLocalComputerMoves(t *testing.T) {
	o, th := newOwner(), &thinker{}
	table := NewLocal(newSession(t, vsBot, nil), LocalConfig{Think: th.think, Run: o.post})
	var told []Change
	table.Subscribe(func(c Change) { told = append(told, c) })
	table.Open()
	if err := table.Play("a1"); err != nil {
		t.Fatal(err)
	}
	if v := table.View(); !v.Thinking || v.CanAct() {
		t.Fatalf("after the person's move: thinking %v, can act %v", v.Thinking, v.CanAct())
	}
	if err := table.Play("b2"); err == nil {
		t.Fatal("the person played on the computer's turn")
	}
	o.step()
	v := table.View()
	if v.Thinking || !v.CanAct() || v.Game.Len() != 2 {
		t.Fatalf("after the computer's move: thinking %v, can act %v, %d actions", v.Thinking, v.CanAct(), v.Game.Len())
	}
	if len(told) != 1 || told[0].Event != Played || told[0].By != game.Two || told[0].Action != v.Game.Last().Action {
		t.Errorf("told %+v", told)
	}
}

// Undo while the computer thinks drops its search, and its late answer
// is not played; a closed table does not think.
func TestLocalUndoCancels(t *testing.T) {
	o, th := newOwner(), &thinker{hold: true}
	table := NewLocal(newSession(t, vsBot, nil), LocalConfig{Think: th.think, Run: o.post})
	table.Open()
	table.Play("a1")
	if !table.View().Thinking {
		t.Fatal("not thinking")
	}
	if err := table.Undo(); err != nil {
		t.Fatal(err)
	}
	o.step() // the cancelled search's answer: dropped
	if v := table.View(); v.Thinking || v.Game.Len() != 0 {
		t.Fatalf("after undo: thinking %v, %d actions", v.Thinking, v.Game.Len())
	}
	table.Close()
	th.hold = false
	table.Play("a1")
	if table.View().Thinking || th.calls != 1 {
		t.Errorf("a closed table thinks (calls %d)", th.calls)
	}
	table.Open()
	o.step()
	if table.View().Game.Len() != 2 {
		t.Errorf("reopened, the computer did not answer")
	}
}

// Resign gives up for the person against the computer, and for the seat
// to act in a hot-seat game.
func TestLocalResign(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seats [2]Seat
		moves []string
		loser game.Seat
	}{
		{"hot seat, player 2 to act", hotSeat, []string{"a1"}, game.Two},
		{"against the computer, on its turn", botVs, []string{"a1", "b2", "c3"}, game.Two},
	} {
		table := NewLocal(newSession(t, tt.seats, nil, tt.moves...), LocalConfig{})
		if err := table.Resign(); err != nil {
			t.Fatal(err)
		}
		want := game.Result{Winner: tt.loser.Other(), Method: game.Resignation}
		if r := table.View().Game.Result(); r != want {
			t.Errorf("%s: %+v, want %+v", tt.name, r, want)
		}
		if err := table.Play("d4"); !errors.Is(err, game.ErrOver) {
			t.Errorf("%s: Play after resigning = %v", tt.name, err)
		}
	}
}
