package learn

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/puzzles"
	"gygy/app/ui/lang"
)

// puzzleFile is where a game's set is served, beside the app's other
// files (the service worker keeps it for offline use).
func puzzleFile(game string) string { return "web/puzzles-" + game + ".json" }

// fetchSet asks the browser for a game's set and calls done, on the UI
// goroutine, with the set or what went wrong. It is only called in the
// browser, when the puzzle screen opens: the sets are not in app.wasm.
func fetchSet(ctx app.Context, game string, done func(puzzles.Set, error)) {
	fail := func(err error) { ctx.Dispatch(func(app.Context) { done(puzzles.Set{}, err) }) }
	var onText, onResponse, onError app.Func
	release := func() { onText.Release(); onResponse.Release(); onError.Release() }
	onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := "the network"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		fail(loadError{msg})
		release()
		return nil
	})
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		set, err := puzzles.Parse([]byte(args[0].String()))
		if err == nil && set.Game != game {
			err = fmt.Errorf("the file holds %s puzzles, not %s", set.Game, game)
		}
		ctx.Dispatch(func(app.Context) { done(set, err) })
		release()
		return nil
	})
	onResponse = app.FuncOf(func(this app.Value, args []app.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			fail(loadError{fmt.Sprintf("%s answered %d", puzzleFile(game), resp.Get("status").Int())})
			release()
			return nil
		}
		resp.Call("text").Call("then", onText, onError)
		return nil
	})
	url := app.Window().Get("URL").New(puzzleFile(game), app.Window().Get("document").Get("baseURI")).Get("href").String()
	app.Window().Call("fetch", url).Call("then", onResponse, onError)
}

// loadError is a set the browser could not fetch; detail says why, as the
// browser or the server put it.
type loadError struct{ detail string }

func (e loadError) Error() string { return "the puzzles could not be loaded: " + e.detail }

// loadErrText words why the sets could not be loaded, in the page's
// language; the reason itself stays as the browser gave it.
func loadErrText(err error) string {
	var le loadError
	if errors.As(err, &le) {
		return lang.T("learn.puzzles.load_failed", "detail", le.detail)
	}
	return err.Error()
}
