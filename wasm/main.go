// Command wasm is the web app's program for the browser: built with
// GOOS=js GOARCH=wasm into web/app.wasm and loaded by the page that
// "gygy serve" (or any static host) serves. It builds what the app's
// screens use (the storage, the computer player in its Web Worker, the
// two ways to reach another device) and hands them to the route.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/mygames"
	"gygy/app/online"
	"gygy/app/p2p"
	"gygy/app/ui"
	"gygy/app/ui/screen"
	"gygy/app/worker"
)

func main() {
	mark("gygy:main") // the runtime and every package's initialisation are done
	yieldToBrowser()
	bot, qr := worker.New(), worker.NewQR()
	store := screen.BrowserStorage()
	ui.LoadWords(store) // the page's language: its words are fetched, not carried
	mark("gygy:words")
	ui.RoutesWith(ui.Services{
		Store:  store,
		Games:  mygames.NewBook(store),
		Think:  bot.Think,
		Judge:  bot.Judge,
		Warm:   bot.Warm,
		ReadQR: qr.ReadQR,
		LinkPeer: func(room, token string) online.Link {
			// Logf: a failed or stalled negotiation goes to the console,
			// where a player's report (or a browser test) can show it.
			return p2p.NewPeer(p2p.Config{SignalURL: ui.SignalURL(), Room: room, Token: token, Logf: app.Logf})
		},
		CodePeer: func(room string) ui.CodePeer { return p2p.NewCodePeer(p2p.CodeConfig{Room: room, Logf: app.Logf}) },
	})
	// The first render happens inside RunWhenOnBrowser, which then loops
	// for ever; this goroutine runs once it waits for the first time, so
	// after the app has replaced the pre-rendered page.
	go started()
	app.RunWhenOnBrowser()
}

// started tells the page that the app runs: the loader goes, and the
// browser tests and benchmarks see data-gygy="running".
func started() {
	mark("gygy:rendered")
	doc := app.Window().Get("document")
	if l := doc.Call("getElementById", "app-wasm-loader"); l.Truthy() {
		l.Call("remove")
	}
	doc.Get("documentElement").Get("dataset").Set("gygy", "running")
}

// mark puts a named moment on the page's performance timeline (seen in a
// Chromium trace as a user timing mark).
func mark(name string) {
	if p := app.Window().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", name)
	}
}
