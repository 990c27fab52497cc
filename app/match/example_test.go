package match_test

import (
	"fmt"

	"gygy/app/match"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// pipe is a Transport that keeps frames for the example to hand over.
type pipe struct{ frames [][]byte }

func (p *pipe) Send(b []byte) error {
	p.frames = append(p.frames, b)
	return nil
}

// deliver hands every frame sent through from to m.
func deliver(from *pipe, m *match.Match) {
	for len(from.frames) > 0 {
		f := from.frames[0]
		from.frames = from.frames[1:]
		if ev, err := m.Receive(f); err != nil {
			fmt.Println("refused:", err)
		} else if ev.Kind == match.EventAction {
			fmt.Println("applied:", m.Game().Notation(ev.Action)) // the action comes typed
		}
	}
}

// Two matches play GYRE over a plain pipe: the host offers, the guest
// accepts, and every move is checked by the receiving engine.
func Example() {
	toGuest, toHost := &pipe{}, &pipe{}
	host, _ := match.NewHost(match.Hello{Spec: game.Spec{Kind: game.GYRE, Size: gyre.Size{Rings: 5, Cols: 10}}, Host: game.One}, toGuest, match.MatchConfig{})
	guest := match.NewGuest(toHost, match.MatchConfig{})

	host.Connected() // the data channel opened
	guest.Connected()
	deliver(toGuest, guest)
	hello, _ := guest.Hello()
	fmt.Println("offered:", hello.Spec)
	guest.Accept()
	deliver(toHost, host)

	c3, _ := host.Game().ReadAction("c3") // a person's tap, in a real app
	host.Play(c3)
	deliver(toGuest, guest)
	guest.Play(gyre.Swap)
	deliver(toHost, host)
	fmt.Println(host.Record() == guest.Record())
	// Output:
	// offered: GYRE 5x10
	// applied: c3
	// applied: swap
	// true
}
