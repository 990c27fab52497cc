package session_test

import (
	"fmt"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

func Example() {
	store := &session.MemoryStorage{}
	setup := session.Setup{
		Spec:  game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 5, Cols: 10}},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}},
	}
	s, _ := session.New(setup, store)
	for _, name := range []string{"c3", "swap", "d4"} {
		a, err := s.Game().ReadAction(name)
		if err == nil {
			err = s.Play(a)
		}
		if err != nil {
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

// A Gygès session takes the two setups and then the moves, in notation;
// an illegal move is refused and changes nothing.
func Example_gyges() {
	setup := session.Setup{
		Spec:  game.Standard(game.Gyges),
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}},
	}
	s, _ := session.New(setup, nil)
	for _, action := range []string{"321123", "123321", "a1-a4", "f6-f5:b1"} {
		a, err := s.Game().ReadAction(action)
		if err == nil {
			err = s.Play(a)
		}
		if err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s.Record())
	fmt.Println("next:", s.Turn())
	// Output:
	// gyges: illegal move: f6-f5:b1: f5 is empty, so there is no piece to drop
	// GYGES
	// 321123 123321 a1-a4
	// next: player 2
}

// The screen asks a table for what only some tables can do, and shows no
// button for an ability the table does not have.
func ExampleRedoer() {
	setup := session.Setup{
		Spec:  game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 5, Cols: 10}},
		Seats: [2]session.Seat{{Kind: session.Human}, {Kind: session.Human}},
	}
	s, _ := session.New(setup, nil)
	var table session.Table = session.NewLocal(s, session.LocalConfig{})
	c3, _ := table.View().Game.ReadAction("c3")
	table.Play(c3)
	table.Undo()
	if r, ok := table.(session.Redoer); ok && table.View().Redo {
		r.Redo()
	}
	_, claims := table.(session.Claimer)
	fmt.Println(game.Notations(table.View().Game), "claims:", claims)
	// Output:
	// [c3] claims: false
}
