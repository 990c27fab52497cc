package screen

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FetchText asks the browser for a file served beside the app (a path
// relative to the page's base address: a rulebook, the lessons' words) and
// calls done, on the UI goroutine, with its text or what went wrong.
// Offline, the service worker answers from its cache, which holds these
// files once the app has been installed.
func FetchText(ctx app.Context, path string, done func(string, error)) {
	fail := func(err error) { ctx.Dispatch(func(app.Context) { done("", err) }) }
	var onText, onResponse, onError app.Func
	release := func() { onText.Release(); onResponse.Release(); onError.Release() }
	onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "no network"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		fail(errors.New(msg))
		release()
		return nil
	})
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := args[0].String()
		ctx.Dispatch(func(app.Context) { done(text, nil) })
		release()
		return nil
	})
	onResponse = app.FuncOf(func(this app.Value, args []app.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			fail(fmt.Errorf("%s answered %d", path, resp.Get("status").Int()))
			release()
			return nil
		}
		resp.Call("text").Call("then", onText, onError)
		return nil
	})
	url := app.Window().Get("URL").New(path, app.Window().Get("document").Get("baseURI")).Get("href").String()
	app.Window().Call("fetch", url).Call("then", onResponse, onError)
}
