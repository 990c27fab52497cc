package gyges_test

import (
	"fmt"

	"gygy/engine/gyges"
)

func Example() {
	g := gyges.NewGame(gyges.Standard)
	layouts := gyges.BeginnerLayouts()
	g.Setup(layouts[0]) // South: 321123
	g.Setup(layouts[1]) // North: 123321
	fmt.Println(g.Position())
	fmt.Println(len(g.Position().Moves(nil)), "legal moves for South")

	for _, s := range []string{"c1-c4", "c1-b1:f5"} {
		m, _ := gyges.ParseMove(s)
		if err := g.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Position())

	// A witness path: the 1 on c1 bounces off the 2 on c2 to reach c4.
	c1, c2, c4 := gyges.SquareAt(2, 0), gyges.SquareAt(2, 1), gyges.SquareAt(2, 3)
	bounce := gyges.Position{}.WithPiece(c1, 1).WithPiece(c2, 2)
	path, _ := bounce.Path(gyges.PlainMove(c1, c4))
	fmt.Println(path)
	fmt.Printf("%q\n", g.String())
	// Output:
	// 321123/....../....../....../....../123321 S
	// 224 legal moves for South
	// gyges: illegal move: c1-c4: the 1-ring piece on c1 cannot end on c4
	// 31.123/....../....../....../.....2/123321 N
	// c1-c2*-c3-c4
	// "GYGES\n321123 123321 c1-b1:f5"
}

func ExamplePosition_Targets() {
	p, err := gyges.ParsePosition("321123/....../....../....../....../321123 S")
	if err != nil {
		fmt.Println(err)
		return
	}
	c1, _ := gyges.ParseSquare("c1")
	t := p.Targets(c1)
	fmt.Println("empty:", t.Empty)
	fmt.Println("replace:", t.Replace)
	b1, _ := gyges.ParseSquare("b1")
	fmt.Println("drops for c1-b1:", p.Drops(c1, b1).Len(), "squares")
	// Output:
	// empty: a2 c2 d2 f2 b3 e3
	// replace: b1 d1 e1
	// drops for c1-b1: 25 squares
}
