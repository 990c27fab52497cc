package learn_test

import (
	"fmt"

	"gygy/app/learn"
	"gygy/engine/gyges"
)

func Example() {
	l, _ := learn.ByID("gyges-goal")
	b, _ := l.Start()
	_, v, err := l.Play(b, gyges.GoalMove(gyges.SquareAt(2, 4))) // c5-G
	fmt.Println(l.ID+":", v, err)
	// Output: gyges-goal: done <nil>
}
