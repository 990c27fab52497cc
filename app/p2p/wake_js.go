//go:build js

package p2p

import (
	"syscall/js"
	"time"
)

// hiddenLong is how long a page must have been hidden for its return to
// count as a wake: a glance at another tab is not one.
const hiddenLong = 5 * time.Second

// watchWake calls Wake when the page comes back: the document's resume
// event (after the browser froze the page), the window's online event,
// and visibilitychange to visible after hiddenLong or more. It returns a
// function that stops listening.
func (p *Peer) watchWake() (stop func()) {
	doc, win := js.Global().Get("document"), js.Global()
	if doc.IsUndefined() || win.Get("addEventListener").IsUndefined() {
		return func() {}
	}
	var hidden time.Time
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		p.Wake()
		return nil
	})
	visibility := js.FuncOf(func(js.Value, []js.Value) any {
		switch doc.Get("visibilityState").String() {
		case "hidden":
			hidden = time.Now()
		case "visible":
			if !hidden.IsZero() && time.Since(hidden) >= hiddenLong {
				p.Wake()
			}
			hidden = time.Time{}
		}
		return nil
	})
	doc.Call("addEventListener", "resume", wake)
	win.Call("addEventListener", "online", wake)
	doc.Call("addEventListener", "visibilitychange", visibility)
	return func() {
		doc.Call("removeEventListener", "resume", wake)
		win.Call("removeEventListener", "online", wake)
		doc.Call("removeEventListener", "visibilitychange", visibility)
		wake.Release()
		visibility.Release()
	}
}
