package bylink

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/bylink"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// toSend reports whether the game on screen waits for the opponent to
// see it: their move, or an end they have not been sent.
func (s *Screen) toSend() bool {
	h := s.table.Held()
	g, err := h.Game()
	if err != nil {
		return false
	}
	if !g.Result().Over() {
		return g.Turn() != h.Seat
	}
	return h.Resigned == h.Seat || h.Resigned == game.NoSeat && g.Last().Seat == h.Seat
}

// sendPanel offers the link to send: by the Web Share API where the
// browser has it, else by Copy, and in a box to copy by hand.
func (s *Screen) sendPanel() app.UI {
	if !s.toSend() {
		// The game screen's status says whose move it is, or the end.
		return app.Div().ID("link-wait")
	}
	link := s.link()

	return app.Section().ID("link-send").Class("link-send", "card").Aria("label", lang.T("bylink.send.label")).Body(
		app.P().ID("link-send-what").Text(sendWhat(s.table.Held())),
		app.Div().Class("controls").Body(
			app.If(s.shareOK, func() app.UI {
				return app.Button().ID("link-share").Class("primary").Text(lang.T("bylink.send.share")).OnClick(s.onShare)
			}),
			app.Button().ID("link-copy").Text(lang.T("bylink.send.copy")).OnClick(s.onCopy),
			app.If(s.copied, func() app.UI { return app.Span().ID("link-copied").Role("status").Text(lang.T("bylink.send.copied")) }),
		),
		app.Input().ID("link-out").Class("link-out").ReadOnly(true).Value(link).Aria("label", lang.T("bylink.send.label")),
	)
}

// sendWhat says why the link goes to the opponent now: the game not yet
// begun (this device lets them move first), a move made, or the end.
func sendWhat(h bylink.Held) string {
	g, _ := h.Game()
	switch {
	case g != nil && g.Result().Over():
		return lang.T("bylink.send.over")
	case len(h.Actions) == 0:
		return lang.T("bylink.send.first")
	}
	return lang.T("bylink.send.moved")
}

// onShare hands the link to the browser's share sheet; the handler reads
// the link when it runs.
func (s *Screen) onShare(ctx app.Context, e app.Event) {
	link := s.link()
	nav := app.Window().Get("navigator")
	if link == "" || !nav.Get("share").Truthy() {
		return
	}
	data := map[string]any{"title": lang.T("bylink.share.title"), "text": lang.T("bylink.share.text"), "url": link}
	nav.Call("share", data).Then(func(app.Value) {
		ctx.Dispatch(func(ctx app.Context) {
			if s.table != nil {
				s.table.MarkSent()
			}
		})
	})
}

// onCopy puts the link on the clipboard.
func (s *Screen) onCopy(ctx app.Context, e app.Event) {
	link := s.link()
	if link == "" {
		return
	}
	screen.CopyText(ctx, link, func(ok bool) {
		s.copied = ok
		if ok && s.table != nil {
			s.table.MarkSent()
		} else if !ok {
			s.notice, s.refused = func() string { return screen.CopyRefusedText() }, true
		}
	})
}
