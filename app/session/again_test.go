package session

import (
	"testing"

	"gygy/engine/game"
)

// Play again at one device: only once the game is over; the new game has
// the same setup with the seats swapped, so the computer, second before,
// now places the first stone, and it is saved as the game in progress.
func TestLocalPlayAgain(t *testing.T) {
	o, th := newOwner(), &thinker{}
	store := &MemoryStorage{}
	table := NewLocal(newSession(t, vsBot, store), LocalConfig{Think: th.think, Run: o.post})
	var told []Change
	table.Subscribe(func(c Change) { told = append(told, c) })
	table.Open()
	if table.View().Rematch {
		t.Fatal("play again is offered before the game is over")
	}
	if err := table.Rematch(); err == nil {
		t.Fatal("play again before the game is over did not fail")
	}
	before := table.Session().Setup()
	if err := table.Resign(); err != nil {
		t.Fatal(err)
	}
	if !table.View().Rematch {
		t.Fatal("play again is not offered once the game is over")
	}
	if err := table.Rematch(); err != nil {
		t.Fatal(err)
	}
	after := table.Session().Setup()
	if after.Seats[0] != before.Seats[1] || after.Seats[1] != before.Seats[0] || after.Spec != before.Spec {
		t.Errorf("play again: setup %+v, want %+v with the seats swapped", after, before)
	}
	o.until(t, "the computer's first move", func() bool { return table.View().Game.Len() == 1 })
	if len(told) == 0 || told[0].Event != RematchStarted {
		t.Errorf("told %+v, want RematchStarted first", told)
	}
	resumed, err := Resume(store)
	if err != nil || resumed.Moves() != 1 || resumed.Setup().Seat(game.One).Kind != Computer {
		t.Errorf("the saved game after play again: %v, err %v", resumed, err)
	}
}
