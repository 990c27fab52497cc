package solve_test

import (
	"context"
	"fmt"

	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

func Example() {
	b, _ := gyre.ParsePosition("....../....../......")
	sv, _ := solve.New(b.Size(), solve.Config{TableBits: 16})
	res, _ := sv.SolveAll(context.Background(), &b, gyre.Gyre)
	fmt.Println("gyre moving first on 3x6:", res.Winner(), "wins;", len(res.Winning), "winning moves")
	// Output: gyre moving first on 3x6: spoke wins; 0 winning moves
}
