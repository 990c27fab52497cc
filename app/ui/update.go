package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
)

// versionOffer notices that a new version of the app is installed and
// offers it between games. go-app's own notice (Shell.OnAppUpdate) can be
// missed, so it also watches the service worker and its caches.
type versionOffer struct {
	ready bool // a new version has been downloaded
}

// watch notices a new version that go-app's own notice can miss: a new
// service worker that takes over this page (controllerchange) means a new
// version is installed. A page that had no worker yet (the first visit)
// is not told: its worker is the current version.
func (v *versionOffer) watch(ctx app.Context) {
	sw := app.Window().Get("navigator").Get("serviceWorker")
	if !sw.Truthy() || !sw.Get("controller").Truthy() {
		return
	}
	sw.Call("addEventListener", "controllerchange", app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { v.ready = true })
		return nil
	}))
}

// check looks at the service worker's caches, named after the version
// they hold: when the only one left belongs to another version, a new
// version has been installed (perhaps while the page was loading).
func (v *versionOffer) check(ctx app.Context) {
	caches := app.Window().Get("caches")
	if !caches.Truthy() {
		return
	}
	running := "app-" + app.Getenv("GOAPP_VERSION")
	caches.Call("keys").Then(func(keys app.Value) {
		mine, other := false, false
		for i := 0; i < keys.Length(); i++ {
			switch k := keys.Index(i).String(); {
			case k == running:
				mine = true
			case strings.HasPrefix(k, "app-"):
				other = true
			}
		}
		if other && !mine {
			ctx.Dispatch(func(ctx app.Context) { v.ready = true })
		}
	})
}

// banner offers the new version, when there is one and inGame is false:
// never during a game.
func (v *versionOffer) banner(inGame bool) app.UI {
	return app.If(v.ready && !inGame, func() app.UI {
		return app.Div().ID("update").Class("banner").Role("status").Body(
			app.Text(lang.T("shell.update.ready")+" "),
			app.Button().ID("update-now").Text(lang.T("shell.update.now")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
		)
	})
}
