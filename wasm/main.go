// Command wasm is the web app's program for the browser: built with
// GOOS=js GOARCH=wasm into web/app.wasm and loaded by the page that
// "gygy serve" (or any static host) serves.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui"
)

func main() {
	ui.Routes()
	app.RunWhenOnBrowser()
}
