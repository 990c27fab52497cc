package bylink_test

import (
	"fmt"

	"gygy/app/bylink"
	"gygy/app/session"
	"gygy/engine/game"
)

func Example() {
	alice := bylink.NewBook(&session.MemoryStorage{})
	bob := bylink.NewBook(&session.MemoryStorage{})
	id := bylink.ID{1}
	h, _ := alice.Start(id, game.Standard(game.GYRE), game.One)
	t, _ := bylink.NewTable(alice, h)
	d7, _ := t.View().Game.ReadAction("d7")
	t.Play(d7)
	link, _ := bylink.Encode(t.Held().Link())

	opened, _ := bob.Open(link)
	fmt.Println(opened.Outcome == bylink.New, opened.Held.Seat, opened.Held.Actions)
	again, _ := bob.Open(link)
	fmt.Println(again.Outcome == bylink.Seen)
	// Output:
	// true player 2 [d7]
	// true
}
