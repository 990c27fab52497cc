package puzzles_test

import (
	"fmt"

	"gygy/app/puzzles"
	"gygy/engine/gyges"
)

func Example() {
	set, _ := puzzles.Parse([]byte(`{"game": "gyges", "puzzles": [
		{"id": "x", "position": "....../....../....../....../..2.../...... S", "n": 1, "winning": ["c5-G"], "grade": 1}]}`))
	p := set.Puzzles[0]
	a, _ := p.Solution(set.Game)
	ok, _ := p.Check(a)
	pos, _ := p.Gyges()
	fmt.Println(ok, puzzles.Distance(pos, 3), puzzles.GygesWinning(pos, 1)[0] == gyges.GoalMove(pos.Dests().Pieces[0].From))
	// Output: true 1 true
}
