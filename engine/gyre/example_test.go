package gyre_test

import (
	"fmt"

	"gygy/engine/gyre"
)

func Example() {
	game, _ := gyre.NewGame(gyre.Size{Rings: 3, Cols: 6}, gyre.Classic)
	geo := game.Geometry()
	for _, name := range []string{"a1", "swap", "b1", "a3", "b2", "c3", "b3", "a5", "b4", "c5", "b5", "c1", "b6"} {
		move, _ := geo.ParseMove(name)
		if err := game.Play(move); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(game.Position())
	fmt.Println("winner:", game.Winner(), "played by", game.Controller(game.Winner()))
	fmt.Println(game)
	// Output:
	// s.s.s./gggggg/s.s.s.
	// winner: gyre played by player 1
	// GYRE 3x6
	// a1 swap b1 a3 b2 c3 b3 a5 b4 c5 b5 c1 b6
}
