package screen

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
)

// CopyRefusedText is what a screen says when the browser does not let it
// copy, in the page's language.
func CopyRefusedText() string { return lang.T("screen.copy_refused") }

// CopyText puts a record, a link or a code on the clipboard when the
// browser allows it, and then calls settled on the UI goroutine with
// whether it worked (at once with false where there is no clipboard).
// What is copied is also shown in a box to copy by hand.
func CopyText(ctx app.Context, text string, settled func(ok bool)) {
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		settled(false)
		return
	}
	var done, failed app.Func
	settle := func(ok bool) {
		ctx.Dispatch(func(ctx app.Context) { settled(ok) })
		done.Release()
		failed.Release()
	}
	done = app.FuncOf(func(this app.Value, args []app.Value) any { settle(true); return nil })
	failed = app.FuncOf(func(this app.Value, args []app.Value) any { settle(false); return nil })
	clip.Call("writeText", text).Call("then", done, failed)
}
