//go:build !js

package p2p_test

import (
	"context"
	"fmt"
	"time"

	"gygy/app/match"
	"gygy/app/p2p"
	"gygy/engine/game"
)

// signal says once that something happened, never blocking: handlers run
// on the peer's loop.
func signal(c chan bool) {
	select {
	case c <- true:
	default:
	}
}

// Two devices pair by codes and play over the data channel: each side's
// match sends through its peer, and the peer reports to the handlers
// match.Drive makes.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	spec, _ := game.ParseSpec("GYRE 5x10")
	hp := p2p.NewCodePeer(p2p.CodeConfig{Loopback: true})
	gp := p2p.NewCodePeer(p2p.CodeConfig{Loopback: true})
	defer hp.Close()
	defer gp.Close()
	host, _ := match.NewHost(match.Hello{Spec: spec, Host: game.One}, hp, match.MatchConfig{})
	guest := match.NewGuest(gp, match.MatchConfig{})

	started, offered := make(chan bool, 1), make(chan bool, 1)
	hp.Start(ctx, match.Drive(host, func(ev match.Event, err error) {
		if ev.Kind == match.EventStart {
			signal(started)
		}
	}, nil))
	gp.Start(ctx, match.Drive(guest, func(ev match.Event, err error) {
		if ev.Kind == match.EventHello {
			signal(offered)
		}
	}, nil))
	if err := p2p.PairCodes(ctx, hp, gp); err != nil {
		fmt.Println(err)
		return
	}
	for _, step := range []chan bool{offered, started} {
		select {
		case <-step:
		case <-ctx.Done():
			fmt.Println(ctx.Err())
			return
		}
		if step == offered {
			guest.Accept()
		}
	}
	fmt.Println("agreed on", host.Game().Spec())
	// Output: agreed on GYRE 5x10
}
