package session_test

import (
	"fmt"

	"gygy/app/session"
	"gygy/engine/gyre"
)

func Example() {
	store := &session.MemoryStorage{}
	setup := session.Setup{
		Size:  gyre.Size{Rings: 5, Cols: 10},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}},
	}
	s, _ := session.New(setup, store)
	geo := s.Game().Geometry()
	for _, name := range []string{"c3", "swap", "d4"} {
		m, _ := geo.ParseMove(name)
		if err := s.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	s.Undo()

	// A reload finds the game where it was left.
	resumed, _ := session.Resume(store)
	fmt.Println(resumed.Record())
	fmt.Println("next:", resumed.Turn(), "can redo:", resumed.CanRedo())
	// Output:
	// GYRE 5x10
	// c3 swap
	// next: player 1 can redo: true
}
