package bylink

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/bylink"
	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/play"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// Screen is the game by link: the game opened from the address, drawn by
// the game screen, with the link to send when the move is the opponent's.
// The address is ?view=link#<link> (a link received, or the game as this
// device holds it: after every action the address becomes its link, so
// that a reload shows the same game) or ?view=link&game=<id> (a game kept
// here, from the home screen's list).
type Screen struct {
	app.Compo

	Store session.Storage // where the games are kept
	Keep  play.Keeping    // where the game drawn is kept in My games

	book    *bylink.Book
	table   *bylink.Table
	address string        // the address taken last
	notice  func() string // what opening the link did, when it says something (worded when drawn)
	refused bool          // the link was refused: the notice is an error
	copied  bool
	shareOK bool // the browser has the Web Share API
	onHash  app.Func
}

// OnMount reads the address: OnNav does not come to a screen that the
// navigation itself put on the page.
func (s *Screen) OnMount(ctx app.Context) {
	s.shareOK = app.IsClient && app.Window().Get("navigator").Get("share").Truthy()
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) {
		// After the shell's own title for the view, which this one
		// makes precise.
		ctx.Defer(func(ctx app.Context) {
			if s.table != nil {
				s.setTitle(ctx)
			}
		})
		ctx.Update()
	})
	s.take(ctx)
	if app.IsClient {
		// go-app tells of no navigation back to the address it last
		// visited, which a link opened after this page's own moves (the
		// address follows them unseen) may be.
		s.onHash = app.FuncOf(func(this app.Value, args []app.Value) any {
			ctx.Dispatch(func(ctx app.Context) { s.take(ctx) })
			return nil
		})
		app.Window().Call("addEventListener", "hashchange", s.onHash)
	}
}

// OnDismount stops listening to the address.
func (s *Screen) OnDismount() {
	if s.onHash != nil {
		app.Window().Call("removeEventListener", "hashchange", s.onHash)
		s.onHash.Release()
		s.onHash = nil
	}
}

// OnNav reads the address after a navigation, among which a new link in
// the fragment of the same page.
func (s *Screen) OnNav(ctx app.Context) { s.take(ctx) }

// take opens the game the address names, once per address.
func (s *Screen) take(ctx app.Context) {
	if !app.IsClient || s.Store == nil {
		return
	}
	u := app.Window().URL()
	if u.String() == s.address {
		return
	}
	s.address = u.String()
	if s.book == nil {
		s.book = bylink.NewBook(s.Store)
	}
	s.notice, s.refused, s.copied = nil, false, false
	if frag := u.Fragment; frag != "" {
		s.open(ctx, frag)
		return
	}
	id, err := ParseID(u.Query().Get("game"))
	if err != nil {
		s.notice, s.refused = func() string { return lang.T("bylink.none") }, true
		return
	}
	h, ok := s.book.Get(id)
	if !ok {
		s.notice, s.refused = func() string { return lang.T("bylink.not_kept") }, true
		return
	}
	s.show(ctx, h)
}

// open opens a link and says what it did.
func (s *Screen) open(ctx app.Context, text string) {
	o, err := s.book.Open(text)
	switch {
	case errors.Is(err, bylink.ErrVersion):
		s.notice, s.refused, s.table = func() string { return lang.T("bylink.version") }, true, nil
		return
	case errors.Is(err, bylink.ErrDamaged):
		// The game the link was to hold is unknown: show none.
		s.notice, s.refused, s.table = func() string { return lang.T("bylink.damaged") }, true, nil
		return
	case err != nil:
		s.notice, s.refused = func() string { return lang.T("bylink.not_saved", "error", err.Error()) }, true
	}
	switch o.Outcome {
	case bylink.Older:
		s.notice = func() string { return lang.T("bylink.older") }
	case bylink.Fork:
		s.notice, s.refused = func() string { return lang.T("bylink.fork", "move", o.At+1, "kept", o.Kept) }, true
		if o.Kept == "resign" {
			s.notice = func() string { return lang.T("bylink.fork_resigned") }
		}
	case bylink.Forged:
		s.notice, s.refused = func() string { return lang.T("bylink.forged") }, true
	case bylink.Seen:
		if s.table == nil || s.table.Held().ID != o.Held.ID {
			break
		}
		if len(o.Held.Actions) > 0 {
			s.notice = func() string { return lang.T("bylink.seen") }
		}
	}
	if o.Outcome == bylink.Advanced && s.table != nil && s.table.Held().ID == o.Held.ID {
		s.table.Take(o.Held)
		s.follow()
		return
	}
	s.show(ctx, o.Held)
}

