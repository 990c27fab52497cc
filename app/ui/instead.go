package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/match"
	"gygy/app/online"
	uibylink "gygy/app/ui/bylink"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// instead drops an online game not yet made (the hub could not be
// reached) and offers the same game another way: nearby, or by link.
func (s *Shell) instead(ctx app.Context, way string) {
	t := s.net
	if t == nil || t.Started() {
		return
	}
	hello, _ := t.Offer()
	side := "first"
	if hello.Host == game.Two {
		side = "second"
	}
	s.quit()
	switch way {
	case screen.InsteadNearby:
		s.beginNearby(ctx, online.Saved{Role: match.Host, Hello: hello}, true)
		s.navigate(ctx, viewNearby)
	case screen.InsteadByLink:
		href, err := uibylink.Start(s.svc.Store, hello.Spec, side)
		if err != nil {
			s.homeError = func() string { return screen.RefusalText(err) }
			s.navigate(ctx, viewHome)
			return
		}
		ctx.Navigate(href)
	}
}
