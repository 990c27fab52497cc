package session

import (
	"context"
	"errors"
	"testing"
	"time"

	"gygy/engine/clock"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// owner is the goroutine that owns a Local table in a test: the
// computer's answers wait in run until the test takes them.
type owner struct{ run chan func() }

func newOwner() *owner { return &owner{run: make(chan func(), 4)} }

func (o *owner) post(f func()) { o.run <- f }

// step runs the next change the table handed over.
func (o *owner) step() { (<-o.run)() }

// until runs the changes the table hands over until cond holds.
func (o *owner) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case f := <-o.run:
			f()
		case <-time.After(5 * time.Second):
			t.Fatalf("waiting for %s: timed out", what)
		}
	}
}

// thinker answers with the first legal action, or blocks until cancelled
// when hold is set, counting the calls.
type thinker struct {
	calls int
	hold  bool
}

func (th *thinker) think(ctx context.Context, g game.Game, st Seat, started func(time.Duration)) (game.Action, error) {
	th.calls++
	started(time.Second)
	if th.hold {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return g.Legal(nil)[0], nil
}

func TestLocalComputerMoves(t *testing.T) {
	o, th := newOwner(), &thinker{}
	table := NewLocal(newSession(t, vsBot, nil), LocalConfig{Think: th.think, Run: o.post})
	var told []Change
	table.Subscribe(func(c Change) { told = append(told, c) })
	table.Open()
	if err := table.Play(read(t, table.View().Game, "a1")); err != nil {
		t.Fatal(err)
	}
	if v := table.View(); !v.Thinking || v.CanAct() {
		t.Fatalf("after the person's move: thinking %v, can act %v", v.Thinking, v.CanAct())
	}
	if err := table.Play(read(t, table.View().Game, "b2")); err == nil {
		t.Fatal("the person played on the computer's turn")
	}
	o.until(t, "the budget", func() bool { return table.View().ThinkBudget == time.Second })
	o.until(t, "the computer's move", func() bool { return !table.View().Thinking })
	v := table.View()
	if v.Thinking || !v.CanAct() || v.Game.Len() != 2 {
		t.Fatalf("after the computer's move: thinking %v, can act %v, %d actions", v.Thinking, v.CanAct(), v.Game.Len())
	}
	if len(told) != 2 || told[0].Event != Changed || told[1].Event != Played || told[1].By != game.Two || told[1].Action != v.Game.Last().Action {
		t.Errorf("told %+v", told)
	}
}

// Undo while the computer thinks drops its search, and its late answer
// is not played; a closed table does not think.
func TestLocalUndoCancels(t *testing.T) {
	o, th := newOwner(), &thinker{hold: true}
	table := NewLocal(newSession(t, vsBot, nil), LocalConfig{Think: th.think, Run: o.post})
	table.Open()
	table.Play(read(t, table.View().Game, "a1"))
	if !table.View().Thinking {
		t.Fatal("not thinking")
	}
	if err := table.Undo(); err != nil {
		t.Fatal(err)
	}
	o.step() // the cancelled search's start and answer: dropped
	o.step()
	if v := table.View(); v.Thinking || v.Game.Len() != 0 {
		t.Fatalf("after undo: thinking %v, %d actions", v.Thinking, v.Game.Len())
	}
	table.Close()
	th.hold = false
	table.Play(read(t, table.View().Game, "a1"))
	if table.View().Thinking || th.calls != 1 {
		t.Errorf("a closed table thinks (calls %d)", th.calls)
	}
	table.Open()
	o.until(t, "the computer's answer", func() bool { return table.View().Game.Len() == 2 })
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
		if err := table.Play(read(t, table.View().Game, "c4")); !errors.Is(err, game.ErrOver) {
			t.Errorf("%s: Play after resigning = %v", tt.name, err)
		}
	}
}

// A hot-seat game with a clock: no clock runs before the first action,
// each action after it is charged with the time it took, the running
// side's time shows as it goes, undo gives the time back, a reload keeps
// the clocks, and a side whose time runs out loses.
func TestLocalClock(t *testing.T) {
	now := time.Unix(1e9, 0)
	store := &MemoryStorage{}
	sess, err := New(Setup{Spec: game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 3, Cols: 6}}, Clock: clock.Control{Base: time.Minute, Increment: time.Second}, Seats: hotSeat}, store)
	if err != nil {
		t.Fatal(err)
	}
	table := NewLocal(sess, LocalConfig{Now: func() time.Time { return now }})
	table.Open()
	now = now.Add(10 * time.Second)
	if got := table.View().Clock; got.Running != game.One || got.For(game.One) != time.Minute {
		t.Fatalf("clock 10 s before the first stone: %+v, want player 1's whole minute", got)
	}
	table.Play(read(t, table.View().Game, "a1"))
	now = now.Add(3 * time.Second)
	if got := table.View().Clock; got.Running != game.Two || got.For(game.Two) != 57*time.Second {
		t.Fatalf("clock 3 s after the first stone: %+v, want player 2's running", got)
	}
	table.Play(read(t, table.View().Game, "b1"))
	c := table.View().Clock
	if c.For(game.One) != 61*time.Second || c.For(game.Two) != 58*time.Second {
		t.Errorf("clocks %v, want 61s (the first stone free, and the increment) and 58s", c.Left)
	}
	table.Undo()
	if got := table.View().Clock.For(game.Two); got != time.Minute {
		t.Errorf("after undo seat two has %v, want its minute back", got)
	}
	table.Redo()
	back, err := Resume(store)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Clock(); got.Left(game.One) != 61*time.Second || got.Left(game.Two) != 58*time.Second {
		t.Errorf("resumed clocks %v / %v", got.Left(game.One), got.Left(game.Two))
	}
	now = now.Add(60 * time.Second)
	table.Tick()
	if r := table.View().Game.Result(); r.Over() {
		t.Fatalf("over with a second left: %+v", r)
	}
	now = now.Add(time.Second)
	if err := table.Play(read(t, table.View().Game, "c1")); !errors.Is(err, clock.ErrFlag) {
		t.Errorf("a move after the flag = %v", err)
	}
	table.Tick()
	if r := table.View().Game.Result(); r != (game.Result{Winner: game.Two, Method: game.Timeout}) {
		t.Errorf("after the flag: %+v", r)
	}
	if again, err := Resume(store); err != nil || again.Result() != table.View().Game.Result() {
		t.Errorf("resumed after the flag: %v, %v", again, err)
	}
}