// show puts the held game h on screen.
func (s *Screen) show(ctx app.Context, h bylink.Held) {
	t, err := bylink.NewTable(s.book, h)
	if err != nil {
		s.notice, s.refused = func() string { return lang.T("bylink.replay", "error", err.Error()) }, true
		return
	}
	t.Changed = func() {
		s.copied = false
		s.follow()
		ctx.Dispatch(func(ctx app.Context) {}) // the link to send changes: redraw
	}
	t.Subscribe(func(c session.Change) {
		ctx.NewActionWithValue(screen.ActionTable, []screen.TableChange{{Table: t, Change: c}})
	})
	s.table = t
	s.follow()
	s.setTitle(ctx)
}

// setTitle names the page after the game on screen.
func (s *Screen) setTitle(ctx app.Context) {
	ctx.Page().SetTitle(lang.T("bylink.page_title", "game", s.table.Held().Spec.Kind.Title()))
}

// follow makes the address the link of the game as this device holds it.
func (s *Screen) follow() {
	link := s.link()
	if link == "" {
		return
	}
	app.Window().Get("history").Call("replaceState", nil, "", link)
	s.address = app.Window().URL().String()
}

// link is the whole address to send for the game on screen.
func (s *Screen) link() string {
	if s.table == nil {
		return ""
	}
	code, err := bylink.Encode(s.table.Held().Link())
	if err != nil {
		return ""
	}
	return Address(app.Window().Get("document").Get("baseURI").String(), code)
}

// Address is the address of link code beside the app at base: the game
// in the fragment, which a browser sends to no server.
func Address(base, code string) string {
	u, err := url.Parse(base)
	if err != nil {
		return "?view=link#" + code
	}
	u = u.ResolveReference(&url.URL{Path: "./", RawQuery: "view=link"})
	u.Fragment = code
	return u.String()
}

// ParseID reads a game's identity as the addresses write it.
func ParseID(text string) (bylink.ID, error) {
	var id bylink.ID
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(id) {
		return id, fmt.Errorf("bylink: bad game %q", text)
	}
	copy(id[:], b)
	return id, nil
}

// Start begins a game by link kept in store, in the seat the person
// chose ("first", "second" or "random"), and returns the address of its
// screen.
func Start(store session.Storage, spec game.Spec, side string) (string, error) {
	var id bylink.ID
	rand.Read(id[:])
	here := game.One
	switch side {
	case "second":
		here = game.Two
	case "random":
		if id[0]&1 == 1 {
			here = game.Two
		}
	}
	if _, err := bylink.NewBook(store).Start(id, spec, here); err != nil {
		return "", err
	}
	return "?view=link&game=" + id.String(), nil
}

// Render draws what opening the link did, the link to send, and the game.
func (s *Screen) Render() app.UI {
	body := []app.UI{}
	if s.notice != nil {
		class, role := "banner", "status"
		if s.refused {
			class, role = "banner error", "alert"
		}
		body = append(body, app.P().ID("link-notice").Class(class).Role(role).Text(s.notice()))
	}
	if s.table == nil {
		head := []app.UI{app.H1().Text(lang.T("bylink.title"))}
		body = append(head, append(body, app.P().Body(app.A().ID("link-home").Href("./").Text(lang.T("bylink.home"))))...)
		return app.Main().Class("bylink", "bylink-none").Body(body...)
	}
	if h := s.table.Held(); !h.PlayedHere() {
		body = append(body, gameIntro(h.Spec.Kind))
	}
	body = append(body, s.sendPanel())
	return app.Div().Class("bylink").Body(append(body, &play.Game{Table: s.table, Keep: s.Keep})...)
}

// gameIntro says in a line what the game is, with a link to its rules,
// for the person who opens a link without knowing the game; it goes once
// they have played, and gives the board its room on a phone.
func gameIntro(k game.Kind) app.UI {
	text, rules := lang.T("bylink.intro.gyre"), "?view=rules"
	if k == game.Gyges {
		text, rules = lang.T("bylink.intro.gyges"), "?view=rules&game=gyges"
	}
	return app.Section().Class("link-intro").Aria("label", lang.T("bylink.intro.label")).Body(
		app.P().ID("link-intro").Class("note").Body(
			app.Text(text+" "),
			app.A().ID("link-rules").Href(rules).Text(lang.T("bylink.intro.rules")),
		),
	)
}
