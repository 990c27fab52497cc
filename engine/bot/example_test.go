package bot_test

import (
	"context"
	"fmt"

	"gygy/engine/bot"
	"gygy/engine/game"
)

// Spoke has a1 and b1 on three rings; c1 completes the bridge.
func ExampleNext() {
	g, err := game.Parse("GYRE 3x6\na1 b3 b1 c4")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := bot.Next(context.Background(), g, bot.Config{Level: bot.Easy, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Action, d.Reason)
	// Output: c1 win
}
